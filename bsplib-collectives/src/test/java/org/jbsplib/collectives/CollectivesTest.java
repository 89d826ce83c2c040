package org.jbsplib.collectives;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.LongBinaryOperator;
import java.util.stream.Stream;

import org.jbsplib.api.Bsp;
import org.jbsplib.core.BspConfig;
import org.jbsplib.core.BspRuntime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every collective against a sequential reference: each process can compute every process's input (a hash of pid,
 * index and a salt), so it computes the expected result itself and compares. Runs for P in {1, 2, 3, 4, 8} under
 * the classic and the relaxed sync, and under both with a chaos seed; lengths 0, 1, not divisible by P, and with the
 * two-phase forms forced (threshold 0).
 */
@Timeout(120)
class CollectivesTest {
    /** Associative, not commutative: composition of x -> a x + b (mod 2^16), packed as a << 32 | b. */
    static final LongBinaryOperator AFFINE = (f, g) -> {
        final long a1 = f >>> 32;
        final long b1 = f & 0xffffffffL;
        final long a2 = g >>> 32;
        final long b2 = g & 0xffffffffL;
        return ((a1 * a2) & 0xffff) << 32 | ((a2 * b1 + b2) & 0xffff);
    };

    private static final int[] LENGTHS = {0, 1, 5, 13};

    static Stream<Arguments> configs() {
        final List<Arguments> list = new ArrayList<>();
        for (final int p : new int[] {1, 2, 3, 4, 8}) {
            list.add(Arguments.of(p, "org", -1L));
            list.add(Arguments.of(p, "rbs", -1L));
        }
        list.add(Arguments.of(4, "org", 7L));
        list.add(Arguments.of(5, "rbs", 11L));
        return list.stream();
    }

    static int ival(final int salt, final int pid, final int i) {
        long z = salt * 0x9E3779B97F4A7C15L + pid * 0xBF58476D1CE4E5B9L + i * 0x94D049BB133111EBL;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return (int) Math.floorMod(z ^ (z >>> 31), 1000L) - 500;
    }

    static long affine(final int salt, final int pid, final int i) {
        return (long) (ival(salt, pid, i) & 0xffff) << 32 | (ival(salt + 1, pid, i) & 0xffff);
    }

    @ParameterizedTest(name = "P={0} sync={1} chaos={2}")
    @MethodSource("configs")
    void shouldAgreeWithTheSequentialReference(final int p, final String sync, final long chaos) {
        final Queue<String> failures = new ConcurrentLinkedQueue<>();
        BspRuntime.run(new BspConfig().procs(p).syncMode(sync).chaosSeed(chaos), bsp -> {
            try (Collectives coll = new Collectives(bsp)) {
                exercise(bsp, coll, failures);
                coll.twoPhaseThreshold(0);
                exercise(bsp, coll, failures);
            }
        });
        assertTrue(failures.isEmpty(), () -> "P=" + p + " sync=" + sync + " chaos=" + chaos + ": " + failures);
    }

