package org.jbsplib.hw.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import org.agrona.concurrent.UnsafeBuffer;
import org.jbsplib.core.BspConfig;
import org.jbsplib.core.BspRuntime;
import org.jbsplib.core.barrier.BarrierPort;
import org.jbsplib.core.barrier.BarrierRun;
import org.jbsplib.core.transport.Endpoint;
import org.jbsplib.core.transport.FrameHandler;
import org.jbsplib.hw.HwBarrierModels;
import org.jbsplib.hw.model.BarrierModel;
import org.jbsplib.vtime.CpuClock;
import org.jbsplib.vtime.NetworkModel;
import org.jbsplib.vtime.VirtualMachine;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Under virtual time a hardware barrier model releases every process exactly at the modelled release time computed
 * from the processes' virtual arrival times, episode after episode, and FT runs on it.
 */
@Timeout(120)
class HwBarrierVirtualTimeTest {
    @ParameterizedTest(name = "{0} at P={2} parallel={3}")
    @CsvSource({"papers,papers,4,1", "papers,papers,16,1", "nic-pe:preset=lanai43,nic-pe/lanai43,16,1",
        "host-gb:preset=lanai72,host-gb/lanai72,8,1", "reflex:preset=tile64,reflex/tile64,32,1", "bsr,bsr,32,1",
        "papers,papers,16,2", "nic-pe:preset=lanai43,nic-pe/lanai43,16,2", "host-gb:preset=lanai72,host-gb/lanai72,8,2",
        "reflex:preset=tile64,reflex/tile64,32,2", "bsr,bsr,32,2"})
    void shouldReleaseEveryProcessAtTheModelledTimeOfItsVirtualArrivals(final String spec, final String modelSpec,
        final int p, final int parallel) throws InterruptedException {
        final VirtualMachine m = new VirtualMachine(NetworkModel.parse("sp2-us;stepCost=0"), p, 128 * 1024,
            VirtualMachine.NO_SHUFFLE, parallel);
        final BarrierRun run = new BarrierRun(spec, m.name(), m.sharesMemory(), 2);
        final int episodes = 3;
        final long[][] released = new long[episodes][p];
        final long[][] arrived = new long[episodes][p];
        runAll(m, (e, pid) -> {
            final BarrierPort[] port = new BarrierPort[1];
            port[0] = run.open(e, (src, type, buffer, offset, length) -> port[0].onFrame(src, type, buffer, offset,
                length), (start, what) -> e.idle());
            for (int ep = 0; ep < episodes; ep++) {
                // skewed arrivals: pid 0 last in even episodes, first in odd ones
                e.advanceTo(e.nanoTime() + 1_000L * (ep % 2 == 0 ? p - pid : pid + 1));
                arrived[ep][pid] = e.nanoTime();
                port[0].arrive();
                while (!port[0].isReleased()) {
                    if (e.poll((src, type, buffer, offset, length) -> port[0].onFrame(src, type, buffer, offset,
                        length), 64) == 0) {
                        e.idle();
                    }
                }
                released[ep][pid] = e.nanoTime();
            }
        });
        final BarrierModel reference = HwBarrierModels.create(modelSpec, p);
        for (int ep = 0; ep < episodes; ep++) {
            final long[] expected = new long[p];
            for (int q = 0; q < p; q++) {
                reference.arrive(q, arrived[ep][q]);
            }
            for (int q = 0; q < p; q++) {
                expected[q] = reference.releaseTimeNs(q);
            }
            assertEquals(Arrays.toString(expected), Arrays.toString(released[ep]), spec + " episode " + ep);
        }
    }

    @Test
    @Timeout(value = 240, unit = TimeUnit.SECONDS)
    void shouldRunTheClassicSyncOnAHardwareBarrierUnderVirtualTime() {
        final long[] steps = new long[1];
        final var r = BspRuntime.run(new BspConfig().procs(16).syncMode("org").barrier("nic-pe:preset=lanai43")
            .machine("virtual:myrinet-lanai43;stepCost=10us"), bsp -> {
                for (int i = 0; i < 20; i++) {
                    bsp.sync();
                }
                steps[0] = bsp.superstep();
            });
        assertEquals(20, steps[0]);
        assertEquals(20, r.stats().get(0).counter("barrier.episodes"));
    }

