package org.jbsplib.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.atomic.AtomicIntegerArray;

import org.jbsplib.api.Reg;
import org.jbsplib.core.cli.Main;
import org.jbsplib.core.sync.ClassicSyncFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Thousands of processes: per-pair state exists only for the pairs that communicate, a run whose state cannot fit is
 * refused before it starts with the figure, and processes run on virtual threads where the JVM has them.
 */
class ScaleTest {

    @ParameterizedTest(name = "P={0}, org.direct={1}")
    @CsvSource({"3, never", "64, never", "3, auto", "64, auto"})
    @Timeout(60)
    void shouldCreateOutboxesOnlyForThePairsThatCommunicate(final int p, final String direct) {
        final AtomicIntegerArray outboxes = new AtomicIntegerArray(p);
        final int[] left = new int[p];
        BspRuntime.run(new BspConfig().procs(p).option(org.jbsplib.core.sync.ClassicSync.DIRECT_OPTION, direct),
            bsp -> {
            final int me = bsp.pid();
            final int[] x = {me};
            final Reg reg = bsp.pushReg(x);
            bsp.sync();
            for (int step = 0; step < 3; step++) {
                if (me == 0) {
                    for (int i = 0; i < p; i++) {
                        bsp.put(i, new int[] {100 + step}, 0, reg, 0, 1); // broadcast: P pairs
                    }
                }
                bsp.sync();
                bsp.commit(reg, 1);
            }
            x[0] = me;
            bsp.sync();
            final int[] got = new int[1];
            bsp.get((me + p - 1) % p, reg, 0, got, 0, 1); // ring shift by get: a request and a reply per pair
            bsp.sync();
            left[me] = got[0];
            outboxes.set(me, ((BspProcess) bsp).outboxCount());
        });
        // pid 0 addressed every pid (itself included); every other pid its two neighbours (gets and their replies),
        // or only its left one when it reads its get straight from the owner (no reply to send)
        final int perPid = "never".equals(direct) ? Math.min(2, p - 1) : 1;
        int total = 0;
        for (int i = 0; i < p; i++) {
            total += outboxes.get(i);
            assertEquals((i + p - 1) % p, left[i], "pid " + i + " got its left neighbour's value");
        }
        assertEquals(p, outboxes.get(0), "outboxes of pid 0");
        for (int i = 1; i < p; i++) {
            assertEquals(perPid, outboxes.get(i), "outboxes of pid " + i);
        }
        assertEquals(p + (p - 1) * perPid, total, "outboxes in all, P=" + p + " (P²=" + p * p + ")");
    }

