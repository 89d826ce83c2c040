package org.jbsplib.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * No value of a chart is lost without a word: a bar or a stacked segment given twice for the same series and
 * category is refused at the call, naming both, as a line chart refuses a series added twice.
 */
@Timeout(60)
class ChartArgumentContractTest {
    @Test
    void shouldRefuseASecondBarOfTheSameSeriesAndCategory() {
        final BarChart chart = BarChart.of("t", "c", "v").bar("model", "P=2", 1).bar("model", "P=4", 2)
            .bar("paper", "P=2", 3);
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> chart.bar("model", "P=2", 5));
        assertEquals("chart t: series=model category=P=2 added twice", e.getMessage());
        assertEquals(4, chart.barCount(), "2 series x 2 categories, the first value kept");
    }

    @Test
    void shouldRefuseASecondSegmentOfTheSameSeriesAndCategory() {
        final StackedBarChart chart = StackedBarChart.of("t", "c", "v").stack("org", "org T_comm", "P=2", 1)
            .stack("org", "org T_comm", "P=4", 2).stack("rbs", "rbs T_sync", "P=2", 3);
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> chart.stack("org", "org T_comm", "P=2", 5));
        assertEquals("chart t: series=org T_comm category=P=2 added twice", e.getMessage());
        assertEquals(4, chart.segmentCount());
    }

    @Test
    void shouldRefuseNullArgumentsNamingThem() {
        final LineChart line = LineChart.of("t", "x", "y");
        assertEquals("chart t: series=s: x is null", assertThrows(IllegalArgumentException.class,
            () -> line.line("s", null, new double[1])).getMessage());
        assertEquals("chart t: series=null (its name) is null", assertThrows(IllegalArgumentException.class,
            () -> line.points(null, new double[1], new double[1])).getMessage());
        assertEquals("chart t: series=null category=c: neither may be null", assertThrows(
            IllegalArgumentException.class, () -> BarChart.of("t", "c", "v").bar(null, "c", 1)).getMessage());
        assertEquals("chart t: group=g series=s category=null: none may be null", assertThrows(
            IllegalArgumentException.class, () -> StackedBarChart.of("t", "c", "v").stack("g", "s", null, 1))
            .getMessage());
    }

    @Test
    void shouldRefuseAValueALogarithmicAxisCannotDraw(@org.junit.jupiter.api.io.TempDir final java.nio.file.Path dir) {
        final LineChart chart = LineChart.of("t", "x", "y").line("s", new double[] {1, 2}, new double[] {0, 5})
            .logY(true);
        assertEquals("chart t: series=s has the point x=1.0, y=0.0, which its logarithmic y axis cannot draw (a "
            + "value <= 0)", assertThrows(IllegalArgumentException.class, () -> chart.write(dir, "c")).getMessage());
        assertEquals(0, dir.toFile().list().length, "nothing written");
    }
}