    private static void exercise(final Bsp bsp, final Collectives coll, final Queue<String> failures) {
        final int p = bsp.nprocs();
        final int me = bsp.pid();
        final String tag = "threshold=" + coll.twoPhaseThreshold() + " pid " + me + " ";
        for (final int n : LENGTHS) {
            final int root = (n + 1) % p;
            // broadcast: three types, data at an offset, the rest untouched
            final double[] d = new double[n + 2];
            final int[] iv = new int[n];
            final long[] lv = new long[n];
            for (int i = 0; i < n; i++) {
                d[i + 1] = me == root ? ival(1, root, i) : -1;
                iv[i] = me == root ? ival(2, root, i) : -1;
                lv[i] = me == root ? affine(3, root, i) : -1;
            }
            d[0] = 99;
            d[n + 1] = 99;
            coll.broadcast(root, d, 1, n);
            coll.broadcast(root, iv, 0, n);
            coll.broadcast(root, lv, 0, n);
            for (int i = 0; i < n; i++) {
                check(failures, tag + "broadcast double n=" + n + " i=" + i, ival(1, root, i), d[i + 1]);
                check(failures, tag + "broadcast int n=" + n + " i=" + i, ival(2, root, i), iv[i]);
                check(failures, tag + "broadcast long n=" + n + " i=" + i, affine(3, root, i), lv[i]);
            }
            check(failures, tag + "broadcast guard", 99, d[0] + d[n + 1] - 99);

            // allReduce (int sum, long affine in pid order), reduce (double sum to root)
            final int[] sum = new int[n];
            final long[] aff = new long[n];
            final double[] red = new double[n];
            for (int i = 0; i < n; i++) {
                sum[i] = ival(4, me, i);
                aff[i] = affine(5, me, i);
                red[i] = ival(6, me, i);
            }
            coll.allReduce(sum, 0, n, Integer::sum);
            coll.allReduce(aff, 0, n, AFFINE);
            coll.reduce(root, red, 0, n, Double::sum);
            for (int i = 0; i < n; i++) {
                int es = 0;
                long ea = affine(5, 0, i);
                double ed = 0;
                for (int q = 0; q < p; q++) {
                    es += ival(4, q, i);
                    ea = q == 0 ? ea : AFFINE.applyAsLong(ea, affine(5, q, i));
                    ed += ival(6, q, i);
                }
                check(failures, tag + "allReduce int n=" + n + " i=" + i, es, sum[i]);
                check(failures, tag + "allReduce long n=" + n + " i=" + i, ea, aff[i]);
                check(failures, tag + "reduce double n=" + n + " i=" + i, me == root ? ed : ival(6, me, i), red[i]);
            }

            // scan (long affine: order matters)
            final long[] sc = new long[n];
            for (int i = 0; i < n; i++) {
                sc[i] = affine(7, me, i);
            }
            coll.scan(sc, 0, n, AFFINE);
            for (int i = 0; i < n; i++) {
                long e = affine(7, 0, i);
                for (int q = 1; q <= me; q++) {
                    e = AFFINE.applyAsLong(e, affine(7, q, i));
                }
                check(failures, tag + "scan long n=" + n + " i=" + i, e, sc[i]);
            }

            // gather, allGather, scatter, allToAll
            final double[] mine = new double[n];
            for (int i = 0; i < n; i++) {
                mine[i] = ival(8, me, i);
            }
            final double[] g = new double[p * n + 1];
            final double[] ag = new double[p * n];
            coll.gather(root, mine, 0, n, me == root ? g : null, 1);
            coll.allGather(mine, 0, n, ag, 0);
            final int[] sendAll = new int[p * n];
            for (int k = 0; k < p * n; k++) {
                sendAll[k] = ival(9, root, k);
            }
            final int[] part = new int[n];
            coll.scatter(root, me == root ? sendAll : null, 0, part, 0, n);
            final long[] a2a = new long[p * n];
            for (int q = 0; q < p; q++) {
                for (int i = 0; i < n; i++) {
                    a2a[q * n + i] = ival(10, me, q * n + i);
                }
            }
            coll.allToAll(a2a, 0, a2a, 0, n);
            for (int q = 0; q < p; q++) {
                for (int i = 0; i < n; i++) {
                    if (me == root) {
                        check(failures, tag + "gather n=" + n + " q=" + q + " i=" + i, ival(8, q, i), g[1 + q * n + i]);
                    }
                    check(failures, tag + "allGather n=" + n + " q=" + q + " i=" + i, ival(8, q, i), ag[q * n + i]);
                    check(failures, tag + "allToAll n=" + n + " q=" + q + " i=" + i, ival(10, q, me * n + i),
                        a2a[q * n + i]);
                }
            }
            for (int i = 0; i < n; i++) {
                check(failures, tag + "scatter n=" + n + " i=" + i, ival(9, root, me * n + i), part[i]);
            }
        }
        // scalars
        check(failures, tag + "allReduceInt", p * (p + 1) / 2, coll.allReduceInt(me + 1, Integer::sum));
        check(failures, tag + "allReduceDouble", p - 1, coll.allReduceDouble(me, Math::max));
        check(failures, tag + "scanLong", (long) (me + 1) * (me + 2) / 2, coll.scanLong(me + 1, Long::sum));
        allToAllvAndSort(bsp, coll, failures, tag);
    }

