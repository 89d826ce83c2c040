package org.jbsplib.core;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.util.concurrent.atomic.AtomicLongArray;

import org.jbsplib.api.Bsp;
import org.jbsplib.api.QueueSize;
import org.jbsplib.api.Reg;
import org.jbsplib.core.sync.ClassicSync;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A warm superstep allocates nothing on the process's thread: puts of doubles long enough to take the bulk copy
 * path, gets, BSMP sends with {@code qsize}/{@code move}, and the classic sync that moves them. Each process counts
 * the bytes its own thread allocates ({@code com.sun.management.ThreadMXBean}) over {@value #MEASURED} supersteps
 * after {@value #WARM} warm ones; the bound, {@value #BOUND_PER_SUPERSTEP} bytes per superstep on average, is below
 * one object per superstep, so any allocation on the path fails it (before the fix, measured here: 283 bytes per
 * superstep for put, 398 for hpPut, 32 for send: {@code ByteBuffer} views per copy and an iterator per sync). Streams
 * in frames and direct streams ({@link ClassicSync#DIRECT_OPTION}) alike.
 */
@Timeout(300)
class SteadyStateAllocationTest {
    private static final int WARM = 20_000;
    private static final int MEASURED = 2_000;
    private static final int BOUND_PER_SUPERSTEP = 8;
    private static final int DOUBLES = 64;

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"put", "get", "send", "hpPut", "put direct", "hpPut direct", "get direct"})
    void shouldNotAllocateInAWarmSuperstep(final String kind) {
        final com.sun.management.ThreadMXBean threads = threadBean();
        final AtomicLongArray allocated = new AtomicLongArray(2);
        final AtomicLongArray checks = new AtomicLongArray(2);
        final boolean direct = kind.endsWith(" direct");
        final String call = direct ? kind.substring(0, kind.indexOf(' ')) : kind;
        final BspConfig config = new BspConfig().procs(2)
            .option(ClassicSync.DIRECT_OPTION, direct ? "always" : "never");
        BspRuntime.run(config, bsp -> {
            final double[] src = new double[DOUBLES];
            final double[] dst = new double[DOUBLES];
            final Reg reg = bsp.pushReg(dst);
            bsp.setTagSize(4);
            bsp.sync();
            long sum = run(bsp, call, src, dst, reg, WARM);
            final long before = threads.getCurrentThreadAllocatedBytes();
            sum += run(bsp, call, src, dst, reg, MEASURED);
            final long after = threads.getCurrentThreadAllocatedBytes();
            allocated.set(bsp.pid(), after - before);
            checks.set(bsp.pid(), sum);
        });
        for (int pid = 0; pid < 2; pid++) {
            assertTrue(checks.get(pid) > 0, "pid " + pid + " received data");
            final long bytes = allocated.get(pid);
            assertTrue(bytes <= (long) BOUND_PER_SUPERSTEP * MEASURED, kind + ": pid " + pid + " allocated " + bytes
                + " bytes in " + MEASURED + " warm supersteps (" + bytes / MEASURED + " per superstep)");
        }
    }

    private static long run(final Bsp bsp, final String kind, final double[] src, final double[] dst, final Reg reg,
        final int supersteps) {
        final int other = 1 - bsp.pid();
        final byte[] tag = new byte[4];
        final byte[] payload = new byte[256];
        long sum = 0;
        for (int s = 0; s < supersteps; s++) {
            src[0] = s + 1;
            switch (kind) {
                case "put" -> bsp.put(other, src, 0, reg, 0, DOUBLES);
                case "hpPut" -> bsp.hpPut(other, src, 0, reg, 0, DOUBLES);
                case "get" -> {
                    dst[0] = s + 1; // the area the other process reads
                    bsp.get(other, reg, 0, src, 0, DOUBLES);
                }
                default -> bsp.send(other, tag, payload, 0, payload.length);
            }
            bsp.sync();
            if ("send".equals(kind)) {
                final QueueSize q = bsp.qsize();
                sum += q.packets();
                while (bsp.qsize().packets() > 0) {
                    sum += bsp.move(payload, 0, payload.length);
                }
            } else {
                sum += (long) dst[0] + (long) src[0];
            }
        }
        return sum;
    }

    private static com.sun.management.ThreadMXBean threadBean() {
        final java.lang.management.ThreadMXBean bean = ManagementFactory.getThreadMXBean();
        Assumptions.assumeTrue(bean instanceof com.sun.management.ThreadMXBean, "a JVM that counts allocated bytes");
        final com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) bean;
        Assumptions.assumeTrue(threads.isThreadAllocatedMemorySupported() && threads.isThreadAllocatedMemoryEnabled(),
            "thread allocation counting is enabled");
        return threads;
    }
}
