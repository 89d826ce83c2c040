package org.jbsplib.vtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The {@code --machine virtual:PRESET;key=value} grammar as the README documents it, checked from outside: every
 * preset of the README's table, every key, and refusals that name the key and value.
 */
@Timeout(60)
class MachineSpecContractTest {
    @Test
    void shouldKnowExactlyThePresetsOfTheReadmeTable() throws Exception {
        final List<String> documented = new ArrayList<>();
        boolean inTable = false;
        for (final String line : Files.readAllLines(Path.of("README.md"))) {
            if (line.startsWith("## ")) {
                inTable = line.equals("## Presets and their sources");
            } else if (inTable && line.startsWith("| `")) {
                documented.add(line.substring(3, line.indexOf('`', 3)));
            }
        }
        assertEquals(List.copyOf(Presets.all().keySet()), documented);
        for (final String preset : documented) {
            assertEquals(preset, NetworkModel.parse(preset + ";L=1us;o=1us;g=1us;G=1;cpu=fixed;cpuScale=2;stepCost=1us")
                .preset());
        }
    }

    @Test
    void shouldRefuseANumberInAnotherSyntaxThanDecimalNamingIt() {
        for (final String option : List.of("L=5d", "o=2f", "stepCost=1Dms", "G=0x1p3", "cpuScale=8f", "G=NaN",
            "cpuScale=Infinity")) {
            final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> NetworkModel.parse("sp2-us;" + option), option);
            assertTrue(e.getMessage().contains(option), e.getMessage());
        }
        assertEquals(1_500, NetworkModel.parse("sp2-us;L=1.5e3").latencyNs());
        assertEquals(0.25, NetworkModel.parse("sp2-us;G=.25").gapPerByteNs());
    }
}
