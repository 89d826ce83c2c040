package org.jbsplib.rbs;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicReferenceArray;

import org.jbsplib.api.BspAbortException;
import org.jbsplib.api.BspTimeoutException;
import org.jbsplib.api.Reg;
import org.jbsplib.core.BspConfig;
import org.jbsplib.core.BspRuntime;
import org.jbsplib.core.RunResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

@Timeout(60)
class RelaxedSyncTest {

    static BspConfig rbs(final int p) {
        return new BspConfig().procs(p).syncMode("rbs").syncTimeoutNs(TimeUnit.SECONDS.toNanos(20));
    }

    @ParameterizedTest
    @CsvSource({"2,auto,-1,16384", "5,auto,-1,16384", "5,never,-1,0", "5,always,-1,16384", "5,never,7,16384",
        "8,auto,3,0", "8,never,11,4"})
    void shouldShiftAroundTheRingWithCommit(final int p, final String policy, final long chaos, final int eager) {
        final int steps = 30;
        final AtomicIntegerArray last = new AtomicIntegerArray(p);
        final RunResult r = BspRuntime.run(rbs(p).chaosSeed(chaos).eagerLimitBytes(eager)
            .option(ExchangePolicy.OPTION, policy), bsp -> {
            final int[] x = new int[2];
            final Reg reg = bsp.pushReg(x);
            bsp.sync();
            final int right = (bsp.pid() + 1) % bsp.nprocs();
            final int left = (bsp.pid() + bsp.nprocs() - 1) % bsp.nprocs();
            int value = bsp.pid();
            for (int i = 0; i < steps; i++) {
                bsp.put(right, new int[] {value, i}, 0, reg, 0, 2);
                bsp.sync();
                bsp.commit(reg, 1);
                if (x[1] != i) {
                    throw new AssertionError("pid " + bsp.pid() + " step " + i + " read the put of step " + x[1]);
                }
                value = x[0] * 3 + 1;
            }
            last.set(bsp.pid(), value);
        });
        // sequential reference
        final int[] v = new int[p];
        for (int i = 0; i < p; i++) {
            v[i] = i;
        }
        for (int i = 0; i < steps; i++) {
            final int[] n = new int[p];
            for (int q = 0; q < p; q++) {
                n[(q + 1) % p] = v[q] * 3 + 1;
            }
            System.arraycopy(n, 0, v, 0, p);
        }
        for (int q = 0; q < p; q++) {
            assertEquals(v[q], last.get(q), "pid " + q);
        }
        final long req = r.stats().stream().mapToLong(s -> s.counter("rbs.req")).sum();
        final long relaxed = r.stats().stream().mapToLong(s -> s.counter("rbs.relaxedSupersteps")).sum();
        final long eagerStreams = r.stats().stream().mapToLong(s -> s.counter("rbs.eagerStreams")).sum();
        if (!"always".equals(policy)) {
            assertTrue(relaxed > 0, "relaxed supersteps: " + relaxed);
            assertTrue(req >= (long) p * (steps - 3), "reqs: " + req);
        } else {
            assertEquals(0, relaxed);
        }
        if (eager < 8 || "always".equals(policy)) {
            assertEquals(0, eagerStreams, "streams of 8 bytes above the eager limit, or no relaxed superstep");
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 3, 6})
    void shouldBroadcastWithoutCommitUnderTheDefaultPolicy(final int p) {
        final AtomicIntegerArray got = new AtomicIntegerArray(p);
        final RunResult r = BspRuntime.run(rbs(p), bsp -> {
            final int[] x = new int[1];
            final Reg reg = bsp.pushReg(x);
            bsp.sync();
            for (int round = 1; round <= 5; round++) {
                if (bsp.pid() == round % bsp.nprocs()) {
                    for (int i = 0; i < bsp.nprocs(); i++) {
                        bsp.put(i, new int[] {round * 10}, 0, reg, 0, 1);
                    }
                }
                bsp.sync();
                got.set(bsp.pid(), x[0]);
            }
        });
        for (int i = 0; i < p; i++) {
            assertEquals(50, got.get(i));
            // a program that never commits never gets a relaxed superstep under the default policy
            assertEquals(0, r.stats().get(i).counter("rbs.relaxedSupersteps"), "pid " + i);
            assertEquals(6, r.stats().get(i).counter("rbs.exchangeSupersteps"), "pid " + i);
        }
    }