    @Test
    @Timeout(60)
    void shouldRefuseATooLargeRunBeforeStartingNamingTheMemoryItNeeds() {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> BspRuntime.run(new BspConfig().procs(BspConfig.MAX_PROCS), bsp -> {
                throw new AssertionError("the program must not start");
            }));
        // 65536² pairs of at least 100 bytes: hundreds of GiB, more than any test machine's heap
        assertTrue(e.getMessage().matches("procs=65536 needs about \\d+\\.\\d GiB of heap under sync=org \\(\\d+ "
            + "bytes per pair of processes\\), but \\d+\\.\\d GiB is available: .*"), e.getMessage());
    }

    @Test
    void shouldNameTheHeapAndTheDirectMemoryItNeedsAndHas() {
        final BspConfig config = new BspConfig().procs(1000).ringCapacityBytes(64 * 1024).conclude();
        final ClassicSyncFactory org = new ClassicSyncFactory();
        final long heap = 1000L * 1000 * org.heapBytesPerPair() + 1000L * (RuntimeFootprint.HEAP_BYTES_PER_PROCESS + 8192);
        BspRuntime.checkMemory(config, org, heap, 1000L * 64 * 1024); // exactly enough
        final IllegalArgumentException h = assertThrows(IllegalArgumentException.class,
            () -> BspRuntime.checkMemory(config, org, 1L << 27, 1L << 40));
        assertTrue(h.getMessage().startsWith("procs=1000 needs about " + String.format(java.util.Locale.ROOT, "%.1f",
            heap / (double) (1L << 30)) + " GiB of heap under sync=org (" + org.heapBytesPerPair() + " bytes per pair"
            + " of processes), but 0.1 GiB is available"), h.getMessage());
        final IllegalArgumentException d = assertThrows(IllegalArgumentException.class,
            () -> BspRuntime.checkMemory(config, org, 1L << 40, 1L << 25));
        assertTrue(d.getMessage().startsWith("procs=1000 needs 0.1 GiB of direct memory for its inboxes "
            + "(ringCapacityBytes=65536 each), but 0.0 GiB is available"), d.getMessage());
    }

    @Test
    @Timeout(60)
    void shouldPrintTheRefusalAsOneLineWithExitCode2() {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final int code = Main.run(List.of("example", "broadcast", "--procs", "65536"),
            new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        final String text = err.toString(StandardCharsets.UTF_8);
        assertEquals(2, code, text);
        assertEquals("", out.toString(StandardCharsets.UTF_8));
        assertTrue(text.startsWith("bsp example: error: procs=65536 needs about "), text);
        assertEquals(1, text.lines().count(), text);
    }

    @Test
    @Timeout(60)
    void shouldRunProcessesOnVirtualThreadsWhenConfigured() {
        assumeTrue(ThreadKind.virtualAvailable(), "virtual threads need Java 21+, this is Java "
            + Runtime.version().feature());
        final int p = 8;
        final AtomicIntegerArray virtual = new AtomicIntegerArray(p);
        final int[] sums = new int[p];
        BspRuntime.run(new BspConfig().procs(p).threads("virtual"), bsp -> {
            virtual.set(bsp.pid(), ThreadKind.isVirtual(Thread.currentThread()) ? 1 : 0);
            final int[] in = new int[1];
            final Reg reg = bsp.pushReg(in);
            bsp.sync();
            bsp.put((bsp.pid() + 1) % p, new int[] {bsp.pid()}, 0, reg, 0, 1);
            bsp.sync();
            sums[bsp.pid()] = in[0];
        });
        for (int i = 0; i < p; i++) {
            assertEquals(1, virtual.get(i), "pid " + i + " ran on a virtual thread");
            assertEquals((i + p - 1) % p, sums[i], "pid " + i);
        }
    }

    @Test
    void shouldChooseVirtualThreadsForAutoOnlyBeyondSixteenProcessesPerCoreAndWhenTheJvmHasThem() {
        assertEquals(ThreadKind.PLATFORM, new BspConfig().procs(2).cores(2).threads("auto").conclude().threadKind());
        // oversubscribed but within 16 per core: platform threads synchronize faster (README, "Threads")
        assertEquals(ThreadKind.PLATFORM, new BspConfig().procs(3).cores(2).threads("auto").conclude().threadKind());
        assertEquals(ThreadKind.PLATFORM, new BspConfig().procs(32).cores(2).threads("auto").conclude().threadKind());
        assertEquals(ThreadKind.virtualAvailable() ? ThreadKind.VIRTUAL : ThreadKind.PLATFORM,
            new BspConfig().procs(33).cores(2).threads("auto").conclude().threadKind());
        assertEquals(ThreadKind.PLATFORM, new BspConfig().procs(64).cores(2).threads("platform").conclude()
            .threadKind());
        final AtomicIntegerArray virtual = new AtomicIntegerArray(4);
        BspRuntime.run(new BspConfig().procs(4).threads(ThreadKind.PLATFORM), bsp ->
            virtual.set(bsp.pid(), ThreadKind.isVirtual(Thread.currentThread()) ? 1 : 0));
        for (int i = 0; i < 4; i++) {
            assertEquals(0, virtual.get(i), "pid " + i + " ran on a platform thread");
        }
    }

    @Test
    void shouldRefuseVirtualThreadsOnAJvmWithoutThem() {
        assumeFalse(ThreadKind.virtualAvailable(), "this JVM (Java " + Runtime.version().feature()
            + ") has virtual threads");
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> new BspConfig().threads("virtual").conclude());
        assertEquals("threads=virtual needs Java 21 or newer, this JVM is Java " + Runtime.version().feature()
            + " (use threads=platform or auto)", e.getMessage());
    }

    @Test
    void shouldRefuseAnUnknownThreadKindNamingIt() {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> new BspConfig().threads("green").conclude());
        assertEquals("threads=green is not a thread kind (known: platform, virtual, auto)", e.getMessage());
        assertFalse(ThreadKind.isVirtual(Thread.currentThread()));
    }
}
