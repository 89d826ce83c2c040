package org.jbsplib.npb.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

class SpreadTest {
    @Test
    void shouldTakeTheMiddleValueOfAnOddCountAndTheRange() {
        final Spread s = Spread.of(new double[] {3.0, 1.0, 2.0, 10.0, 0.5});
        assertEquals(2.0, s.median());
        assertEquals(0.5, s.min());
        assertEquals(10.0, s.max());
        assertEquals(5, s.count());
    }

    @Test
    void shouldAverageTheTwoMiddleValuesOfAnEvenCount() {
        assertEquals(2.5, Spread.of(List.of(4.0, 1.0, 2.0, 3.0)).median());
        assertEquals(7.0, Spread.of(new double[] {7.0}).median());
    }

    @Test
    void shouldNotSortTheCallersArray() {
        final double[] v = {3, 1, 2};
        Spread.of(v);
        assertEquals(3, v[0]);
    }

    @Test
    void shouldPrintMedianAndRangeAndTheRelativeRange() {
        assertEquals("1.200 (1.100–1.300)", Spread.of(new double[] {1.3, 1.1, 1.2}).text("%.3f"));
        assertEquals("1.200", Spread.of(new double[] {1.2}).text("%.3f"));
        assertEquals(0.2 / 1.2, Spread.of(new double[] {1.3, 1.1, 1.2}).relativeRange(), 1e-12);
    }

    @Test
    void shouldRefuseNoValuesAndNaNNamingThem() {
        final IllegalArgumentException empty = assertThrows(IllegalArgumentException.class,
            () -> Spread.of(new double[0]));
        assertTrue(empty.getMessage().contains("values.length=0"), empty.getMessage());
        final IllegalArgumentException nan = assertThrows(IllegalArgumentException.class,
            () -> Spread.of(new double[] {1, Double.NaN}));
        assertTrue(nan.getMessage().contains("NaN"), nan.getMessage());
    }
}