    private static void allToAllvAndSort(final Bsp bsp, final Collectives coll, final Queue<String> failures,
        final String tag) {
        final int p = bsp.nprocs();
        final int me = bsp.pid();
        // allToAllv: me sends (me + q) % 4 elements to q (some zero), values encode source and position
        final int[] counts = new int[p];
        int total = 0;
        for (int q = 0; q < p; q++) {
            counts[q] = (me + q) % 4;
            total += counts[q];
        }
        final int[] src = new int[total + 3];
        int k = 3;
        for (int q = 0; q < p; q++) {
            for (int i = 0; i < counts[q]; i++) {
                src[k++] = me * 1_000_000 + q * 1000 + i;
            }
        }
        final int[] recv = new int[p];
        final int[] got = coll.allToAllv(src, 3, counts, recv);
        int at = 0;
        for (int j = 0; j < p; j++) {
            check(failures, tag + "allToAllv recvCounts[" + j + "]", (j + me) % 4, recv[j]);
            for (int i = 0; i < (j + me) % 4; i++) {
                check(failures, tag + "allToAllv from " + j + " i=" + i, j * 1_000_000 + me * 1000 + i,
                    at < got.length ? got[at] : -1);
                at++;
            }
        }
        check(failures, tag + "allToAllv length", at, got.length);

        // sort: process q has 3q + (P == 1 ? 7 : 0) elements (pid 0 none when P > 1), many duplicates
        final int[] lens = new int[p];
        int all = 0;
        for (int q = 0; q < p; q++) {
            lens[q] = 3 * q + (p == 1 ? 7 : 0) + (q == p - 1 ? 11 : 0);
            all += lens[q];
        }
        final int[] keys = new int[all];
        final long[] lkeys = new long[all];
        final double[] dkeys = new double[all];
        int pos = 0;
        int myStart = 0;
        for (int q = 0; q < p; q++) {
            if (q == me) {
                myStart = pos;
            }
            for (int i = 0; i < lens[q]; i++) {
                keys[pos] = ival(11, q, i) / 20;
                lkeys[pos] = (long) ival(12, q, i) << 33;
                dkeys[pos] = ival(13, q, i) / 7.0;
                pos++;
            }
        }
        final int[] si = coll.sort(keys, myStart, lens[me]);
        final long[] sl = coll.sort(lkeys, myStart, lens[me]);
        final double[] sd = coll.sort(dkeys, myStart, lens[me]);
        Arrays.sort(keys);
        Arrays.sort(lkeys);
        Arrays.sort(dkeys);
        final int startI = coll.scanInt(si.length, Integer::sum) - si.length;
        final int startL = coll.scanInt(sl.length, Integer::sum) - sl.length;
        final int startD = coll.scanInt(sd.length, Integer::sum) - sd.length;
        check(failures, tag + "sort total", all, coll.allReduceInt(si.length, Integer::sum));
        if (!Arrays.equals(Arrays.copyOfRange(keys, startI, startI + si.length), si)
            || !Arrays.equals(Arrays.copyOfRange(lkeys, startL, startL + sl.length), sl)
            || !Arrays.equals(Arrays.copyOfRange(dkeys, startD, startD + sd.length), sd)) {
            failures.add(tag + "sort: block differs from the sorted sequence at " + startI);
        }
    }

