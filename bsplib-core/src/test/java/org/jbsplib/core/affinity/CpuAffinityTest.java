package org.jbsplib.core.affinity;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * Reading and setting the calling thread's CPU mask. Needs Java 22+ on 64-bit Linux; elsewhere the tests that touch
 * the kernel are skipped with the reason (CI runs Java 17).
 */
class CpuAffinityTest {
    static void assumeAvailable() {
        final String reason = CpuAffinity.unavailableReason();
        if (reason != null) {
            System.err.println("CpuAffinityTest: skipped, thread affinity is unavailable: " + reason);
        }
        Assumptions.assumeTrue(reason == null, () -> "thread affinity is unavailable: " + reason);
    }

    @Test
    void shouldReadBackThePinnedCpuAndRestoreThePreviousMask() {
        assumeAvailable();
        final long[] before = CpuAffinity.current();
        final int[] allowed = CpuAffinity.cpus(before);
        final int cpu = allowed[allowed.length - 1];
        try (CpuAffinity.Pin pin = CpuAffinity.pinCurrentThread(cpu)) {
            assertArrayEquals(new int[] {cpu}, CpuAffinity.cpus(CpuAffinity.current()), "mask while pinned");
            assertArrayEquals(allowed, pin.previousCpus());
        }
        assertArrayEquals(before, CpuAffinity.current(), "mask after the pin is closed");
    }

    @Test
    void shouldRefuseToRestoreFromAnotherThread() throws Exception {
        assumeAvailable();
        final long[] before = CpuAffinity.current();
        final int cpu = CpuAffinity.cpus(before)[0];
        try (CpuAffinity.Pin pin = CpuAffinity.pinCurrentThread(cpu)) {
            final Throwable[] thrown = new Throwable[1];
            final Thread other = new Thread(() -> {
                try {
                    pin.close();
                } catch (final IllegalStateException e) {
                    thrown[0] = e;
                }
            });
            other.start();
            other.join(10_000);
            assertTrue(thrown[0] != null && thrown[0].getMessage().contains("cannot restore"), String.valueOf(
                thrown[0]));
        }
        assertArrayEquals(before, CpuAffinity.current());
    }

    @Test
    void shouldListTheCpusOfAMask() {
        final long[] mask = CpuAffinity.single(65);
        mask[0] = 0b101;
        assertArrayEquals(new int[] {0, 2, 65}, CpuAffinity.cpus(mask));
        assertEquals(CpuAffinity.WORDS, mask.length);
    }

    @Test
    void shouldRefuseACpuOutOfRangeNamingIt() {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> CpuAffinity.single(
            -1));
        assertTrue(e.getMessage().contains("cpu=-1"), e.getMessage());
    }

    @Test
    void shouldSayWhyWhereTheForeignFunctionApiIsMissing() {
        Assumptions.assumeTrue(Runtime.version().feature() < 22, "this JVM has the foreign-function API");
        assertTrue(CpuAffinity.unavailableReason().contains("Java 22"), CpuAffinity.unavailableReason());
        final IllegalStateException e = assertThrows(IllegalStateException.class, CpuAffinity::current);
        assertTrue(e.getMessage().contains("unavailable"), e.getMessage());
    }
}
