package org.jbsplib.bench;

import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.Phaser;
import java.util.concurrent.TimeUnit;

import org.jbsplib.api.Bsp;
import org.jbsplib.api.Reg;
import org.jbsplib.collectives.Collectives;
import org.jbsplib.core.BspConfig;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Time of one collective operation on P processes (threads transport; classic sync unless {@code -p sync=rbs}):
 * broadcast of n doubles from pid 0, allReduce (sum) of n doubles, and all-to-all of n/P doubles per pair (at least
 * 1), each four ways in the same run: {@code collectives} ({@link Collectives}: broadcast one-phase unless
 * {@code -p broadcastThreshold=N}, reductions one-phase below 4096 elements, two-phase above for P &ge; 3), {@code puts} (the one-phase pattern hand-written with puts straight
 * into the program's registered arrays, one sync, commit), and two {@code java.util.concurrent} equivalents that
 * never call the BSP library: the P threads share arrays (each thread's slot is its source; receivers copy out of
 * the others' slots, allReduce's threads publish their operand first and each sums all slots) and meet twice per
 * operation, once the data is there and once everybody has read it, at a {@link Phaser} ({@code phaser}) or a
 * {@link CyclicBarrier} ({@code cyclicbarrier}). n = 1 measures latency, n = 16384 (128 KiB) bandwidth: bytes moved
 * per operation / time (broadcast: 8n(P-1) bytes leave the root; allReduce: 8n(P-1) arrive at each process in the
 * one-phase form; all-to-all: 8n(P-1)/P leave and arrive at each process). Every process runs {@value #BATCH}
 * operations per invocation ({@link Lockstep}). Under {@code sync=rbs} the juc variants are unchanged (they do not
 * sync); run them once, with {@code org}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"--add-opens", "java.base/jdk.internal.misc=ALL-UNNAMED"})
@State(Scope.Benchmark)
public class CollectivesBenchmark {
    static final int BATCH = 20;

    @Param({"broadcast", "allreduce", "alltoall"})
    public String op;

    @Param({"collectives", "puts", "phaser", "cyclicbarrier"})
    public String impl;

    /** The BSP sync mode of {@code collectives} and {@code puts}: {@code org} or {@code rbs}. */
    @Param({"org"})
    public String sync;

    @Param({"2", "8", "32"})
    public int procs;

    /**
     * {@code collectives} only: {@code default} (the broadcast's own threshold: one phase on shared memory) or a
     * number of elements for {@code Collectives.broadcastTwoPhaseThreshold}, e.g. {@code 4096}, the threshold the
     * broadcast shared with the reductions before, to compare both in one run.
     */
    @Param({"default"})
    public String broadcastThreshold;

    @Param({"1", "16384"})
    public int n;

    private Lockstep run;

    @Setup(Level.Trial)
    public void setUp() {
        final Shared shared = new Shared(procs, n, impl);
        run = new Lockstep(new BspConfig().procs(procs).syncMode(sync), bsp -> switch (impl) {
            case "collectives" -> collectives(bsp);
            case "puts" -> puts(bsp);
            case "phaser", "cyclicbarrier" -> juc(bsp, shared);
            default -> throw new IllegalArgumentException("impl=" + impl
                + " is not one of collectives, puts, phaser, cyclicbarrier");
        });
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        run.close();
    }

    /** {@value #BATCH} operations on every process. */
    @Benchmark
    @OperationsPerInvocation(BATCH)
    public void operation() throws InterruptedException {
        run.batch(BATCH);
    }

    private int block() {
        return Math.max(1, n / procs);
    }

    private Lockstep.Op collectives(final Bsp bsp) {
        final Collectives coll = new Collectives(bsp);
        if (!broadcastThreshold.equals("default")) {
            coll.broadcastTwoPhaseThreshold(Integer.parseInt(broadcastThreshold));
        }
        final double[] data = new double[Math.max(n, procs * block())];
        final double[] out = new double[procs * block()];
        final Runnable r = switch (op) {
            case "broadcast" -> () -> coll.broadcast(0, data, 0, n);
            case "allreduce" -> () -> coll.allReduce(data, 0, n, Double::sum);
            default -> () -> coll.allToAll(data, 0, out, 0, block());
        };
        return new Lockstep.Op() {
            @Override
            public void run() {
                r.run();
            }

            @Override
            public void close() {
                coll.close();
            }
        };
    }