    /**
     * The documented exception to ordering rule 2 in relaxed supersteps: a process's own writes (its get results,
     * all from itself, and its puts to itself) are written at its sync, before any put of that superstep from
     * another process, so on overlapping cells the other process's put wins whatever the pids. Exchange supersteps,
     * and the classic sync, keep rule 2: the get result from pid 1 wins over the put from pid 0.
     */
    @ParameterizedTest
    @CsvSource({"rbs,auto,16384,-1", "rbs,auto,0,-1", "rbs,never,16384,5", "rbs,never,0,9", "org,auto,16384,-1"})
    void shouldWriteOwnGetResultsBeforeRemotePutsInRelaxedSupersteps(final String sync, final String policy,
        final int eager, final long chaos) {
        final int rounds = 20;
        final AtomicReferenceArray<int[]> seen = new AtomicReferenceArray<>(2);
        final RunResult r = BspRuntime.run(rbs(2).syncMode(sync).option(ExchangePolicy.OPTION, policy)
            .eagerLimitBytes(eager).chaosSeed(chaos), bsp -> {
            final int[] x = new int[1];
            final int[] y = new int[1];
            final Reg xr = bsp.pushReg(x);
            final Reg yr = bsp.pushReg(y);
            bsp.sync();
            bsp.commit(xr, 0); // every process has committed: under rbs auto, later supersteps may be relaxed
            bsp.sync();
            final int[] got = new int[2 * rounds];
            for (int i = 0; i < 2 * rounds; i++) {
                final boolean exchange = i % 2 == 1;
                y[0] = 1000 + i;
                if (bsp.pid() == 0) {
                    bsp.putInt(1, 55, xr, 0);
                } else {
                    bsp.get(1, yr, 0, x, 0, 1); // a self-get into the cell pid 0 puts into
                }
                if (exchange) {
                    bsp.requestExchange();
                }
                bsp.sync();
                bsp.commit(xr, bsp.pid() == 1 ? 1 : 0);
                got[i] = x[0];
            }
            seen.set(bsp.pid(), got);
        });
        final boolean relaxedSync = "rbs".equals(sync);
        final int[] got = seen.get(1);
        for (int i = 0; i < 2 * rounds; i++) {
            final boolean exchange = i % 2 == 1;
            final int expect = relaxedSync && !exchange ? 55 : 1000 + i;
            assertEquals(expect, got[i], (exchange ? "exchange" : "relaxed") + " superstep " + i + " under " + sync);
        }
        if (relaxedSync) {
            final long relaxed = r.stats().get(1).counter("rbs.relaxedSupersteps");
            assertTrue(relaxed >= rounds, "relaxed supersteps: " + relaxed);
        }
    }

    @Test
    void shouldReadGetsBeforePutsAndDeliverMessagesInExchangeSupersteps() {
        final int p = 4;
        final AtomicReferenceArray<int[]> seen = new AtomicReferenceArray<>(p);
        BspRuntime.run(rbs(p).option(ExchangePolicy.OPTION, "never"), bsp -> {
            final int[] x = {bsp.pid() * 100};
            final Reg reg = bsp.pushReg(x);
            bsp.setTagSize(4);
            bsp.sync();
            final int right = (bsp.pid() + 1) % p;
            final int[] got = new int[1];
            bsp.get(right, reg, 0, got, 0, 1);
            bsp.put(right, new int[] {-1}, 0, reg, 0, 1);
            bsp.send(right, new byte[] {1, 2, 3, (byte) bsp.pid()}, new byte[] {(byte) (bsp.pid() + 7)});
            RelaxedSync.requestExchange(bsp);
            bsp.sync();
            bsp.commit(reg, 1);
            final byte[] tag = new byte[4];
            final int len = bsp.getTag(tag);
            final byte[] payload = new byte[1];
            bsp.move(payload, 0, 1);
            seen.set(bsp.pid(), new int[] {got[0], x[0], len, tag[3], payload[0], bsp.qsize().packets()});
        });
        for (int i = 0; i < p; i++) {
            final int left = (i + p - 1) % p;
            assertArrayEquals(new int[] {((i + 1) % p) * 100, -1, 1, left, left + 7, 0}, seen.get(i), "pid " + i);
        }
    }

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void shouldRejectAGetOrASendInARelaxedSuperstep(final boolean get) {
        final BspAbortException e = assertThrows(BspAbortException.class, () ->
            BspRuntime.run(rbs(2).option(ExchangePolicy.OPTION, "never"), bsp -> {
                final int[] x = new int[1];
                final Reg reg = bsp.pushReg(x);
                bsp.sync();
                bsp.get(bsp.pid(), reg, 0, new int[1], 0, 1); // from itself: fine
                bsp.send(bsp.pid(), new byte[0], new byte[] {1}); // to itself: fine
                bsp.sync();
                if (get) {
                    bsp.get(1 - bsp.pid(), reg, 0, new int[1], 0, 1);
                } else {
                    bsp.send(1 - bsp.pid(), new byte[0], new byte[] {1});
                }
                bsp.sync();
            }));
        assertTrue(e.getMessage().contains((get ? "get from pid " : "send to pid ") + "1 in superstep 2 on pid 0 needs "
            + "the count exchange") || e.getMessage().contains((get ? "get from pid " : "send to pid ")
            + "0 in superstep 2 on pid 1 needs the count exchange"), e.getMessage());
    }

