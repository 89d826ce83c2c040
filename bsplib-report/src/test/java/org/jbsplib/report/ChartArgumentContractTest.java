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
}
