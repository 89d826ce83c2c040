package org.jbsplib.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import org.jbsplib.api.Bsp;
import org.jbsplib.core.affinity.CpuAffinity;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code bsplib.pin}: the processes' threads on CPUs of their own where pinning applies, nothing pinned where it does
 * not, and a caller that drove a process getting its mask back. The tests that pin need Java 22+ on 64-bit Linux
 * and two CPUs; elsewhere they are skipped with the reason.
 */
@Timeout(60)
class PinningTest {

    private static int[] assumeTwoCpus() {
        final String reason = CpuAffinity.unavailableReason();
        if (reason != null) {
            System.err.println("PinningTest: skipped, thread affinity is unavailable: " + reason);
        }
        Assumptions.assumeTrue(reason == null, () -> "thread affinity is unavailable: " + reason);
        final int[] allowed = CpuAffinity.cpus(CpuAffinity.current());
        Assumptions.assumeTrue(allowed.length >= 2, () -> "pinning two processes needs two CPUs, this thread may use "
            + allowed.length);
        return allowed;
    }

    /** @return the CPUs each process's thread may use, read by the process itself */
    private static int[][] masksOfProcesses(final BspConfig config) {
        final int[][] masks = new int[config.procs()][];
        BspRuntime.run(config, bsp -> masks[bsp.pid()] = CpuAffinity.cpus(CpuAffinity.current()));
        return masks;
    }

    @Test
    void shouldPinProcessIToTheIthAllowedCpu() {
        final int[] allowed = assumeTwoCpus();
        final int[][] masks = masksOfProcesses(new BspConfig().procs(2).cores(2).threads("platform").pin("on"));
        assertArrayEquals(new int[] {allowed[0]}, masks[0], "pin=on: pid 0's mask");
        assertArrayEquals(new int[] {allowed[1]}, masks[1], "pin=on: pid 1's mask");
    }

    @Test
    void shouldPinNothingByDefaultWhenOffOrWhenProcessesExceedTheCores() {
        final int[] allowed = assumeTwoCpus();
        for (final String mode : new String[] {"off", "auto"}) {
            final int[][] masks = masksOfProcesses(new BspConfig().procs(2).cores(2).threads("platform").pin(mode));
            assertArrayEquals(allowed, masks[0], "pin=" + mode + ": pid 0's mask");
            assertArrayEquals(allowed, masks[1], "pin=" + mode + ": pid 1's mask");
        }
        final int[][] over = masksOfProcesses(new BspConfig().procs(3).cores(2).threads("platform").pin("on"));
        assertArrayEquals(allowed, over[2], "P=3 > cores=2");
        final int[][] one = masksOfProcesses(new BspConfig().procs(2).cores(1).threads("platform").pin("on"));
        assertArrayEquals(allowed, one[1], "P=2 > cores=1");
    }

    @Test
    void shouldRestoreTheMaskOfACallerThatDroveAProcess() throws Exception {
        final int[] allowed = assumeTwoCpus();
        final long[] before = CpuAffinity.current();
        final AtomicReference<Bsp> zero = new AtomicReference<>();
        final CountDownLatch handedOver = new CountDownLatch(1);
        final CountDownLatch released = new CountDownLatch(1);
        final CompletableFuture<RunResult> run = CompletableFuture.supplyAsync(() -> BspRuntime.run(
            new BspConfig().procs(2).cores(2).threads("platform").pin("on"), bsp -> {
                if (bsp.pid() == 0) {
                    zero.set(bsp);
                    handedOver.countDown();
                    released.await();
                }
            }));
        assertTrue(handedOver.await(30, TimeUnit.SECONDS), "pid 0 handed over");
        try (CpuAffinity.Pin pin = BspRuntime.pinCaller(zero.get())) {
            assertNotNull(pin, "a run that pins gives the caller pid 0's CPU");
            assertArrayEquals(new int[] {allowed[0]}, CpuAffinity.cpus(CpuAffinity.current()), "caller while pinned");
        } finally {
            released.countDown();
        }
        run.get(30, TimeUnit.SECONDS);
        assertArrayEquals(before, CpuAffinity.current(), "the caller's mask after the run");
    }

    @Test
    void shouldGiveNoPinForAProcessOfARunThatPinsNothing() throws Exception {
        final AtomicReference<CpuAffinity.Pin> pin = new AtomicReference<>();
        BspRuntime.run(new BspConfig().procs(2).pin("off"), bsp -> {
            if (bsp.pid() == 0) {
                pin.set(BspRuntime.pinCaller(bsp));
            }
        });
        assertNull(pin.get());
    }

    @Test
    void shouldSayWhyAProcessCountCannotBePinned() {
        final BspConfig over = new BspConfig().procs(3).cores(2).threads("platform").conclude();
        final String reason = ProcessPins.whyNot(over, true, new int[] {0, 1});
        if (CpuAffinity.unavailableReason() == null) {
            assertEquals("procs=3 exceeds cores=2", reason);
        } else {
            assertEquals(CpuAffinity.unavailableReason(), reason);
        }
        final BspConfig restricted = new BspConfig().procs(2).cores(2).threads("platform").conclude();
        final String narrow = ProcessPins.whyNot(restricted, true, new int[] {1});
        assertTrue(narrow.equals(CpuAffinity.unavailableReason()) || narrow.contains("the 1 CPUs"), narrow);
    }

    @Test
    void shouldRefuseAnUnknownModeNamingTheValue() {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> new BspConfig().pin("always").conclude());
        assertTrue(e.getMessage().contains("pin=always"), e.getMessage());
        assertEquals(Pinning.ON, Pinning.parse(" On "));
    }
}