    @Test
    void shouldIgnoreAnExchangeRequestUnderTheClassicSync() {
        final AtomicIntegerArray flags = new AtomicIntegerArray(2);
        BspRuntime.run(new BspConfig().procs(2).syncMode("org"), bsp -> {
            RelaxedSync.requestExchange(bsp);
            flags.set(bsp.pid(), RelaxedSync.isRelaxed(bsp) ? 1 : 2);
            bsp.sync();
        });
        assertEquals(2, flags.get(0));
        assertEquals(2, flags.get(1));
    }

    @Test
    void shouldDetectAnExchangeRequestedByOneProcessOnly() {
        final BspAbortException e = assertThrows(BspAbortException.class, () ->
            BspRuntime.run(rbs(3).option(ExchangePolicy.OPTION, "never"), bsp -> {
                final int[] x = new int[1];
                bsp.pushReg(x);
                bsp.sync();
                if (bsp.pid() == 1) {
                    RelaxedSync.requestExchange(bsp);
                }
                bsp.sync();
                bsp.sync();
            }));
        assertTrue(e.getMessage().contains("the count exchange is collective"), e.getMessage());
    }

    @Test
    void shouldFailACommitThatReceivedMoreThanN() {
        final BspAbortException e = assertThrows(BspAbortException.class, () ->
            BspRuntime.run(rbs(3).option(ExchangePolicy.OPTION, "never"), bsp -> {
                final int[] x = new int[1];
                final Reg reg = bsp.pushReg(x);
                bsp.sync();
                if (bsp.pid() != 0) {
                    bsp.put(0, new int[] {bsp.pid()}, 0, reg, 0, 1);
                }
                bsp.sync();
                if (bsp.pid() == 0) {
                    bsp.commit(reg, 1);
                }
                bsp.sync();
            }));
        assertTrue(e.getMessage().contains("received 2 updates in superstep 1 on pid 0, more than n=1"),
            e.getMessage());
        assertTrue(e.getMessage().contains("reg#0"), e.getMessage());
    }

    @Test
    void shouldDiagnoseACommitWhoseCountIsNeverReached() {
        final BspAbortException e = assertThrows(BspAbortException.class, () ->
            BspRuntime.run(rbs(3).option(ExchangePolicy.OPTION, "never").eagerLimitBytes(0)
                .syncTimeoutNs(TimeUnit.MILLISECONDS.toNanos(400)).deadlockDetection(false), bsp -> {
                    final int[] x = new int[1];
                    final Reg reg = bsp.pushReg(x);
                    bsp.sync();
                    if (bsp.pid() == 1) {
                        bsp.put(0, new int[] {1}, 0, reg, 0, 1);
                    }
                    bsp.sync();
                    if (bsp.pid() == 2) {
                        bsp.put(0, new int[] {2}, 0, reg, 0, 1); // superstep 2: too late for pid 0's commit
                        bsp.sync();
                    } else if (bsp.pid() == 0) {
                        bsp.commit(reg, 2);
                        bsp.sync();
                    } else {
                        bsp.sync();
                    }
                }));
        final BspTimeoutException t = assertInstanceOf(BspTimeoutException.class, e.getCause(), e.toString());
        final String d = t.getMessage();
        // whichever waiting process times out first lists its own wait and the posted waits of the others (pid 1,
        // which has ended its program, waits twice as long)
        assertTrue(d.matches("(?s)pid [02] waited \\d+ ms without progress in .*"), d);
        assertTrue(d.contains("commit(reg#0(int[][1]), n=2) of superstep 2: 1 of 2 updates of superstep 1"), d);
        assertTrue(d.contains("acknowledge table: from pid 2 (superstep 2)"), d);
        assertTrue(d.contains("to pid 0 (superstep 2, not acknowledged)"), d);
        assertTrue(d.contains("pid 1: waiting"), d);
    }