    /** Associative, not commutative: composition of x -> a x + b (mod 16), packed as a << 4 | b in a byte. */
    static final ByteBinaryOperator BYTE_AFFINE = (f, g) -> {
        final int a1 = f >> 4 & 0xf;
        final int b1 = f & 0xf;
        final int a2 = g >> 4 & 0xf;
        final int b2 = g & 0xf;
        return (byte) ((a1 * a2 & 0xf) << 4 | (a2 * b1 + b2 & 0xf));
    };

    /** Wraps like int addition: the sequential reference below sums in int and narrows once. */
    static final ByteBinaryOperator BYTE_SUM = (a, b) -> (byte) (a + b);

    static byte bval(final int salt, final int pid, final int i) {
        return (byte) ival(salt, pid, i);
    }

    @ParameterizedTest(name = "P={0} sync={1} chaos={2}")
    @MethodSource("configs")
    void shouldAgreeWithTheSequentialReferenceOnBytes(final int p, final String sync, final long chaos) {
        final Queue<String> failures = new ConcurrentLinkedQueue<>();
        BspRuntime.run(new BspConfig().procs(p).syncMode(sync).chaosSeed(chaos), bsp -> {
            try (Collectives coll = new Collectives(bsp)) {
                exerciseBytes(bsp, coll, failures);
                coll.twoPhaseThreshold(0);
                exerciseBytes(bsp, coll, failures);
            }
        });
        assertTrue(failures.isEmpty(), () -> "P=" + p + " sync=" + sync + " chaos=" + chaos + ": " + failures);
    }

    private static void exerciseBytes(final Bsp bsp, final Collectives coll, final Queue<String> failures) {
        final int p = bsp.nprocs();
        final int me = bsp.pid();
        final String tag = "byte threshold=" + coll.twoPhaseThreshold() + " pid " + me + " ";
        for (final int n : LENGTHS) {
            final int root = (n + 1) % p;
            final byte[] bc = new byte[n + 2];
            final byte[] sum = new byte[n];
            final byte[] red = new byte[n];
            final byte[] sc = new byte[n];
            for (int i = 0; i < n; i++) {
                bc[i + 1] = me == root ? bval(21, root, i) : -1;
                sum[i] = bval(22, me, i);
                red[i] = bval(23, me, i);
                sc[i] = bval(24, me, i);
            }
            bc[0] = 99;
            bc[n + 1] = 99;
            coll.broadcast(root, bc, 1, n);
            coll.allReduce(sum, 0, n, BYTE_SUM);
            coll.reduce(root, red, 0, n, BYTE_AFFINE);
            coll.scan(sc, 0, n, BYTE_AFFINE);
            check(failures, tag + "broadcast guard", 99 + 99, bc[0] + bc[n + 1]);
            for (int i = 0; i < n; i++) {
                int es = 0;
                byte er = bval(23, 0, i);
                byte esc = bval(24, 0, i);
                for (int q = 0; q < p; q++) {
                    es += bval(22, q, i);
                    er = q == 0 ? er : BYTE_AFFINE.applyAsByte(er, bval(23, q, i));
                    esc = q == 0 || q > me ? esc : BYTE_AFFINE.applyAsByte(esc, bval(24, q, i));
                }
                check(failures, tag + "broadcast n=" + n + " i=" + i, bval(21, root, i), bc[i + 1]);
                check(failures, tag + "allReduce n=" + n + " i=" + i, (byte) es, sum[i]);
                check(failures, tag + "reduce n=" + n + " i=" + i, me == root ? er : bval(23, me, i), red[i]);
                check(failures, tag + "scan n=" + n + " i=" + i, esc, sc[i]);
            }

            final byte[] mine = new byte[n];
            final byte[] a2a = new byte[p * n];
            final byte[] sendAll = new byte[p * n];
            for (int k = 0; k < p * n; k++) {
                a2a[k] = bval(25, me, k);
                sendAll[k] = bval(26, root, k);
            }
            for (int i = 0; i < n; i++) {
                mine[i] = bval(27, me, i);
            }
            final byte[] g = new byte[p * n + 1];
            final byte[] ag = new byte[p * n];
            final byte[] part = new byte[n];
            coll.gather(root, mine, 0, n, me == root ? g : null, 1);
            coll.allGather(mine, 0, n, ag, 0);
            coll.scatter(root, me == root ? sendAll : null, 0, part, 0, n);
            coll.allToAll(a2a, 0, a2a, 0, n);
            for (int q = 0; q < p; q++) {
                for (int i = 0; i < n; i++) {
                    if (me == root) {
                        check(failures, tag + "gather n=" + n + " q=" + q + " i=" + i, bval(27, q, i),
                            g[1 + q * n + i]);
                    }
                    check(failures, tag + "allGather n=" + n + " q=" + q + " i=" + i, bval(27, q, i), ag[q * n + i]);
                    check(failures, tag + "allToAll n=" + n + " q=" + q + " i=" + i, bval(25, q, me * n + i),
                        a2a[q * n + i]);
                }
            }
            for (int i = 0; i < n; i++) {
                check(failures, tag + "scatter n=" + n + " i=" + i, bval(26, root, me * n + i), part[i]);
            }
        }
        // scalars: the sum wraps (P = 8: 100 + ... + 107 = 828 = 60 mod 256), the scan keeps pid order
        int es = 0;
        byte esc = bval(28, 0, 0);
        for (int q = 0; q < p; q++) {
            es += 100 + q;
            esc = q == 0 || q > me ? esc : BYTE_AFFINE.applyAsByte(esc, bval(28, q, 0));
        }
        check(failures, tag + "allReduceByte", (byte) es, coll.allReduceByte((byte) (100 + me), BYTE_SUM));
        check(failures, tag + "scanByte", esc, coll.scanByte(bval(28, me, 0), BYTE_AFFINE));
        allToAllvAndSortBytes(bsp, coll, failures, tag);
    }