    /**
     * A frame that arrives, in virtual time, before a process's release time is received inside its wait, at its
     * arrival time, whichever process the host ran first: before, the process left the barrier as soon as it
     * found the episode released in memory, and received the frame only after its release.
     */
    @ParameterizedTest(name = "{0} parallel={2}")
    @CsvSource({"nic-pe:preset=lanai43,nic-pe/lanai43,1", "host-gb:preset=lanai72,host-gb/lanai72,1",
        "nic-pe:preset=lanai43,nic-pe/lanai43,2", "host-gb:preset=lanai72,host-gb/lanai72,2"})
    void shouldReceiveTheFramesThatArriveBeforeItsReleaseInsideTheWait(final String spec, final String modelSpec,
        final int parallel) throws InterruptedException {
        final int p = 3;
        final long o = 100;
        // arrivals: pid 0 at 0, pid 1 at o (after its send to pid 0), pid 2 at 2o (the last)
        final BarrierModel reference = HwBarrierModels.create(modelSpec, p);
        reference.arrive(0, 0);
        reference.arrive(1, o);
        reference.arrive(2, 2 * o);
        final long[] expected = {reference.releaseTimeNs(0), reference.releaseTimeNs(1), reference.releaseTimeNs(2)};
        // the frame arrives o / 2 before pid 0's release: receiving it takes pid 0 past its release time
        final long latency = expected[0] - o / 2 - o;
        assertTrue(latency > 0, "the model's release " + expected[0] + " ns leaves room for a frame");
        final VirtualMachine m = new VirtualMachine(new NetworkModel("test", latency, o, o, 0, CpuClock.FIXED, 1, 0),
            p, 1024, VirtualMachine.NO_SHUFFLE, parallel);
        final BarrierRun run = new BarrierRun(spec, m.name(), m.sharesMemory(), 2);
        final long[] released = new long[p];
        final boolean[] receivedInWait = new boolean[p];
        runAll(m, (e, pid) -> {
            final boolean[] got = new boolean[1];
            final BarrierPort[] port = new BarrierPort[1];
            final FrameHandler handler = (src, type, buffer, offset, length) -> {
                if (type == 9) {
                    got[0] = true;
                } else {
                    port[0].onFrame(src, type, buffer, offset, length);
                }
            };
            port[0] = run.open(e, handler, (start, what) -> e.idle());
            if (pid == 1) {
                e.offer(0, 9, new UnsafeBuffer(new byte[1]), 0, 1);
            } else if (pid == 2) {
                e.advanceTo(2 * o);
            }
            port[0].arrive();
            while (!port[0].isReleased()) {
                if (e.poll(handler, 64) == 0) {
                    e.idle();
                }
            }
            released[pid] = e.nanoTime();
            receivedInWait[pid] = got[0];
            while (pid == 0 && !got[0]) {
                if (e.poll(handler, 64) == 0) {
                    e.idle();
                }
            }
        });
        assertTrue(receivedInWait[0], "pid 0 received the frame arriving at " + (expected[0] - o / 2)
            + " ns before leaving at its release " + expected[0] + " ns (left at " + released[0] + " ns)");
        assertEquals(Arrays.toString(new long[] {expected[0] + o / 2, expected[1], expected[2]}),
            Arrays.toString(released), spec + ": release times (pid 0's after receiving its frame)");
    }

    private interface Body {
        void run(Endpoint e, int pid);
    }

    private static void runAll(final VirtualMachine m, final Body body) throws InterruptedException {
        final Thread[] threads = new Thread[m.nprocs()];
        final AtomicReference<Throwable> failure = new AtomicReference<>();
        for (int i = 0; i < threads.length; i++) {
            final int pid = i;
            final Endpoint e = m.endpoint(pid);
            threads[i] = new Thread(() -> {
                try {
                    e.processStarted();
                    e.enterLibrary(0);
                    body.run(e, pid);
                } catch (final Throwable t) {
                    failure.compareAndSet(null, t);
                    m.control().fail(new org.jbsplib.api.BspAbortException(pid, 0, t.toString(), t));
                } finally {
                    // the runtime's order (BspRuntime.runProcess): the run control, which takes the end in virtual
                    // order, then the endpoint, whose processEnded expects the run control to know already
                    m.control().markEnded(pid);
                    e.processEnded();
                }
            });
            threads[i].setDaemon(true);
            threads[i].start();
        }
        for (final Thread t : threads) {
            t.join(60_000);
            if (t.isAlive()) {
                m.close();
                throw new AssertionError(t.getName() + " did not finish within 60 s");
            }
        }
        if (failure.get() != null) {
            throw new AssertionError("a process failed", failure.get());
        }
    }
}
