package org.jbsplib.bench;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Phaser;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

import org.jbsplib.api.Bsp;
import org.jbsplib.core.BspConfig;
import org.jbsplib.core.BspRuntime;

/**
 * A BSP run kept alive for benchmarks of collective operations, which every process must call: the benchmark
 * thread asks for a batch of k operations, every process runs its operation k times, and the batch ends when all
 * have finished. The hand-over (a {@link Phaser} between the benchmark thread and the P processes) is paid once per
 * batch, so a batch of k operations measures k operations plus one hand-over.
 */
final class Lockstep implements AutoCloseable {
    /** One process's operation, made once per process with its {@link Bsp} (may register, sync, etc.). */
    interface Op {
        /** Runs the operation once. */
        void run();

        /** Releases what the operation holds (collective: every process calls it). */
        default void close() {
        }
    }

    private final Phaser phaser;
    private final CompletableFuture<Void> run;
    private volatile int batch;

    /**
     * @param procs P
     * @param ops   makes the operation of one process (called on that process's thread)
     */
    Lockstep(final int procs, final Function<Bsp, Op> ops) {
        this(new BspConfig().procs(procs), ops);
    }

    /**
     * @param config the run's configuration (P, sync mode, ...)
     * @param ops    makes the operation of one process (called on that process's thread)
     */
    Lockstep(final BspConfig config, final Function<Bsp, Op> ops) {
        phaser = new Phaser(config.procs() + 1);
        run = CompletableFuture.runAsync(() -> BspRuntime.run(config, bsp -> {
            final Op op = ops.apply(bsp);
            while (true) {
                phaser.arriveAndAwaitAdvance();
                final int k = batch;
                if (k == 0) {
                    break;
                }
                for (int i = 0; i < k; i++) {
                    op.run();
                }
                phaser.arriveAndAwaitAdvance();
            }
            op.close();
        }));
    }

    /**
     * Every process runs its operation k times; returns when all are done.
     *
     * @throws IllegalStateException if the run failed or the batch took more than a minute
     */
    void batch(final int k) throws InterruptedException {
        batch = k;
        await();
        await();
    }

    private void await() throws InterruptedException {
        try {
            phaser.awaitAdvanceInterruptibly(phaser.arrive(), 60, TimeUnit.SECONDS);
        } catch (final java.util.concurrent.TimeoutException e) {
            throw new IllegalStateException("a batch did not finish in 60 s; run done=" + run.isDone(), e);
        }
    }

    @Override
    public void close() throws Exception {
        batch = 0;
        phaser.arriveAndDeregister();
        run.get(60, TimeUnit.SECONDS);
    }
}