    private static void allToAllvAndSortBytes(final Bsp bsp, final Collectives coll, final Queue<String> failures,
        final String tag) {
        final int p = bsp.nprocs();
        final int me = bsp.pid();
        // allToAllv: me sends (me + 2q) % 3 bytes to q (some zero), byte i from j to me is (j * 16 + me + i)
        final int[] counts = new int[p];
        int total = 0;
        for (int q = 0; q < p; q++) {
            counts[q] = (me + 2 * q) % 3;
            total += counts[q];
        }
        final byte[] src = new byte[total + 1];
        int k = 1;
        for (int q = 0; q < p; q++) {
            for (int i = 0; i < counts[q]; i++) {
                src[k++] = (byte) (me * 16 + q + i);
            }
        }
        final int[] recv = new int[p];
        final byte[] got = coll.allToAllv(src, 1, counts, recv);
        int at = 0;
        for (int j = 0; j < p; j++) {
            final int c = (j + 2 * me) % 3;
            check(failures, tag + "allToAllv recvCounts[" + j + "]", c, recv[j]);
            for (int i = 0; i < c; i++) {
                check(failures, tag + "allToAllv from " + j + " i=" + i, (byte) (j * 16 + me + i),
                    at < got.length ? got[at] : -1000);
                at++;
            }
        }
        check(failures, tag + "allToAllv length", at, got.length);

        // sort: every byte value occurs many times (duplicates across processes), negative ones included
        final int[] lens = new int[p];
        int all = 0;
        for (int q = 0; q < p; q++) {
            lens[q] = 40 * q + (q == p - 1 ? 300 : 0);
            all += lens[q];
        }
        final byte[] keys = new byte[all];
        int pos = 0;
        int myStart = 0;
        for (int q = 0; q < p; q++) {
            myStart = q == me ? pos : myStart;
            for (int i = 0; i < lens[q]; i++) {
                keys[pos++] = bval(29, q, i);
            }
        }
        final byte[] sorted = coll.sort(keys, myStart, lens[me]);
        Arrays.sort(keys);
        final int start = coll.scanInt(sorted.length, Integer::sum) - sorted.length;
        check(failures, tag + "sort total", all, coll.allReduceInt(sorted.length, Integer::sum));
        if (!Arrays.equals(Arrays.copyOfRange(keys, start, start + sorted.length), sorted)) {
            failures.add(tag + "sort: block differs from the sorted sequence at " + start);
        }
    }

