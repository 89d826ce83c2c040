package org.jbsplib.bench;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.jbsplib.api.Bsp;
import org.jbsplib.api.Reg;
import org.jbsplib.core.BspConfig;
import org.jbsplib.core.BspRuntime;
import org.jbsplib.core.RunResult;

/**
 * A BSP run kept alive for a benchmark: pid 0's {@link Bsp} is driven by the benchmark thread, the other
 * processes loop on {@code sync()} (serving whatever pid 0 sends them) until pid 0 puts a stop flag.
 * Benchmarks measure pid 0's calls, so every other process is always ready: the figure is the latency of one
 * superstep round, as in a tight BSP loop. When the run pins its processes ({@code bsplib.pin}), the thread that
 * makes the {@code LiveRun} takes pid 0's CPU until {@link #close()}, which gives it its previous mask back: make
 * and close it on the benchmark thread (JMH runs trial-level set-up and tear-down there).
 */
final class LiveRun implements AutoCloseable {
    /** Length of the {@link #doubles()} area. */
    static final int DOUBLES = 64;

    private final CountDownLatch handedOver = new CountDownLatch(1);
    private final CountDownLatch released = new CountDownLatch(1);
    private final CompletableFuture<RunResult> run;
    private volatile Bsp zero;
    private volatile Reg stopReg;
    private volatile Reg dataReg;
    private volatile Reg doublesReg;
    private org.jbsplib.core.affinity.CpuAffinity.Pin pin;

    /**
     * @param procs     P
     * @param dataBytes size of the registered receive area (for put benchmarks)
     */
    LiveRun(final int procs, final int dataBytes) throws InterruptedException {
        this(new BspConfig().procs(procs), dataBytes);
    }

    /**
     * @param config    the run's configuration (P, sync, trace, ...)
     * @param dataBytes size of the registered receive area (for put benchmarks)
     */
    LiveRun(final BspConfig config, final int dataBytes) throws InterruptedException {
        run = CompletableFuture.supplyAsync(() -> BspRuntime.run(config, bsp -> {
            final int[] stop = new int[1];
            final Reg sr = bsp.pushReg(stop);
            final Reg dr = bsp.pushReg(new byte[Math.max(1, dataBytes)]);
            final Reg dd = bsp.pushReg(new double[DOUBLES]);
            bsp.sync();
            if (bsp.pid() == 0) {
                stopReg = sr;
                dataReg = dr;
                doublesReg = dd;
                zero = bsp;
                handedOver.countDown();
                released.await(); // the benchmark thread drives pid 0 until close()
            } else {
                while (stop[0] == 0) {
                    bsp.sync();
                }
            }
        }));
        run.whenComplete((result, failure) -> handedOver.countDown()); // a run that fails before the hand-over
        if (!handedOver.await(30, TimeUnit.SECONDS)) {
            throw new IllegalStateException("the BSP run did not start in 30 s");
        }
        if (zero == null) {
            final Throwable cause = failure();
            throw new IllegalStateException("the BSP run failed before it started: " + cause, cause);
        }
        pin = BspRuntime.pinCaller(zero);
    }

    private Throwable failure() {
        try {
            run.getNow(null);
            return new IllegalStateException("the run ended without handing pid 0 over");
        } catch (final java.util.concurrent.CompletionException e) {
            return e.getCause() == null ? e : e.getCause();
        }
    }

    /** @return pid 0's context, to be used by one benchmark thread */
    Bsp bsp() {
        return zero;
    }

    /** @return the registered receive area (BYTE) */
    Reg data() {
        return dataReg;
    }

    /** @return a registered area of {@value #DOUBLES} doubles on every process */
    Reg doubles() {
        return doublesReg;
    }

    @Override
    public void close() throws Exception {
        final Bsp bsp = zero;
        final int[] one = {1};
        for (int i = 1; i < bsp.nprocs(); i++) {
            bsp.put(i, one, 0, stopReg, 0, 1);
        }
        bsp.sync();
        released.countDown();
        try {
            run.get(60, TimeUnit.SECONDS);
        } finally {
            if (pin != null) {
                pin.close();
            }
        }
    }
}
