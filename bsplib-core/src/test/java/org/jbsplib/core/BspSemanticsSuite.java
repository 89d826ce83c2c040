package org.jbsplib.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicReferenceArray;

import org.agrona.concurrent.UnsafeBuffer;
import org.jbsplib.api.Bsp;
import org.jbsplib.api.BspProgram;
import org.jbsplib.api.QueueSize;
import org.jbsplib.api.Reg;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The semantics of every primitive, written once and run against every sync mode, transport and barrier backend
 * (subclasses choose the configuration in {@link #config(int)}). Each test reads received data only after
 * {@code commit(reg, n)} with the exact number of updates, so the same program is correct under the classic sync
 * (where commit checks the count of the last superstep) and under the relaxed sync (where commit waits for it).
 */
@Timeout(60)
public abstract class BspSemanticsSuite {

    /** @return the configuration of a run with {@code p} processes */
    protected abstract BspConfig config(int p);

    /** Runs {@code program} on {@code p} processes with this suite's configuration. */
    protected RunResult run(final int p, final BspProgram program) {
        return BspRuntime.run(config(p), program);
    }

    /** Asserts inside a process; the failure aborts the run and is rethrown by the test. */
    protected static void check(final boolean condition, final String message) {
        if (!condition) {
            throw new AssertionError(message);
        }
    }

    @ParameterizedTest(name = "P={0}")
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void shouldBroadcastAsInFigure1(final int p) {
        final int[] seen = new int[p];
        run(p, bsp -> {
            final int[] x = new int[1];
            final Reg reg = bsp.pushReg(x);
            bsp.sync();
            if (bsp.pid() == 0) {
                final int[] v = {4711};
                for (int i = 0; i < bsp.nprocs(); i++) {
                    bsp.put(i, v, 0, reg, 0, 1);
                }
            }
            bsp.sync();
            bsp.commit(reg, 1);
            seen[bsp.pid()] = x[0];
        });
        for (int i = 0; i < p; i++) {
            assertEquals(4711, seen[i], "pid " + i);
        }
    }

    @ParameterizedTest(name = "P={0}")
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void shouldReportPidNprocsSuperstepAndTime(final int p) {
        final long[] steps = new long[p];
        run(p, bsp -> {
            check(bsp.nprocs() == p, "nprocs");
            check(bsp.pid() >= 0 && bsp.pid() < p, "pid");
            final double t0 = bsp.time();
            check(bsp.superstep() == 0, "first superstep is 0");
            for (int i = 0; i < 5; i++) {
                bsp.sync();
            }
            check(bsp.time() >= t0, "time is monotonic");
            steps[bsp.pid()] = bsp.superstep();
        });
        for (final long s : steps) {
            assertEquals(5, s);
        }
    }

    @ParameterizedTest(name = "P={0}")
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void shouldCopyPutSourceAtTheCall(final int p) {
        run(p, bsp -> {
            final double[] dst = new double[1];
            final Reg reg = bsp.pushReg(dst);
            bsp.sync();
            final double[] src = {bsp.pid() + 0.5};
            bsp.put((bsp.pid() + 1) % p, src, 0, reg, 0, 1);
            src[0] = -1;
            bsp.sync();
            bsp.commit(reg, 1);
            final int left = (bsp.pid() + p - 1) % p;
            check(dst[0] == left + 0.5, "pid " + bsp.pid() + " got " + dst[0] + " expected " + (left + 0.5));
        });
    }

    @ParameterizedTest(name = "P={0}")
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void shouldDeliverUnbufferedPutsAndGets(final int p) {
        run(p, bsp -> {
            final long[] area = new long[4];
            final Reg reg = bsp.pushReg(area);
            for (int i = 0; i < 4; i++) {
                area[i] = 1000L * bsp.pid() + i;
            }
            bsp.sync();
            final long[] src = {7L * bsp.pid(), 7L * bsp.pid() + 1};
            final int right = (bsp.pid() + 1) % p;
            final long[] got = new long[2];
            bsp.hpGet(right, reg, 2, got, 0, 2);
            bsp.hpPut(right, src, 0, reg, 0, 2);
            bsp.sync();
            bsp.commit(reg, 1);
            final int left = (bsp.pid() + p - 1) % p;
            check(area[0] == 7L * left && area[1] == 7L * left + 1, "hpPut data on pid " + bsp.pid());
            check(got[0] == 1000L * right + 2 && got[1] == 1000L * right + 3, "hpGet data on pid " + bsp.pid());
        });
    }

    @ParameterizedTest(name = "P={0}")
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void shouldReadGetsBeforePutsOfTheSameSuperstep(final int p) {
        run(p, bsp -> {
            final int[] x = {bsp.pid()};
            final Reg reg = bsp.pushReg(x);
            bsp.sync();
            final int right = (bsp.pid() + 1) % p;
            final int[] y = new int[1];
            bsp.get(right, reg, 0, y, 0, 1);
            bsp.put(right, new int[] {100 + bsp.pid()}, 0, reg, 0, 1);
            bsp.sync();
            bsp.commit(reg, 1);
            final int left = (bsp.pid() + p - 1) % p;
            check(y[0] == right, "get on pid " + bsp.pid() + " read " + y[0] + ", not the old value " + right);
            check(x[0] == 100 + left, "put on pid " + bsp.pid() + " wrote " + x[0]);
        });
    }

    @ParameterizedTest(name = "P={0}")
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void shouldApplyOverlappingPutsByPidThenIssueOrder(final int p) {
        run(p, bsp -> {
            final int[] x = new int[2];
            final Reg reg = bsp.pushReg(x);
            bsp.sync();
            // every pid writes x[0] on pid 0 twice: the highest pid's last put wins
            bsp.put(0, new int[] {10 * bsp.pid() + 1}, 0, reg, 0, 1);
            bsp.put(0, new int[] {10 * bsp.pid() + 2}, 0, reg, 0, 1);
            // overlapping ranges from one pid: later put wins on the overlap
            if (bsp.pid() == p - 1) {
                bsp.put(0, new int[] {5, 6}, 0, reg, 0, 2);
                bsp.put(0, new int[] {9}, 0, reg, 1, 1);
            }
            bsp.sync();
            bsp.commit(reg, bsp.pid() == 0 ? 2 * p + 2 : 0);
            if (bsp.pid() == 0) {
                check(x[0] == 5, "x[0]=" + x[0] + " (the last put of pid " + (p - 1) + " must win)");
                check(x[1] == 9, "x[1]=" + x[1]);
            }
        });
    }

    @ParameterizedTest(name = "P={0}")
    @ValueSource(ints = {2, 3, 4})
    void shouldWriteGetResultsBeforePutsOfTheSamePid(final int p) {
        run(p, bsp -> {
            final int[] z = new int[1];
            final int[] w = {50 + bsp.pid()};
            final Reg zr = bsp.pushReg(z);
            final Reg wr = bsp.pushReg(w);
            bsp.sync();
            if (bsp.pid() == 0) {
                bsp.get(1, wr, 0, z, 0, 1); // data from pid 1's memory
            }
            if (bsp.pid() == 1) {
                bsp.put(0, new int[] {7}, 0, zr, 0, 1); // also from pid 1: written after the get result
            }
            bsp.sync();
            bsp.commit(zr, bsp.pid() == 0 ? 1 : 0);
            if (bsp.pid() == 0) {
                check(z[0] == 7, "z=" + z[0] + ": a pid's puts are written after its get results");
            }
        });
    }

    @ParameterizedTest(name = "P={0}")
    @ValueSource(ints = {3, 4})
    void shouldLetAHigherOwnersGetResultWinOverALowerPidsPut(final int p) {
        run(p, bsp -> {
            final int[] z = new int[1];
            final int[] w = {50 + bsp.pid()};
            final Reg zr = bsp.pushReg(z);
            final Reg wr = bsp.pushReg(w);
            bsp.sync();
            if (bsp.pid() == 1) {
                bsp.get(2, wr, 0, z, 0, 1); // from pid 2: written after pid 0's put
            }
            if (bsp.pid() == 0) {
                bsp.put(1, new int[] {7}, 0, zr, 0, 1);
            }
            bsp.sync();
            bsp.commit(zr, bsp.pid() == 1 ? 1 : 0);
            if (bsp.pid() == 1) {
                check(z[0] == 52, "z=" + z[0] + ": pid 2's get result is written after pid 0's put");
            }
        });
    }

    @ParameterizedTest(name = "P={0}")
    @ValueSource(ints = {2, 3})
    void shouldWriteSelfGetResultsAtTheProcessesOwnTurn(final int p) {
        run(p, bsp -> {
            final int[] w = {50 + bsp.pid()};
            final Reg wr = bsp.pushReg(w);
            bsp.sync();
            final int[] x = new int[1]; // not registered
            if (bsp.pid() < 2) {
                bsp.get(1 - bsp.pid(), wr, 0, x, 0, 1);
                bsp.hpGet(bsp.pid(), wr, 0, x, 0, 1);
            }
            bsp.sync();
            if (bsp.pid() < 2) {
                check(x[0] == 51, "x=" + x[0] + " on pid " + bsp.pid() + ": the result from pid 1 is written last");
            }
        });
    }

    @ParameterizedTest(name = "P={0}")
    @ValueSource(ints = {2, 3, 4})
    void shouldSwapAreasWithMutualHpGets(final int p) {
        run(p, bsp -> {
            final int n = 64;
            final long[] a = new long[n];
            final Reg ar = bsp.pushReg(a);
            bsp.sync();
            final int right = (bsp.pid() + 1) % bsp.nprocs();
            for (int s = 0; s < 3; s++) {
                for (int i = 0; i < n; i++) {
                    a[i] = 1000L * bsp.pid() + 100L * s + i;
                }
                bsp.sync();
                // every process reads its right neighbour's area into its own: all must see the old values
                bsp.hpGet(right, ar, 0, a, 0, n);
                bsp.sync();
                for (int i = 0; i < n; i++) {
                    check(a[i] == 1000L * right + 100L * s + i, "a[" + i + "]=" + a[i] + " on pid " + bsp.pid()
                        + " in round " + s);
                }
            }
        });
    }

    @ParameterizedTest(name = "P={0}")
    @ValueSource(ints = {2, 3, 4})
    void shouldReadAnHpGetBeforeAPutToTheSameAreaInItsSuperstep(final int p) {
        run(p, bsp -> {
            final int n = 32;
            final double[] a = new double[n];
            final Reg ar = bsp.pushReg(a);
            bsp.sync();
            final int right = (bsp.pid() + 1) % bsp.nprocs();
            final int left = (bsp.pid() + bsp.nprocs() - 1) % bsp.nprocs();
            java.util.Arrays.fill(a, bsp.pid());
            bsp.sync();
            final double[] got = new double[n];
            final double[] fresh = new double[n];
            java.util.Arrays.fill(fresh, -1 - bsp.pid());
            bsp.hpGet(right, ar, 0, got, 0, n);
            bsp.put(right, fresh, 0, ar, 0, n); // into the area the hpGet reads, in the same superstep
            bsp.sync();
            bsp.commit(ar, 1);
            for (int i = 0; i < n; i++) {
                check(got[i] == right, "got[" + i + "]=" + got[i] + " on pid " + bsp.pid() + ": not the old value");
                check(a[i] == -1 - left, "a[" + i + "]=" + a[i] + " on pid " + bsp.pid() + ": not the put");
            }
        });
    }

    @ParameterizedTest(name = "P={0}")
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void shouldMatchRegistrationsByCallOrderWithDifferentLengths(final int p) {
        run(p, bsp -> {
            final double[] a = new double[bsp.pid() + 1];
            final byte[] unused = new byte[3];
            final Reg ra = bsp.pushReg(a);
            bsp.pushReg(unused);
            bsp.sync();
            // write the last element of everybody's area (lengths differ per pid)
            for (int d = 0; d < p; d++) {
                bsp.put(d, new double[] {bsp.pid()}, 0, ra, d, 1);
            }
            bsp.sync();
            bsp.commit(ra, p);
            check(a[bsp.pid()] == p - 1, "a[last]=" + a[bsp.pid()]);
        });
    }

    @ParameterizedTest(name = "P={0}")
    @ValueSource(ints = {1, 2, 3, 4})
    void shouldReuseSlotsAfterPopAndKeepPoppedRegUsableInItsSuperstep(final int p) {
        run(p, bsp -> {
            final int[] a = new int[1];
            final int[] b = new int[1];
            final Reg ra = bsp.pushReg(a);
            final Reg rb = bsp.pushReg(b);
            bsp.sync();
            check(ra.slot() == 0 && rb.slot() == 1, "slots in push order");
            bsp.popReg(ra);
            bsp.put((bsp.pid() + 1) % p, new int[] {3}, 0, ra, 0, 1); // still valid this superstep
            bsp.sync();
            check(a[0] == 3, "put to a reg popped in the same superstep");
            check(!ra.isActive(), "popped");
            final int[] c = new int[1];
            final Reg rc = bsp.pushReg(c);
            bsp.sync();
            check(rc.slot() == 0, "lowest free slot reused, got " + rc.slot());
            bsp.put((bsp.pid() + 1) % p, new int[] {bsp.pid()}, 0, rc, 0, 1);
            bsp.sync();
            bsp.commit(rc, 1);
            check(c[0] == (bsp.pid() + p - 1) % p, "c=" + c[0]);
        });
    }

    @ParameterizedTest(name = "P={0}")
    @ValueSource(ints = {1, 2, 3, 4})
    void shouldCountAPutIntoAPoppedRegForItNotForTheRegTakingItsSlot(final int p) {
        run(p, bsp -> {
            final int right = (bsp.pid() + 1) % p;
            final int[] a = new int[4];
            final Reg ra = bsp.pushReg(a);
            bsp.sync();
            bsp.popReg(ra);
            final byte[] b = new byte[12];
            final Reg rb = bsp.pushReg(b); // takes the slot of ra at this sync
            bsp.put(right, new int[] {1, 2}, 0, ra, 0, 2);
            bsp.sync();
            check(rb.slot() == ra.slot(), "rb reuses the slot " + ra.slot() + " of ra, got " + rb.slot());
            bsp.commit(rb, 0); // the put went to ra, not to rb
            check(a[0] == 1 && a[1] == 2, "put into the popped ra wrote " + a[0] + ", " + a[1]);
            bsp.put(right, new byte[] {5, 6}, 0, rb, 3, 2);
            bsp.sync();
            bsp.commit(rb, 1);
            check(b[3] == 5 && b[4] == 6, "put into rb wrote " + b[3] + ", " + b[4]);
        });
    }

    @ParameterizedTest(name = "P={0}")
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void shouldMoveEveryElementType(final int p) {
        run(p, bsp -> {
            final int right = (bsp.pid() + 1) % p;
            final int left = (bsp.pid() + p - 1) % p;
            final byte[] bytes = new byte[8];
            final int[] ints = new int[8];
            final long[] longs = new long[8];
            final double[] doubles = new double[8];
            final UnsafeBuffer buffer = new UnsafeBuffer(new byte[16]);
            final Reg rb = bsp.pushReg(bytes);
            final Reg ri = bsp.pushReg(ints);
            final Reg rl = bsp.pushReg(longs);
            final Reg rd = bsp.pushReg(doubles);
            final Reg rbuf = bsp.pushReg(buffer);
            bsp.sync();
            final int me = bsp.pid();
            bsp.put(right, new byte[] {(byte) me, 1, 2}, 0, rb, 5, 3);
            bsp.put(right, new int[] {me, -me}, 0, ri, 6, 2);
            bsp.put(right, new long[] {Long.MAX_VALUE - me}, 0, rl, 7, 1);
            bsp.put(right, new double[] {Math.PI * me, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1e-300},
                0, rd, 0, 8);
            final UnsafeBuffer src = new UnsafeBuffer(new byte[4]);
            src.putInt(0, 0x01020304 + me);
            bsp.put(right, src, 0, rbuf, 12, 4);
            final double[] gd = new double[2];
            final int[] gi = new int[1];
            final UnsafeBuffer gb = new UnsafeBuffer(new byte[4]);
            bsp.get(right, rd, 0, gd, 1, 1);
            bsp.get(right, ri, 0, gi, 0, 1);
            bsp.get(right, rbuf, 0, gb, 0, 4);
            bsp.sync();
            bsp.commit(rb, 1);
            bsp.commit(ri, 1);
            bsp.commit(rl, 1);
            bsp.commit(rd, 1);
            bsp.commit(rbuf, 1);
            check(bytes[5] == (byte) left && bytes[6] == 1 && bytes[7] == 2, "bytes");
            check(ints[6] == left && ints[7] == -left, "ints");
            check(longs[7] == Long.MAX_VALUE - left, "longs");
            check(doubles[0] == Math.PI * left && doubles[7] == 0, "doubles");
            check(buffer.getInt(12) == 0x01020304 + left, "buffer");
            check(gd[1] == 0 && gi[0] == 0 && gb.getInt(0) == 0, "gets read the values before the puts");
        });
    }

    @ParameterizedTest(name = "P={0}")
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void shouldMoveLargePutsAndGetsIntact(final int p) {
        final int n = 300_000; // 2.4 MB: larger than the eager limit and than a frame
        run(p, bsp -> {
            final double[] in = new double[n];
            final double[] out = new double[n];
            for (int i = 0; i < n; i++) {
                out[i] = bsp.pid() * 1e6 + i;
            }
            final Reg rin = bsp.pushReg(in);
            final Reg rout = bsp.pushReg(out);
            bsp.sync();
            final int right = (bsp.pid() + 1) % p;
            final double[] got = new double[n];
            bsp.put(right, out, 0, rin, 0, n);
            bsp.get(right, rout, 0, got, 0, n);
            bsp.sync();
            bsp.commit(rin, 1);
            final int left = (bsp.pid() + p - 1) % p;
            for (int i = 0; i < n; i++) {
                if (in[i] != left * 1e6 + i || got[i] != right * 1e6 + i) {
                    throw new AssertionError("pid " + bsp.pid() + " element " + i + ": in=" + in[i] + " got=" + got[i]);
                }
            }
        });
    }

    @ParameterizedTest(name = "P={0}")
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void shouldDeliverManySmallPutsInAnAllToAll(final int p) {
        run(p, bsp -> {
            final int perPeer = 500;
            final int[] recv = new int[p * perPeer];
            final Reg reg = bsp.pushReg(recv);
            bsp.sync();
            final int[] v = new int[1];
            for (int d = 0; d < p; d++) {
                for (int k = 0; k < perPeer; k++) {
                    v[0] = bsp.pid() * 100_000 + k;
                    bsp.put(d, v, 0, reg, bsp.pid() * perPeer + k, 1);
                }
            }
            bsp.sync();
            bsp.commit(reg, p * perPeer);
            for (int s = 0; s < p; s++) {
                for (int k = 0; k < perPeer; k++) {
                    check(recv[s * perPeer + k] == s * 100_000 + k, "recv from " + s + " #" + k);
                }
            }
        });
    }

    @ParameterizedTest(name = "P={0}")
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void shouldQueueMessagesForTheNextSuperstepBySourceThenSendOrder(final int p) {
        final AtomicReferenceArray<List<String>> seen = new AtomicReferenceArray<>(p);
        run(p, bsp -> {
            check(bsp.tagSize() == 0, "initial tag size is 0");
            check(bsp.setTagSize(4) == 0, "setTagSize returns the size in force");
            check(bsp.tagSize() == 0, "a tag size change takes effect at the next sync");
            bsp.sync();
            check(bsp.tagSize() == 4, "tag size after sync");
            final byte[] tag = new byte[4];
            for (int k = 0; k < 2; k++) {
                for (int d = 0; d < p; d++) {
                    tag[0] = (byte) bsp.pid();
                    tag[1] = (byte) k;
                    final byte[] payload = ("m" + bsp.pid() + "." + k + "->" + d).getBytes(StandardCharsets.UTF_8);
                    bsp.send(d, tag, payload);
                }
            }
            check(bsp.qsize().packets() == 0, "messages are not visible in the superstep they are sent");
            bsp.sync();
            final QueueSize q = bsp.qsize();
            check(q.packets() == 2 * p, "qsize packets " + q.packets());
            long expectBytes = 0;
            for (int s = 0; s < p; s++) {
                for (int k = 0; k < 2; k++) {
                    expectBytes += ("m" + s + "." + k + "->" + bsp.pid()).length();
                }
            }
            check(q.bytes() == expectBytes, "qsize bytes " + q.bytes() + " expected " + expectBytes);
            final List<String> got = new ArrayList<>();
            final byte[] t = new byte[4];
            final byte[] buf = new byte[64];
            int len;
            while ((len = bsp.getTag(t)) >= 0) {
                final int n = bsp.move(buf, 0, buf.length);
                check(n == len, "move copies the payload length");
                got.add(t[0] + "/" + t[1] + ":" + new String(buf, 0, n, StandardCharsets.UTF_8));
            }
            seen.set(bsp.pid(), got);
            bsp.sync();
            check(bsp.qsize().packets() == 0, "the queue is emptied by the next sync");
        });
        for (int d = 0; d < p; d++) {
            final List<String> expect = new ArrayList<>();
            for (int s = 0; s < p; s++) {
                for (int k = 0; k < 2; k++) {
                    expect.add(s + "/" + k + ":m" + s + "." + k + "->" + d);
                }
            }
            assertEquals(expect, seen.get(d), "queue of pid " + d);
        }
    }

    @ParameterizedTest(name = "P={0}")
    @ValueSource(ints = {1, 2, 3, 4})
    void shouldHpMoveWithoutCopyAndTruncateMove(final int p) {
        run(p, bsp -> {
            bsp.setTagSize(2);
            bsp.sync();
            final byte[] big = new byte[100_000];
            for (int i = 0; i < big.length; i++) {
                big[i] = (byte) (i * 31 + bsp.pid());
            }
            bsp.send((bsp.pid() + 1) % p, new byte[] {9, (byte) bsp.pid()}, big);
            bsp.send((bsp.pid() + 1) % p, new byte[] {8, 0}, new byte[] {1, 2, 3, 4, 5});
            bsp.sync();
            final int left = (bsp.pid() + p - 1) % p;
            final UnsafeBuffer tag = new UnsafeBuffer(new byte[0]);
            final UnsafeBuffer payload = new UnsafeBuffer(new byte[0]);
            final int len = bsp.hpMove(tag, payload);
            check(len == big.length && payload.capacity() == big.length, "hpMove length " + len);
            check(tag.getByte(0) == 9 && tag.getByte(1) == left, "hpMove tag");
            for (int i = 0; i < big.length; i += 997) {
                check(payload.getByte(i) == (byte) (i * 31 + left), "hpMove payload byte " + i);
            }
            final byte[] two = new byte[2];
            check(bsp.move(two, 0, 2) == 2 && two[0] == 1 && two[1] == 2, "move truncates to maxLength");
            check(bsp.hpMove(tag, payload) == -1, "empty queue");
        });
    }

    @ParameterizedTest(name = "P={0}")
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void shouldRunManyEmptySupersteps(final int p) {
        run(p, bsp -> {
            for (int i = 0; i < 2000; i++) {
                bsp.sync();
            }
        });
    }

    @ParameterizedTest(name = "P={0}")
    @ValueSource(ints = {2, 3, 4, 8})
    void shouldComputeAnInnerProduct(final int p) {
        final double[] results = new double[p];
        final int n = 10_000;
        run(p, bsp -> {
            final int me = bsp.pid();
            final int lo = (int) ((long) n * me / p);
            final int hi = (int) ((long) n * (me + 1) / p);
            double local = 0;
            for (int i = lo; i < hi; i++) {
                final double x = i + 1;
                local += x * x;
            }
            final double[] partial = new double[p];
            final Reg reg = bsp.pushReg(partial);
            bsp.sync();
            for (int d = 0; d < p; d++) {
                bsp.put(d, new double[] {local}, 0, reg, me, 1);
            }
            bsp.sync();
            bsp.commit(reg, p);
            double sum = 0;
            for (final double v : partial) {
                sum += v;
            }
            results[me] = sum;
        });
        final double exact = (double) n * (n + 1) * (2.0 * n + 1) / 6.0;
        for (final double r : results) {
            assertEquals(exact, r, 0.0);
        }
    }

    @ParameterizedTest(name = "P={0}")
    @ValueSource(ints = {2, 4})
    void shouldKeepProcessesInLockstepAcrossSupersteps(final int p) {
        // a slow process must not let a fast one read a value from a later superstep
        final List<String> errors = Collections.synchronizedList(new ArrayList<>());
        run(p, bsp -> {
            final long[] box = new long[p];
            final Reg reg = bsp.pushReg(box);
            bsp.sync();
            for (int step = 1; step <= 50; step++) {
                if ((step + bsp.pid()) % 7 == 0) {
                    final long until = System.nanoTime() + 200_000;
                    while (System.nanoTime() < until) {
                        Thread.onSpinWait();
                    }
                }
                for (int d = 0; d < p; d++) {
                    bsp.put(d, new long[] {step * 1000L + bsp.pid()}, 0, reg, bsp.pid(), 1);
                }
                bsp.sync();
                bsp.commit(reg, p);
                for (int s = 0; s < p; s++) {
                    if (box[s] != step * 1000L + s) {
                        errors.add("pid " + bsp.pid() + " step " + step + " box[" + s + "]=" + box[s]);
                    }
                }
            }
        });
        assertTrue(errors.isEmpty(), errors.toString());
    }

    @ParameterizedTest(name = "P={0}")
    @ValueSource(ints = {1, 2, 3, 4})
    void shouldPutAndGetSingleValuesAsTheCallsTheyStandFor(final int p) {
        run(p, bsp -> {
            final int me = bsp.pid();
            final int right = (me + 1) % p;
            final int left = (me + p - 1) % p;
            // area "s" receives the short form, area "l" the long form it stands for; both start alike
            final int[] is = filledInts(me), il = filledInts(me);
            final long[] ls = filledLongs(me), ll = filledLongs(me);
            final double[] ds = filledDoubles(me), dl = filledDoubles(me);
            final byte[] bs = filledBytes(me), bl = filledBytes(me);
            final Reg ris = bsp.pushReg(is), ril = bsp.pushReg(il);
            final Reg rls = bsp.pushReg(ls), rll = bsp.pushReg(ll);
            final Reg rds = bsp.pushReg(ds), rdl = bsp.pushReg(dl);
            final Reg rbs = bsp.pushReg(bs), rbl = bsp.pushReg(bl);
            bsp.sync();
            bsp.commit(ris, 0); // every process has committed: under rbs the supersteps after the next are relaxed
            bsp.sync();
            bsp.putInt(right, -7 - me, ris, 1);
            bsp.put(right, new int[] {-7 - me}, 0, ril, 1, 1);
            bsp.putLong(right, Long.MIN_VALUE + me, rls, 2);
            bsp.put(right, new long[] {Long.MIN_VALUE + me}, 0, rll, 2, 1);
            bsp.putDouble(right, -0.5 * me, rds, 3);
            bsp.put(right, new double[] {-0.5 * me}, 0, rdl, 3, 1);
            bsp.putByte(right, (byte) (-1 - me), rbs, 0);
            bsp.put(right, new byte[] {(byte) (-1 - me)}, 0, rbl, 0, 1);
            // gets of one value, from the cells the puts above write: they read the values before the puts
            final int[] gi = new int[4];
            final long[] gl = new long[4];
            final double[] gd = new double[4];
            final byte[] gb = new byte[4];
            bsp.getInt(right, ris, 1, gi, 2);
            bsp.get(right, ril, 1, gi, 3, 1);
            bsp.getLong(right, rls, 2, gl, 2);
            bsp.get(right, rll, 2, gl, 3, 1);
            bsp.getDouble(right, rds, 3, gd, 2);
            bsp.get(right, rdl, 3, gd, 3, 1);
            bsp.getByte(right, rbs, 0, gb, 2);
            bsp.get(right, rbl, 0, gb, 3, 1);
            bsp.requestExchange(); // remote gets: needed once every process has committed under rbs, no-op under org
            bsp.sync();
            for (final Reg r : new Reg[] {ris, ril, rls, rll, rds, rdl, rbs, rbl}) {
                bsp.commit(r, 1);
            }
            check(java.util.Arrays.equals(is, il) && is[1] == -7 - left, "ints " + java.util.Arrays.toString(is)
                + " vs " + java.util.Arrays.toString(il));
            check(java.util.Arrays.equals(ls, ll) && ls[2] == Long.MIN_VALUE + left, "longs");
            check(java.util.Arrays.equals(ds, dl) && ds[3] == -0.5 * left, "doubles");
            check(java.util.Arrays.equals(bs, bl) && bs[0] == (byte) (-1 - left), "bytes");
            check(gi[2] == gi[3] && gi[2] == filledInts(right)[1], "getInt " + java.util.Arrays.toString(gi));
            check(gl[2] == gl[3] && gl[2] == filledLongs(right)[2], "getLong " + java.util.Arrays.toString(gl));
            check(gd[2] == gd[3] && gd[2] == filledDoubles(right)[3], "getDouble " + java.util.Arrays.toString(gd));
            check(gb[2] == gb[3] && gb[2] == filledBytes(right)[0], "getByte " + java.util.Arrays.toString(gb));
            check(gi[0] == 0 && gi[1] == 0 && gl[0] == 0 && gd[1] == 0 && gb[0] == 0, "other cells untouched");
        });
    }

    @ParameterizedTest(name = "P={0}")
    @ValueSource(ints = {1, 2, 3, 4})
    void shouldPutAndGetWholeArraysAsTheCallsTheyStandFor(final int p) {
        run(p, bsp -> {
            final int me = bsp.pid();
            final int right = (me + 1) % p;
            final int left = (me + p - 1) % p;
            final int[] is = filledInts(me), il = filledInts(me);
            final long[] ls = filledLongs(me), ll = filledLongs(me);
            final double[] ds = filledDoubles(me), dl = filledDoubles(me);
            final byte[] bs = filledBytes(me), bl = filledBytes(me);
            final Reg ris = bsp.pushReg(is), ril = bsp.pushReg(il);
            final Reg rls = bsp.pushReg(ls), rll = bsp.pushReg(ll);
            final Reg rds = bsp.pushReg(ds), rdl = bsp.pushReg(dl);
            final Reg rbs = bsp.pushReg(bs), rbl = bsp.pushReg(bl);
            bsp.sync();
            bsp.commit(ris, 0); // every process has committed: under rbs the supersteps after the next are relaxed
            bsp.sync();
            final int[] i2 = {me, -me};
            final long[] l2 = {me * 3L, Long.MAX_VALUE};
            final double[] d2 = {me + 0.25, Double.NaN};
            final byte[] b2 = {(byte) me, 9};
            // put(pid, src, dst) = put(pid, src, 0, dst, 0, src.length); put(pid, src, dst, k) = ... dst, k, src.length
            bsp.put(right, i2, ris);
            bsp.put(right, i2, ris, 4);
            bsp.put(right, i2, 0, ril, 0, i2.length);
            bsp.put(right, i2, 0, ril, 4, i2.length);
            bsp.put(right, l2, rls);
            bsp.put(right, l2, rls, 5);
            bsp.put(right, l2, 0, rll, 0, l2.length);
            bsp.put(right, l2, 0, rll, 5, l2.length);
            bsp.put(right, d2, rds);
            bsp.put(right, d2, rds, 6);
            bsp.put(right, d2, 0, rdl, 0, d2.length);
            bsp.put(right, d2, 0, rdl, 6, d2.length);
            bsp.put(right, b2, rbs);
            bsp.put(right, b2, rbs, 2);
            bsp.put(right, b2, 0, rbl, 0, b2.length);
            bsp.put(right, b2, 0, rbl, 2, b2.length);
            i2[0] = -99; // the whole-array forms copy at the call, like put
            // get(pid, src, dst) = get(pid, src, 0, dst, 0, dst.length); get(pid, src, k, dst) = ... src, k, dst, 0
            final int[][] gi = new int[4][3];
            final long[][] gl = new long[4][3];
            final double[][] gd = new double[4][3];
            final byte[][] gb = new byte[4][3];
            bsp.get(right, ris, gi[0]);
            bsp.get(right, ril, 0, gi[1], 0, 3);
            bsp.get(right, ris, 5, gi[2]);
            bsp.get(right, ril, 5, gi[3], 0, 3);
            bsp.get(right, rls, gl[0]);
            bsp.get(right, rll, 0, gl[1], 0, 3);
            bsp.get(right, rls, 5, gl[2]);
            bsp.get(right, rll, 5, gl[3], 0, 3);
            bsp.get(right, rds, gd[0]);
            bsp.get(right, rdl, 0, gd[1], 0, 3);
            bsp.get(right, rds, 5, gd[2]);
            bsp.get(right, rdl, 5, gd[3], 0, 3);
            bsp.get(right, rbs, gb[0]);
            bsp.get(right, rbl, 0, gb[1], 0, 3);
            bsp.get(right, rbs, 5, gb[2]);
            bsp.get(right, rbl, 5, gb[3], 0, 3);
            bsp.requestExchange();
            bsp.sync();
            for (final Reg r : new Reg[] {ris, ril, rls, rll, rds, rdl, rbs, rbl}) {
                bsp.commit(r, 2);
            }
            check(java.util.Arrays.equals(is, il) && is[0] == left && is[5] == -left, "ints "
                + java.util.Arrays.toString(is) + " vs " + java.util.Arrays.toString(il));
            check(java.util.Arrays.equals(ls, ll) && ls[6] == Long.MAX_VALUE, "longs");
            check(java.util.Arrays.equals(ds, dl) && ds[0] == left + 0.25 && Double.isNaN(ds[7]), "doubles");
            check(java.util.Arrays.equals(bs, bl) && bs[2] == (byte) left, "bytes");
            for (int k = 0; k < 4; k += 2) {
                check(java.util.Arrays.equals(gi[k], gi[k + 1]), "int gets " + k);
                check(java.util.Arrays.equals(gl[k], gl[k + 1]), "long gets " + k);
                check(java.util.Arrays.equals(gd[k], gd[k + 1]), "double gets " + k);
                check(java.util.Arrays.equals(gb[k], gb[k + 1]), "byte gets " + k);
            }
            check(java.util.Arrays.equals(gi[0], java.util.Arrays.copyOfRange(filledInts(right), 0, 3))
                && java.util.Arrays.equals(gd[2], java.util.Arrays.copyOfRange(filledDoubles(right), 5, 8)),
                "gets read the values before the puts");
        });
    }

    @ParameterizedTest(name = "P={0}")
    @ValueSource(ints = {1, 2, 3, 4})
    void shouldSendAndMoveTypedPayloadsAsLittleEndianBytes(final int p) {
        run(p, bsp -> {
            final int me = bsp.pid();
            final int right = (me + 1) % p;
            final int left = (me + p - 1) % p;
            final Reg unused = bsp.pushReg(new int[1]);
            bsp.setTagSize(1);
            bsp.sync();
            bsp.commit(unused, 0); // every process has committed: under rbs the supersteps after the next are relaxed
            bsp.sync();
            final int[] ints = {me, -me, Integer.MIN_VALUE};
            final long[] longs = {Long.MAX_VALUE - me, me};
            final double[] doubles = {Math.PI * me, -0.0, 1e-300};
            bsp.send(right, new byte[] {1}, ints);
            bsp.send(right, new byte[] {2}, longs);
            bsp.send(right, new byte[] {3}, doubles);
            bsp.send(right, new byte[] {4}, ints, 1, 2);           // = send(pid, tag, new int[] {-me, MIN}, 0, 2)
            bsp.send(right, new byte[] {5}, longs, 1, 1);
            bsp.send(right, new byte[] {6}, doubles, 2, 1);
            final java.nio.ByteBuffer le = java.nio.ByteBuffer.allocate(12).order(java.nio.ByteOrder.LITTLE_ENDIAN);
            le.putInt(7).putInt(8 + me).putInt(9);
            bsp.send(right, new byte[] {7}, le.array());            // hand-encoded: typed move reads it alike
            ints[0] = 12345;                                        // copied at the call
            bsp.requestExchange();
            bsp.sync();
            check(bsp.qsize().packets() == 7 && bsp.qsize().bytes() == 12 + 16 + 24 + 8 + 8 + 8 + 12,
                "qsize " + bsp.qsize());
            final int[] gi = new int[4];
            final long[] gl = new long[3];
            final double[] gd = new double[3];
            final byte[] tag = new byte[1];
            check(bsp.getTag(tag) == 12 && tag[0] == 1, "tag 1");
            check(bsp.move(gi, 1, 3) == 3 && gi[1] == left && gi[2] == -left && gi[3] == Integer.MIN_VALUE,
                "ints " + java.util.Arrays.toString(gi));
            check(bsp.move(gl, 0, 3) == 2 && gl[0] == Long.MAX_VALUE - left && gl[1] == left, "longs");
            check(bsp.move(gd, 0, 3) == 3 && gd[0] == Math.PI * left && Double.doubleToRawLongBits(gd[1])
                == Double.doubleToRawLongBits(-0.0) && gd[2] == 1e-300, "doubles " + java.util.Arrays.toString(gd));
            final UnsafeBuffer t = new UnsafeBuffer(new byte[0]);
            final UnsafeBuffer payload = new UnsafeBuffer(new byte[0]);
            check(bsp.hpMove(t, payload) == 8 && t.getByte(0) == 4, "slice of ints: 8 bytes");
            check(payload.getInt(0, java.nio.ByteOrder.LITTLE_ENDIAN) == -left
                && payload.getInt(4, java.nio.ByteOrder.LITTLE_ENDIAN) == Integer.MIN_VALUE, "little-endian ints");
            final byte[] raw = new byte[8];
            check(bsp.move(raw, 0, 8) == 8 && java.nio.ByteBuffer.wrap(raw).order(java.nio.ByteOrder.LITTLE_ENDIAN)
                .getLong() == left, "little-endian long read by move(byte[])");
            check(bsp.move(gd, 0, 1) == 1 && gd[0] == 1e-300, "slice of doubles");
            check(bsp.move(gi, 0, 2) == 2 && gi[0] == 7 && gi[1] == 8 + left && gi[2] == -left,
                "move(int[]) truncates to maxLength: " + java.util.Arrays.toString(gi));
            check(bsp.qsize().packets() == 0, "all moved");
            try {
                bsp.move(gi, 0, 1);
                check(false, "move(int[]) on an empty queue must fail");
            } catch (final IllegalStateException e) {
                check(e.getMessage().contains("empty"), e.getMessage());
            }
        });
    }

    @ParameterizedTest(name = "P={0}")
    @ValueSource(ints = {1, 2, 3})
    void shouldKeepTheTagSizeAMessageWasSentWith(final int p) {
        run(p, bsp -> {
            final int right = (bsp.pid() + 1) % p;
            final int left = (bsp.pid() + p - 1) % p;
            bsp.setTagSize(8);
            bsp.sync();
            final byte[] tag8 = {1, 2, 3, 4, 5, 6, 7, (byte) bsp.pid()};
            bsp.send(right, tag8, new byte[] {42});
            bsp.setTagSize(2); // the message above keeps its 8-byte tag
            bsp.sync();
            check(bsp.tagSize() == 2, "tag size " + bsp.tagSize());
            final byte[] wide = {-1, -1, -1, -1, -1, -1, -1, -1, -1, -1};
            check(bsp.getTag(wide) == 1, "getTag returns the payload length");
            check(wide[7] == left && wide[0] == 1 && wide[8] == -1 && wide[9] == -1,
                "getTag writes the message's 8 tag bytes and leaves the rest: " + java.util.Arrays.toString(wide));
            try {
                bsp.getTag(new byte[2]);
                check(false, "getTag(new byte[2]) on a message with an 8-byte tag must fail");
            } catch (final IllegalArgumentException e) {
                check(e.getMessage().contains("tag length=2") && e.getMessage().contains("tag length=8")
                    && e.getMessage().contains("tagSize()=2"), e.getMessage());
            }
            final UnsafeBuffer t = new UnsafeBuffer(new byte[0]);
            final UnsafeBuffer payload = new UnsafeBuffer(new byte[0]);
            check(bsp.hpMove(t, payload) == 1 && t.capacity() == 8 && t.getByte(7) == left, "hpMove tag view");
            bsp.send(right, new byte[] {9, (byte) bsp.pid()}, new byte[0]);
            bsp.setTagSize(0);
            bsp.requestExchange();
            bsp.sync();
            final byte[] two = {-1, -1};
            check(bsp.getTag(two) == 0 && two[1] == left, "2-byte tag, empty payload: returns 0");
            bsp.move(two, 0, 0);
            check(bsp.getTag(two) == -1 && two[1] == left, "empty queue: -1, tag unchanged");
            bsp.send(right, new byte[0], new byte[] {1, 2, 3});
            bsp.requestExchange();
            bsp.sync();
            final byte[] none = {-5};
            check(bsp.getTag(none) == 3 && none[0] == -5, "a 0-byte tag leaves the array untouched");
            check(bsp.getTag(new byte[0]) == 3, "an empty array fits a 0-byte tag");
        });
    }

    private static int[] filledInts(final int pid) {
        final int[] a = new int[8];
        for (int i = 0; i < a.length; i++) {
            a[i] = 100 * pid + i;
        }
        return a;
    }

    private static long[] filledLongs(final int pid) {
        final long[] a = new long[8];
        for (int i = 0; i < a.length; i++) {
            a[i] = (1L << 40) * pid + i;
        }
        return a;
    }

    private static double[] filledDoubles(final int pid) {
        final double[] a = new double[8];
        for (int i = 0; i < a.length; i++) {
            a[i] = pid + i / 8.0;
        }
        return a;
    }

    private static byte[] filledBytes(final int pid) {
        final byte[] a = new byte[8];
        for (int i = 0; i < a.length; i++) {
            a[i] = (byte) (16 * pid + i);
        }
        return a;
    }

    /** A helper for subclasses: element-wise equality with a message. */
    protected static void assertSame(final double[] expected, final double[] actual) {
        assertArrayEquals(expected, actual);
    }
}