    @Test
    void shouldSortDoublesInTheOrderOfArraysSort() {
        // -0.0 before 0.0, NaN last: the splitters' search uses the same order as the local sorts
        final double[] keys = {Double.NaN, 0.0, -0.0, 1, -1, Double.NaN, 0.0, -0.0, Double.NEGATIVE_INFINITY,
            Double.POSITIVE_INFINITY, -0.0, 0.0};
        final double[][] blocks = new double[3][];
        BspRuntime.run(new BspConfig().procs(3).syncMode("rbs"), bsp -> {
            try (Collectives coll = new Collectives(bsp)) {
                blocks[bsp.pid()] = coll.sort(keys, 4 * bsp.pid(), 4);
            }
        });
        final double[] expected = keys.clone();
        Arrays.sort(expected);
        final double[] got = new double[keys.length];
        int at = 0;
        for (final double[] b : blocks) {
            System.arraycopy(b, 0, got, at, b.length);
            at += b.length;
        }
        assertEquals(keys.length, at, "elements after the sort");
        assertArrayEquals(expected, got, 0.0, "blocks in pid order = Arrays.sort");
        for (int i = 0; i < got.length; i++) {
            assertEquals(Double.doubleToLongBits(expected[i]), Double.doubleToLongBits(got[i]), "bits at " + i);
        }
    }

    private static void check(final Queue<String> failures, final String what, final double expected,
        final double actual) {
        if (Double.compare(expected, actual) != 0) {
            failures.add(what + ": expected " + expected + ", got " + actual);
        }
    }

    @Test
    void shouldBroadcastInOnePhaseByDefaultAndInTwoWhenTheBroadcastThresholdIsSet() {
        BspRuntime.run(new BspConfig().procs(4), bsp -> {
            try (Collectives coll = new Collectives(bsp)) {
                final int n = 2 * Collectives.DEFAULT_TWO_PHASE_THRESHOLD;
                final double[] x = new double[n];
                coll.broadcast(0, x, 0, n); // first use: registers
                assertEquals(Integer.MAX_VALUE, coll.broadcastTwoPhaseThreshold(), "default: never");
                long s = bsp.superstep();
                coll.broadcast(0, x, 0, n);
                assertEquals(s + 1, bsp.superstep(), "n=" + n + " above twoPhaseThreshold: still one phase");
                coll.broadcastTwoPhaseThreshold(n);
                assertEquals(Collectives.DEFAULT_TWO_PHASE_THRESHOLD, coll.twoPhaseThreshold(), "reductions' own");
                s = bsp.superstep();
                coll.broadcast(1, x, 0, n);
                assertEquals(s + 2, bsp.superstep(), "broadcastTwoPhaseThreshold=n: two phases");
                coll.twoPhaseThreshold(Integer.MAX_VALUE);
                assertEquals(Integer.MAX_VALUE, coll.broadcastTwoPhaseThreshold(), "twoPhaseThreshold sets both");
                s = bsp.superstep();
                coll.broadcast(1, x, 0, n);
                assertEquals(s + 1, bsp.superstep(), "twoPhaseThreshold=MAX: one phase");
            }
        });
    }

