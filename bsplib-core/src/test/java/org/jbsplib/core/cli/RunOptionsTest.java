package org.jbsplib.core.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.jbsplib.core.BspConfig;
import org.jbsplib.core.sync.ClassicSync;
import org.junit.jupiter.api.Test;

/** The shared run options: the two stream knobs and the sync spec. */
class RunOptionsTest {
    private static BspConfig config(final String... args) {
        return RunOptions.config(Args.parse(List.of(args), RunOptions.VALUE_OPTIONS, RunOptions.FLAG_OPTIONS));
    }

    @Test
    void shouldSetEachStreamKnobOnItsOwn() {
        final BspConfig c = config("--eager-bytes", "4096", "--rendezvous-bytes", "unlimited", "--rbs-eager-bytes",
            "0", "--sync", "org:paper");
        assertEquals(4096, c.eagerLimitBytes());
        assertEquals("unlimited", c.options().get(ClassicSync.RENDEZVOUS_OPTION));
        assertEquals("0", c.options().get(RunOptions.RBS_EAGER_BYTES_OPTION));
        assertEquals("org:paper", c.syncMode());
    }

    @Test
    void shouldKeepEagerBytesAsTheDefaultOfBothKnobs() {
        final BspConfig c = config("--eager-bytes", "0");
        assertEquals(0, c.eagerLimitBytes());
        assertFalse(c.options().containsKey(ClassicSync.RENDEZVOUS_OPTION));
        assertFalse(c.options().containsKey(RunOptions.RBS_EAGER_BYTES_OPTION));
    }

    @Test
    void shouldRefuseABadKnobNamingTheOptionAndValue() {
        final CliException e = assertThrows(CliException.class, () -> config("--rendezvous-bytes", "lots"));
        assertTrue(e.getMessage().contains("--rendezvous-bytes=lots"), e.getMessage());
        final CliException neg = assertThrows(CliException.class, () -> config("--rbs-eager-bytes", "-1"));
        assertTrue(neg.getMessage().contains("--rbs-eager-bytes=-1"), neg.getMessage());
    }

    @Test
    void shouldPassPinAndRefuseABadValueNamingIt() {
        assertEquals(org.jbsplib.core.Pinning.OFF, config("--pin", "off").conclude().pinning());
        assertEquals(org.jbsplib.core.Pinning.ON, config("--pin", "ON").conclude().pinning());
        final CliException e = assertThrows(CliException.class, () -> config("--pin", "sometimes"));
        assertTrue(e.getMessage().contains("--pin=sometimes"), e.getMessage());
    }

    @Test
    void shouldRefuseAnOptionThatPlacesProcessesInJvmsWhenTheyAllRunInThisOne() {
        for (final String[] option : new String[][] {{"--ranks-per-jvm", "2"}, {"--hosts", "hosts.txt"},
            {"--rank-range", "0-1"}, {"--liveness-ms", "5000"}}) {
            final CliException e = assertThrows(CliException.class, () -> config(option[0], option[1]),
                option[0]);
            assertTrue(e.getMessage().contains("option " + option[0]) && e.getMessage().contains("transport=threads"),
                e.getMessage());
        }
    }
}
