package org.jbsplib.core.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.jbsplib.core.BspConfig;
import org.jbsplib.core.BspRuntime;
import org.jbsplib.core.cli.Args;
import org.jbsplib.core.cli.RunOptions;
import org.junit.jupiter.api.Test;

/** The core without the bsplib-trace module on its class path. */
class TraceConfigTest {
    @Test
    void shouldFailAtOnceNamingTheMissingModuleWhenNoProviderIsOnTheClassPath() {
        final Path dir = Path.of("target", "no-trace");
        final IllegalStateException e = assertThrows(IllegalStateException.class,
            () -> new BspConfig().procs(2).trace(dir).conclude());
        assertTrue(e.getMessage().contains("trace=" + dir), e.getMessage());
        assertTrue(e.getMessage().contains("bsplib-trace"), e.getMessage());
        assertThrows(IllegalStateException.class, () -> BspRuntime.run(new BspConfig().procs(2).trace(dir), bsp -> {
        }));
    }

    @Test
    void shouldNotTraceByDefault() {
        assertNull(new BspConfig().traceDir());
        assertNull(Tracing.open(new BspConfig().procs(2).conclude(), new int[] {0, 1}));
    }

    @Test
    void shouldTakeTheTraceDirectoryFromTheRunOptions() {
        final BspConfig c = RunOptions.config(Args.parse(List.of("--trace", "out/t"), RunOptions.values(),
            RunOptions.flags()));
        assertEquals(Path.of("out/t"), c.traceDir());
    }
}