    @Test
    void shouldGiveTheBroadcastBreakEvenOfTheCostModel() {
        // g1 = g: l P / ((P-1)(P-2) g) = 100 * 8 / (7 * 6 * 1) = 19.05 -> 20
        assertEquals(20, Collectives.broadcastBreakEven(8, 1, 1, 100));
        // (P-1) g1 - g = 7 * 2 - 4 = 10: 70 * 8 / (7 * 10) = 8 exactly, so from 9
        assertEquals(9, Collectives.broadcastBreakEven(8, 2, 4, 70));
        assertEquals(Integer.MAX_VALUE, Collectives.broadcastBreakEven(8, 0.5, 3.5, 100), "(P-1)g1 = g: never");
        assertEquals(Integer.MAX_VALUE, Collectives.broadcastBreakEven(8, 0, 1, 100), "root costs nothing: never");
        assertEquals(Integer.MAX_VALUE, Collectives.broadcastBreakEven(2, 5, 1, 100), "P = 2: never");
        assertEquals(1, Collectives.broadcastBreakEven(4, 1, 1, 0), "l = 0: from 1");
        assertMessage(() -> Collectives.broadcastBreakEven(0, 1, 1, 1), "procs=0");
        assertMessage(() -> Collectives.broadcastBreakEven(4, -1, 1, 1), "gOne=-1.0");
        assertMessage(() -> Collectives.broadcastBreakEven(4, 1, Double.NaN, 1), "gAll=NaN");
        assertMessage(() -> Collectives.broadcastBreakEven(4, 1, 1, Double.POSITIVE_INFINITY), "l=Infinity");
    }

    @Test
    void shouldUseOneSuperstepPerRepeatedBroadcastWithoutRegistering() {
        BspRuntime.run(new BspConfig().procs(4).syncMode("rbs"), bsp -> {
            try (Collectives coll = new Collectives(bsp)) {
                final double[] x = new double[100];
                coll.broadcast(0, x, 0, 100); // first use: registers (one growth superstep)
                final long s0 = bsp.superstep();
                for (int i = 0; i < 5; i++) {
                    coll.broadcast(i % 4, x, 0, 100);
                }
                assertEquals(s0 + 5, bsp.superstep(), "5 one-phase broadcasts of 100 doubles after the first");
                assertEquals(100, coll.capacity(Lane.DOUBLE), "scratch grown to what the first call needed");
                coll.twoPhaseThreshold(50);
                final long s1 = bsp.superstep();
                coll.broadcast(0, x, 0, 100);
                assertEquals(s1 + 2, bsp.superstep(), "two-phase broadcast: 2 supersteps");
                coll.allReduce(x, 0, 100, Double::sum); // needs P * 25 + 100 = 200: one growth superstep
                assertEquals(s1 + 5, bsp.superstep(), "first two-phase allReduce: growth + 2 supersteps");
                assertEquals(200, coll.capacity(Lane.DOUBLE));
                coll.allReduce(x, 0, 100, Double::sum);
                assertEquals(s1 + 7, bsp.superstep(), "second two-phase allReduce: 2 supersteps");
                final int[] counts = {1, 1, 1, 1};
                coll.allToAllv(new int[4], 0, counts, null); // counts area and int scratch: 2 growths
                final long s2 = bsp.superstep();
                coll.allToAllv(new int[4], 0, counts, null);
                assertEquals(s2 + 2, bsp.superstep(), "allToAllv: 2 supersteps once registered");
            }
        });
    }

    @Test
    void shouldLetTheRelaxedSyncRelaxEverySuperstepOfTheCollectives() {
        // the collectives commit exactly what they receive, so under rbs (policy auto: exchange supersteps until
        // every process has committed once; the exchange after the first commits tells them) every superstep is
        // relaxed but the two registration supersteps (growth, close), allReduce's and the first broadcast's
        final org.jbsplib.core.RunResult r = BspRuntime.run(new BspConfig().procs(4).syncMode("rbs"), bsp -> {
            try (Collectives coll = new Collectives(bsp)) {
                final double[] x = new double[64];
                coll.allReduce(x, 0, 64, Double::sum); // registers, then the first commits
                for (int i = 0; i < 20; i++) {
                    coll.broadcast(i % 4, x, 0, 64);
                    coll.scan(x, 0, 64, Double::sum);
                    coll.allToAll(x, 0, x, 0, 16);
                }
            }
        });
        for (final org.jbsplib.core.SyncStats s : r.stats()) {
            assertEquals(4, s.exchangeSupersteps(), "exchange supersteps");
            assertEquals(59, s.relaxedSupersteps(), "relaxed supersteps");
        }
    }

