package org.jbsplib.npb.vtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;

import org.jbsplib.core.BspConfig;
import org.jbsplib.core.SyncStats;
import org.jbsplib.npb.common.NpbKernel;
import org.jbsplib.npb.common.NpbOptions;
import org.jbsplib.npb.common.NpbResult;
import org.jbsplib.npb.ft.FtKernel;
import org.jbsplib.npb.lu.LuKernel;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Exactness on whole kernels: with a fixed computation cost per superstep, a run in the kernel's own order and a
 * run in which the kernel hands the baton around in a seeded random legal order ({@code shuffle=SEED}) give
 * identical virtual times for every process, under org on a message barrier and on a hardware barrier model, and
 * under rbs. Any decision taken in host order instead of virtual order shows up as a difference here.
 */
class VirtualDeterminismTest {
    private static NpbResult run(final NpbKernel kernel, final int p, final String sync, final String barrier,
        final String shuffle) throws Exception {
        BspConfig config = new BspConfig().procs(p).syncMode(sync)
            .machine("virtual:sp2-us;stepCost=1ms" + shuffle).option(NpbOptions.WARMUP, "0");
        if (!barrier.isEmpty()) {
            config = config.barrier(barrier);
        }
        return kernel.run('S', config, null);
    }

    private static String times(final NpbResult r) {
        final StringBuilder sb = new StringBuilder("time ").append(r.seconds());
        for (int pid = 0; pid < r.run().stats().size(); pid++) {
            final SyncStats s = r.run().stats().get(pid);
            sb.append("\npid ").append(pid).append(": sync ").append(s.syncNs()).append(" barrier ")
                .append(s.barrierNs()).append(" comm ").append(s.commNs()).append(" commit ").append(s.commitNs())
                .append(" wait ").append(s.waitNs());
        }
        return sb.toString();
    }

    @ParameterizedTest(name = "{0} S P={1} {2} {3}")
    @CsvSource({"ft,8,org,", "ft,16,org,", "ft,8,org,nic-pe:preset=lanai43", "ft,16,org,nic-pe:preset=lanai43",
        "ft,8,rbs,", "ft,16,rbs,", "lu,8,org,", "lu,8,org,nic-pe:preset=lanai43", "lu,8,rbs,", "lu,16,rbs,"})
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void shouldGiveIdenticalVirtualTimesInTheKernelsOrderAndInARandomLegalOrder(final String kernelName,
        final int p, final String sync, final String barrier) throws Exception {
        check(kernelName, p, sync, barrier);
    }

    /** The rest of the matrix: LU class S at P = 16 under org (about a minute each on a shared 2-core host). */
    @ParameterizedTest(name = "{0} S P={1} {2} {3}")
    @CsvSource({"lu,16,org,", "lu,16,org,nic-pe:preset=lanai43"})
    @Timeout(value = 600, unit = TimeUnit.SECONDS)
    @Tag("slow")
    void shouldGiveIdenticalVirtualTimesForLuAtSixteenUnderOrg(final String kernelName, final int p,
        final String sync, final String barrier) throws Exception {
        check(kernelName, p, sync, barrier);
    }

    /**
     * The parallel kernel (two processes at once, {@code parallel=2}), in its own order and in a random legal order,
     * gives the sequential kernel's virtual times.
     */
    @ParameterizedTest(name = "{0} S P={1} {2} {3} parallel=2")
    @CsvSource({"ft,8,org,", "ft,16,rbs,", "ft,8,org,nic-pe:preset=lanai43", "lu,8,org,", "lu,8,rbs,",
        "lu,8,org,nic-pe:preset=lanai43"})
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void shouldGiveTheSequentialKernelsVirtualTimesWithTwoProcessesAtOnce(final String kernelName, final int p,
        final String sync, final String barrier) throws Exception {
        final NpbKernel kernel = "ft".equals(kernelName) ? new FtKernel() : new LuKernel();
        final String b = barrier == null ? "" : barrier;
        final NpbResult own = run(kernel, p, sync, b, "");
        final NpbResult parallel = run(kernel, p, sync, b, ";parallel=2");
        final NpbResult shuffled = run(kernel, p, sync, b, ";parallel=2;shuffle=" + (p * 31 + sync.length()));
        assertTrue(own.verified() && parallel.verified() && shuffled.verified(), kernelName + " class S must verify");
        assertEquals(times(own), times(parallel), kernelName + " S P=" + p + " sync=" + sync + " barrier=" + b
            + ": virtual times of the sequential and the parallel kernel");
        assertEquals(times(own), times(shuffled), kernelName + " S P=" + p + " sync=" + sync + " barrier=" + b
            + ": virtual times of the sequential kernel and of the parallel one in a random legal order");
    }

    private static void check(final String kernelName, final int p, final String sync, final String barrier)
        throws Exception {
        final NpbKernel kernel = "ft".equals(kernelName) ? new FtKernel() : new LuKernel();
        final String b = barrier == null ? "" : barrier;
        final NpbResult own = run(kernel, p, sync, b, "");
        final NpbResult shuffled = run(kernel, p, sync, b, ";shuffle=" + (p * 31 + sync.length()));
        assertTrue(own.verified() && shuffled.verified(), kernelName + " class S must verify");
        assertEquals(times(own), times(shuffled), kernelName + " S P=" + p + " sync=" + sync + " barrier=" + b
            + ": virtual times in the kernel's order and in a random legal order");
    }
}