    @Test
    void shouldFailACommitAtOnceWhenEveryOtherProcessHasEnded() {
        // with eager streams, pid 2's late put does not keep it waiting: everybody else ends
        final BspAbortException e = assertThrows(BspAbortException.class, () ->
            BspRuntime.run(rbs(3).option(ExchangePolicy.OPTION, "never"), bsp -> {
                final int[] x = new int[1];
                final Reg reg = bsp.pushReg(x);
                bsp.sync();
                if (bsp.pid() == 1) {
                    bsp.put(0, new int[] {1}, 0, reg, 0, 1);
                }
                bsp.sync();
                if (bsp.pid() == 2) {
                    bsp.put(0, new int[] {2}, 0, reg, 0, 1);
                }
                if (bsp.pid() == 0) {
                    bsp.commit(reg, 2);
                }
                bsp.sync();
            }));
        assertTrue(e.getMessage().contains("commit: reg#0(int[][1]) on pid 0 can never receive n=2 updates of "
            + "superstep 1: it has 1 and every other process has ended its program"), e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 16384})
    void shouldServeASlowProducerAfterTheConsumerEnded(final int eager) {
        // pid 1 never commits the last put and makes it only once pid 0 has passed its last sync: pid 0 ends before
        // pid 1's request arrives, and must still serve it (relaxed supersteps wait for no one, so pid 0 gets there)
        final AtomicIntegerArray ended = new AtomicIntegerArray(1);
        final int[][] areas = new int[2][];
        BspRuntime.run(rbs(2).option(ExchangePolicy.OPTION, "never").eagerLimitBytes(eager), bsp -> {
            final int[] x = new int[1];
            areas[bsp.pid()] = x;
            final Reg reg = bsp.pushReg(x);
            bsp.sync();
            if (bsp.pid() == 1) {
                while (ended.get(0) == 0) {
                    Thread.yield(); // the class's timeout fails the test if pid 0 never gets there
                }
                bsp.put(0, new int[] {5}, 0, reg, 0, 1);
            }
            bsp.sync();
            bsp.sync();
            if (bsp.pid() == 0) {
                ended.set(0, 1);
            }
        });
        // the run's end orders the threads' writes before this read
        assertEquals(5, areas[0][0], "pid 1's put, made after pid 0's last sync, written into pid 0's area");
    }

    @Test
    void shouldRejectCommitOnAnUnregisteredArea() {
        final BspAbortException e = assertThrows(BspAbortException.class, () ->
            BspRuntime.run(rbs(2), bsp -> {
                final Reg reg = bsp.pushReg(new int[3]);
                bsp.commit(reg, 0);
            }));
        assertInstanceOf(IllegalArgumentException.class, e.getCause());
        assertTrue(e.getMessage().contains("commit: reg#pending(int[][3]) is not registered on pid"), e.getMessage());
    }

    @Test
    void shouldApplyRegistrationsAndPopsUnderRelaxedSync() {
        final int p = 3;
        final AtomicIntegerArray sum = new AtomicIntegerArray(p);
        BspRuntime.run(rbs(p).option(ExchangePolicy.OPTION, "never"), bsp -> {
            final int[] a = new int[p];
            final Reg ra = bsp.pushReg(a);
            bsp.sync();
            final int[] b = new int[p];
            final Reg rb = bsp.pushReg(b);
            bsp.popReg(ra);
            for (int i = 0; i < p; i++) {
                bsp.put(i, new int[] {bsp.pid() + 1}, 0, ra, bsp.pid(), 1);
            }
            bsp.sync(); // registration changes: an exchange superstep, a is complete after it
            for (int i = 0; i < p; i++) {
                bsp.put(i, new int[] {a[bsp.pid()] * 10 + i}, 0, rb, bsp.pid(), 1);
            }
            bsp.sync();
            bsp.commit(rb, p);
            int s = 0;
            for (int i = 0; i < p; i++) {
                s += a[i] + b[i];
            }
            sum.set(bsp.pid(), s);
        });
        for (int i = 0; i < p; i++) {
            int expected = 0;
            for (int q = 0; q < p; q++) {
                expected += (q + 1) + (q + 1) * 10 + i;
            }
            assertEquals(expected, sum.get(i), "pid " + i);
        }
    }
}
