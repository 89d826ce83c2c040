package org.jbsplib.vtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The calibration's mechanics (no timing bound: the figures depend on the host and its load): the figures are
 * positive and consistent with each other, {@code local;calibrate} takes them, other keys override them, and the
 * flag is refused on other presets.
 */
class CalibrationTest {
    @Test
    void shouldMeasurePositiveConsistentFigures() {
        final Calibration.Result r = Calibration.measure(1);
        assertTrue(r.oneWayNs() > 0, "one way " + r.oneWayNs());
        assertTrue(r.sendNs() > 0 && r.receiveNs() > 0, r.toString());
        assertTrue(r.gapNs() >= r.overheadNs(), "g " + r.gapNs() + " >= o " + r.overheadNs());
        assertTrue(r.perByteNs() >= 0, r.toString());
        assertTrue(r.latencyNs() >= 1, r.toString());
        final NetworkModel m = r.model();
        assertEquals("local", m.preset());
        assertEquals(Math.round(r.latencyNs()), m.latencyNs());
        assertTrue(m.lookaheadNs() > 0);
        // the spec reproduces the model through the parser
        assertEquals(m, NetworkModel.parse(r.spec()));
    }

    @Test
    void shouldStartLocalFromTheCachedCalibrationAndApplyOverrides() {
        final NetworkModel calibrated = NetworkModel.parse("local;calibrate");
        assertEquals(Calibration.cached().model(), calibrated);
        assertSame(Calibration.cached(), Calibration.cached());
        final NetworkModel scaled = NetworkModel.parse("local;cpuScale=2;calibrate");
        assertEquals(calibrated.latencyNs(), scaled.latencyNs());
        assertEquals(2.0, scaled.cpuScale());
        assertEquals(5_000, NetworkModel.parse("local;calibrate;L=5us").latencyNs());
    }

    @Test
    void shouldRefuseCalibrateOnAnotherPreset() {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> NetworkModel.parse("sp2-us;calibrate"));
        assertTrue(e.getMessage().contains("preset=sp2-us"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Calibration.measure(0));
    }
}
