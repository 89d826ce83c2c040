package org.jbsplib.hw.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicReference;

import org.jbsplib.aeron.AeronTransport;
import org.jbsplib.aeron.Hosts;
import org.jbsplib.aeron.Placement;
import org.jbsplib.core.barrier.BarrierGroup;
import org.jbsplib.core.barrier.BarrierPort;
import org.jbsplib.core.transport.Transport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The hardware models on transports whose processes do not share memory: the arrivals travel in frames to pid 0's
 * model. Over {@code aeron-ipc} (one host, one clock) both modes report the modelled latency as on shared memory
 * and emulate holds the processes for it; over {@code aeron-udp} account mode runs and emulate is refused, naming
 * why. Every process of a transport runs in this JVM.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class HwBarrierOverAeronTest {
    private static final long TIMEOUT_NS = TimeUnit.SECONDS.toNanos(60);
    /** One 2-node NIC-PE (lanai43) episode, from the last arrival, as on shared memory. */
    private static final long NIC_PE_NS = 50_820;

    private static Transport ipc(final int p) {
        return new AeronTransport("aeron-ipc", p, AeronTransport.termLength(0), 2, new Placement(0, 1, p, null));
    }

    private static Transport udp(final int p) {
        return new AeronTransport("aeron-udp", p, AeronTransport.termLength(0), 2, new Placement(0, 1, p, null),
            Hosts.loopback(p), TIMEOUT_NS);
    }

    /**
     * Runs {@code episodes} barriers of {@code group} on its two processes; @return pid 0's {wall, modelled, least
     * episode's modelled} ns. A process descheduled before it arrives (a loaded host) can only add modelled time to
     * its episode, so the least episode is the model's latency for simultaneous arrivals (as on shared memory,
     * {@code HwBarrierProviderTest}); the sum is at least the episodes' count times it.
     */
    private static long[] runTwo(final BarrierGroup group, final int episodes) throws Exception {
        final AtomicReference<Throwable> failed = new AtomicReference<>();
        final Thread other = new Thread(() -> {
            try {
                final BarrierPort port = group.port(1);
                for (int e = 0; e < episodes; e++) {
                    port.sync();
                }
            } catch (final Throwable t) {
                failed.set(t);
                group.fail(1, "pid 1 failed: " + t, t);
            }
        });
        other.start();
        final BarrierPort port = group.port(0);
        long least = Long.MAX_VALUE;
        final long start = System.nanoTime();
        for (int e = 0; e < episodes; e++) {
            final long before = port.modelledNs();
            port.sync();
            least = Math.min(least, port.modelledNs() - before);
        }
        final long wall = System.nanoTime() - start;
        other.join(TimeUnit.SECONDS.toMillis(60));
        assertTrue(!other.isAlive() && failed.get() == null, "pid 1: " + failed.get());
        assertEquals(episodes, port.episodes());
        return new long[] {wall, port.modelledNs(), least};
    }

    @Test
    void shouldEmulateTheModelledLatencyOverAeronIpc() throws Exception {
        try (BarrierGroup g = new BarrierGroup("nic-pe:preset=lanai43,mode=emulate", ipc(2), 2, TIMEOUT_NS)) {
            final long[] r = runTwo(g, 40);
            assertEquals(NIC_PE_NS, r[2], NIC_PE_NS * 0.05, "least episode's modelled ns over aeron-ipc");
            assertTrue(r[1] >= 40 * NIC_PE_NS * 0.95, "modelled " + r[1] + " ns for 40 episodes");
            assertTrue(r[0] >= r[1], "emulated wall time " + r[0] + " ns < modelled " + r[1] + " ns");
        }
    }

    @Test
    void shouldAccountTheModelledLatencyOverAeronIpcAndUdp() throws Exception {
        try (BarrierGroup g = new BarrierGroup("nic-pe:preset=lanai43,mode=account", ipc(2), 2, TIMEOUT_NS)) {
            final long[] r = runTwo(g, 40);
            assertEquals(NIC_PE_NS, r[2], NIC_PE_NS * 0.05, "least episode's modelled ns over aeron-ipc");
            assertTrue(r[1] >= 40 * NIC_PE_NS * 0.95, "modelled " + r[1] + " ns for 40 episodes over aeron-ipc");
        }
        try (BarrierGroup g = new BarrierGroup("nic-pe:preset=lanai43,mode=account", udp(2), 2, TIMEOUT_NS)) {
            final long[] r = runTwo(g, 40);
            assertEquals(NIC_PE_NS, r[2], NIC_PE_NS * 0.05, "least episode's modelled ns over aeron-udp");
            assertTrue(r[1] >= 40 * NIC_PE_NS * 0.95, "modelled " + r[1] + " ns for 40 episodes over aeron-udp");
        }
    }

    @Test
    void shouldRefuseToEmulateAcrossHostsNamingWhy() {
        final Transport t = udp(2);
        try {
            final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new BarrierGroup("papers", t, 2, TIMEOUT_NS));
            assertTrue(e.getMessage().contains("barrier=papers:mode=emulate") && e.getMessage().contains(
                "transport=aeron-udp") && e.getMessage().contains("use mode=account"), e.getMessage());
        } finally {
            t.close();
        }
    }

    @Test
    void shouldListWhatEachModelSupportsPerTransport() {
        final java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        final java.io.PrintStream ps = new java.io.PrintStream(out, true, java.nio.charset.StandardCharsets.UTF_8);
        assertEquals(0, org.jbsplib.core.cli.Main.run(java.util.List.of("backends"), ps, ps));
        final String papers = out.toString(java.nio.charset.StandardCharsets.UTF_8).lines()
            .filter(l -> l.startsWith("papers ")).findFirst().orElseThrow();
        // the core's test transport half-local is on this test class path too
        assertTrue(papers.contains("[aeron-ipc, aeron-udp (mode=account), ") && papers.endsWith(", threads]"), papers);
    }

    /** Nobody leaves episode e before every process arrived at it, with pid 0's model fed by frames. */
    @Test
    void shouldReleaseNobodyEarlyOverAeronIpc() throws Exception {
        final int p = 4;
        final int episodes = 50;
        final AtomicIntegerArray arrivals = new AtomicIntegerArray(episodes + 1);
        final AtomicReference<Throwable> failed = new AtomicReference<>();
        try (BarrierGroup g = new BarrierGroup("papers:mode=account", ipc(p), 2, TIMEOUT_NS)) {
            final Thread[] threads = new Thread[p];
            for (int i = 0; i < p; i++) {
                final int pid = i;
                threads[i] = new Thread(() -> {
                    try {
                        final BarrierPort port = g.port(pid);
                        for (int e = 1; e <= episodes; e++) {
                            arrivals.incrementAndGet(e);
                            port.sync();
                            final int seen = arrivals.get(e);
                            if (seen != p) {
                                throw new AssertionError("pid " + pid + " left episode " + e + " after " + seen
                                    + " of " + p + " arrivals");
                            }
                        }
                    } catch (final Throwable t) {
                        failed.compareAndSet(null, t);
                        g.fail(pid, "pid " + pid + " failed: " + t, t);
                    }
                });
                threads[i].start();
            }
            for (final Thread t : threads) {
                t.join(TimeUnit.SECONDS.toMillis(60));
            }
            assertEquals(null, failed.get());
            assertEquals(episodes, g.port(0).episodes());
        }
    }
}
