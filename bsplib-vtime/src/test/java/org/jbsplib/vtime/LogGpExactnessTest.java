package org.jbsplib.vtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;

import org.agrona.concurrent.UnsafeBuffer;
import org.jbsplib.core.barrier.BarrierPort;
import org.jbsplib.core.barrier.BarrierRun;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The virtual machine's clocks match the LogGP formulas exactly: ping-pong, an h-relation of k-byte frames, and
 * the dissemination and tree barriers at P = 2..64 (computation charged as zero: {@code cpu=fixed}).
 */
@Timeout(120)
class LogGpExactnessTest {
    // deliberately unequal values, so that a term used in the wrong place shows
    private static final long L = 5_000;
    private static final long O = 700;
    private static final long GAP = 1_100;
    private static final double BIG_G = 2.5;
    private static final NetworkModel MODEL = new NetworkModel("test", L, O, GAP, BIG_G, CpuClock.FIXED, 1, 0);

    private static long bytes(final int k) {
        return Math.round((k - 1) * BIG_G);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 8, 1000, 65536})
    void shouldTakeTwoOneWayTimesPerPingPongRoundTrip(final int k) throws InterruptedException {
        final int rounds = 10;
        final VirtualMachine m = new VirtualMachine(MODEL, 2, 128 * 1024);
        final UnsafeBuffer msg = new UnsafeBuffer(new byte[k]);
        MachineHarness.run(m, (e, pid) -> {
            for (int r = 0; r < rounds; r++) {
                if (pid == 0) {
                    e.offer(1, 1, msg, 0, k);
                    MachineHarness.receive(e, 1);
                } else {
                    MachineHarness.receive(e, 1);
                    e.offer(0, 1, msg, 0, k);
                }
            }
        });
        final long oneWay = O + L + bytes(k) + O;
        assertEquals(rounds * 2 * oneWay, m.clockNs(0), "pid 0 after " + rounds + " round trips of " + k + " bytes");
        assertEquals((2 * rounds - 1) * oneWay + O, m.clockNs(1), "pid 1 after its last reply");
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3, 8, 17})
    void shouldCostAnHRelationOfKByteFramesByTheLogGpRecurrence(final int p) throws InterruptedException {
        final int h = 12;
        for (final int k : new int[] {8, 400, 4096}) {
            final VirtualMachine m = new VirtualMachine(MODEL, p, 128 * 1024);
            final UnsafeBuffer msg = new UnsafeBuffer(new byte[k]);
            MachineHarness.run(m, (e, pid) -> {
                for (int i = 0; i < h; i++) {
                    e.offer((pid + 1) % p, 1, msg, 0, k);
                }
                MachineHarness.receive(e, h);
            });
            // sends start every max(o, g + (k-1)G); each arrives o + L + (k-1)G after its start; receives cost o
            final long step = Math.max(O, GAP + bytes(k));
            long c = (h - 1) * step + O;
            for (int i = 0; i < h; i++) {
                c = Math.max(c, i * step + O + L + bytes(k)) + O;
            }
            for (int pid = 0; pid < p; pid++) {
                assertEquals(c, m.clockNs(pid), "pid " + pid + " of P=" + p + ", h=" + h + " frames of k=" + k);
            }
            // closed form: the receives start when the last frame has arrived or the own sends are done
            assertEquals(Math.max((h - 1) * step + O + h * O, (h - 1) * step + 2 * O + L + bytes(k)), c,
                "closed form, k=" + k);
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4, 5, 7, 8, 16, 31, 32, 64})
    void shouldCostADisseminationBarrierCeilLog2PRounds(final int p) throws InterruptedException {
        final long[] released = barrier("dissemination", p);
        final int rounds = 32 - Integer.numberOfLeadingZeros(p - 1);
        final long expected = rounds * (2 * O + L + bytes(8));
        final long[] all = new long[p];
        Arrays.fill(all, expected);
        assertEquals(Arrays.toString(all), Arrays.toString(released), "dissemination at P=" + p);
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4, 5, 8, 13, 16, 32, 64})
    void shouldCostATreeBarrierByItsGatherAndBroadcastRecurrence(final int p) throws InterruptedException {
        final int fanout = 4;
        final long[] released = barrier("tree:fanout=" + fanout, p);
        final long[] expected = new long[p];
        final long[] sent = new long[p];
        gather(0, p, fanout, sent);
        broadcast(0, p, fanout, sent, sent[0], expected);
        assertEquals(Arrays.toString(expected), Arrays.toString(released), "tree fanout=" + fanout + " at P=" + p);
    }

    /** @return when process {@code i} sent GATHER to its parent (the root: when it has received every GATHER) */
    private static long gather(final int i, final int p, final int fanout, final long[] sent) {
        long c = 0;
        final long[] arrivals = new long[fanout];
        int n = 0;
        for (int child = fanout * i + 1; child <= fanout * i + fanout && child < p; child++) {
            arrivals[n++] = gather(child, p, fanout, sent) + O + L + bytes(8);
        }
        Arrays.sort(arrivals, 0, n);
        for (int j = 0; j < n; j++) {
            c = Math.max(c, arrivals[j]) + O;
        }
        sent[i] = c; // the send starts at c (nothing was sent before it)
        return c;
    }

    /** Fills the release times of {@code i}'s subtree, the BROADCAST (or, at the root, the last GATHER) at {@code t}. */
    private static void broadcast(final int i, final int p, final int fanout, final long[] sent, final long t,
        final long[] released) {
        // the root's clock is t; any other process sent GATHER at sent[i] and receives BROADCAST (cost o)
        long c = i == 0 ? t : Math.max(sent[i] + O, t) + O;
        long nextSend = i == 0 ? 0 : sent[i] + GAP + bytes(8);
        for (int child = fanout * i + 1; child <= fanout * i + fanout && child < p; child++) {
            final long s = Math.max(c, nextSend);
            c = s + O;
            nextSend = s + GAP + bytes(8);
            broadcast(child, p, fanout, sent, s + O + L + bytes(8), released);
        }
        released[i] = c;
    }

    private long[] barrier(final String spec, final int p) throws InterruptedException {
        final VirtualMachine m = new VirtualMachine(MODEL, p, 128 * 1024);
        final BarrierRun run = new BarrierRun(spec, m.name(), false, 2);
        final long[] released = new long[p];
        MachineHarness.run(m, (e, pid) -> {
            final BarrierPort[] port = new BarrierPort[1];
            port[0] = run.open(e, (src, type, buffer, offset, length) -> port[0].onFrame(src, type, buffer, offset,
                length), (start, what) -> e.idle());
            port[0].arrive();
            while (!port[0].isReleased()) {
                if (e.poll((src, type, buffer, offset, length) -> port[0].onFrame(src, type, buffer, offset, length),
                    64) == 0) {
                    e.idle();
                }
            }
            released[pid] = e.nanoTime();
        });
        return released;
    }
}