    private Lockstep.Op puts(final Bsp bsp) {
        final int p = bsp.nprocs();
        final int me = bsp.pid();
        final double[] data = new double[Math.max(n, p * block())];
        final double[] area = new double[p * Math.max(n, block())];
        final Reg reg = bsp.pushReg(area);
        bsp.sync();
        final Runnable r = switch (op) {
            case "broadcast" -> () -> {
                if (me == 0) {
                    for (int q = 1; q < p; q++) {
                        bsp.put(q, data, 0, reg, 0, n);
                    }
                }
                bsp.sync();
                bsp.commit(reg, me == 0 ? 0 : 1);
            };
            case "allreduce" -> () -> {
                for (int q = 0; q < p; q++) {
                    if (q != me) {
                        bsp.put(q, data, 0, reg, me * n, n);
                    }
                }
                bsp.sync();
                bsp.commit(reg, p - 1);
                for (int i = 0; i < n; i++) {
                    double s = 0;
                    for (int q = 0; q < p; q++) {
                        s += q == me ? data[i] : area[q * n + i];
                    }
                    data[i] = s;
                }
            };
            default -> () -> {
                final int b = block();
                for (int q = 0; q < p; q++) {
                    if (q != me) {
                        bsp.put(q, data, q * b, reg, me * b, b);
                    }
                }
                bsp.sync();
                bsp.commit(reg, p - 1);
            };
        };
        return new Lockstep.Op() {
            @Override
            public void run() {
                r.run();
            }

            @Override
            public void close() {
                bsp.popReg(reg);
                bsp.sync();
            }
        };
    }

    /** Arrays and a barrier ({@link Phaser} or {@link CyclicBarrier}) shared by the P threads of the juc variants. */
    private static final class Shared {
        final Runnable meet;
        final double[][] slots;

        Shared(final int procs, final int n, final String impl) {
            if ("cyclicbarrier".equals(impl)) {
                final CyclicBarrier barrier = new CyclicBarrier(procs);
                meet = () -> await(barrier);
            } else {
                final Phaser phaser = new Phaser(procs);
                meet = phaser::arriveAndAwaitAdvance;
            }
            slots = new double[procs][Math.max(n, procs * Math.max(1, n / procs))];
        }

        private static void await(final CyclicBarrier barrier) {
            try {
                barrier.await();
            } catch (final InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted at the CyclicBarrier", e);
            } catch (final BrokenBarrierException e) {
                throw new IllegalStateException("the CyclicBarrier broke", e);
            }
        }
    }

    private Lockstep.Op juc(final Bsp bsp, final Shared shared) {
        final int p = bsp.nprocs();
        final int me = bsp.pid();
        final double[] mine = shared.slots[me];
        final double[] data = new double[mine.length];
        return switch (op) {
            case "broadcast" -> () -> {
                shared.meet.run(); // pid 0's data is in its slot
                if (me != 0) {
                    System.arraycopy(shared.slots[0], 0, data, 0, n);
                }
                shared.meet.run(); // everyone has copied: pid 0 may write again
            };
            case "allreduce" -> () -> {
                System.arraycopy(data, 0, mine, 0, n);
                shared.meet.run();
                for (int i = 0; i < n; i++) {
                    double s = 0;
                    for (int q = 0; q < p; q++) {
                        s += shared.slots[q][i];
                    }
                    data[i] = s;
                }
                shared.meet.run();
            };
            default -> () -> {
                final int b = block();
                shared.meet.run(); // every process's blocks are in its slot
                for (int q = 0; q < p; q++) {
                    System.arraycopy(shared.slots[q], me * b, data, q * b, b);
                }
                shared.meet.run();
            };
        };
    }
}