    @Test
    void shouldRejectBadArgumentsNamingThem() {
        BspRuntime.run(new BspConfig().procs(1), bsp -> {
            final Collectives coll = new Collectives(bsp);
            final double[] x = new double[4];
            assertMessage(() -> coll.broadcast(1, x, 0, 1), "broadcast: root=1");
            assertMessage(() -> coll.broadcast(-1, x, 0, 1), "root=-1");
            assertMessage(() -> coll.broadcast(0, x, 0, -2), "n=-2");
            assertMessage(() -> coll.broadcast(0, x, 3, 2), "data offset=3 + 2 elements exceeds data.length=4");
            assertMessage(() -> coll.broadcast(0, x, -1, 2), "data offset=-1");
            assertMessage(() -> coll.broadcast(0, (double[]) null, 0, 1), "data is null");
            assertMessage(() -> coll.allReduce(x, 0, 4, null), "allReduce: op is null");
            assertMessage(() -> coll.allToAll(x, 0, x, 0, -3), "allToAll: n=-3");
            assertMessage(() -> coll.gather(0, x, 0, 2, new double[1], 0), "dst offset=0 + 2 elements");
            assertMessage(() -> coll.allToAllv(new int[2], 0, new int[] {1, 1}, null), "sendCounts.length=2");
            assertMessage(() -> coll.allToAllv(new int[2], 0, new int[] {-1}, null), "sendCounts[0]=-1");
            assertMessage(() -> coll.allToAllv(new int[2], 0, new int[] {3}, null), "src offset=0 + 3 elements");
            assertMessage(() -> coll.allReduce(new byte[4], 0, 4, null), "allReduce: op is null");
            assertMessage(() -> coll.scan(new byte[4], 2, 3, BYTE_SUM),
                "scan: data offset=2 + 3 elements exceeds data.length=4");
            assertMessage(() -> coll.broadcast(0, (byte[]) null, 0, 1), "data is null");
            assertMessage(() -> coll.twoPhaseThreshold(-5), "elements=-5");
            assertMessage(() -> coll.broadcastTwoPhaseThreshold(-7), "broadcastTwoPhaseThreshold: elements=-7");
            assertMessage(() -> new Collectives(null), "bsp is null");
            coll.close();
            final IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> coll.broadcast(0, x, 0, 1));
            assertTrue(e.getMessage().contains("closed"), e.getMessage());
        });
    }

    private static void assertMessage(final org.junit.jupiter.api.function.Executable call, final String part) {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call);
        assertTrue(e.getMessage().contains(part), () -> "'" + e.getMessage() + "' should contain '" + part + "'");
    }

    @Test
    void shouldGiveEveryProcessTheSameFoldInPidOrder() {
        final double[][] results = new double[3][];
        BspRuntime.run(new BspConfig().procs(3), bsp -> {
            try (Collectives coll = new Collectives(bsp)) {
                final double[] v = {0.1 * (bsp.pid() + 1), 1e16 * (bsp.pid() == 1 ? 1 : 0)};
                coll.allReduce(v, 0, 2, Double::sum);
                results[bsp.pid()] = v;
            }
        });
        final double[] expected = {(0.1 + 0.2) + 0.1 * 3, 1e16};
        assertArrayEquals(expected, results[0], 0.0, "the fold in pid order");
        for (final double[] r : results) {
            assertArrayEquals(results[0], r);
        }
    }
}
