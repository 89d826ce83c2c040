package org.jbsplib.collectives;

import java.util.Arrays;
import java.util.function.DoubleBinaryOperator;
import java.util.function.IntBinaryOperator;
import java.util.function.LongBinaryOperator;

import org.jbsplib.api.Bsp;
import org.jbsplib.api.ElementType;
import org.jbsplib.api.Reg;

/**
 * The element-type specific steps of the collectives (allocation, registration, put, fold, sort), so the
 * algorithms in {@link Collectives} are written once over {@code Object} arrays. Each lane casts to its own array
 * and operator type; no value is boxed. Package-private: not part of the API.
 */
abstract class Lane {
    static final Lane INT = new IntLane();
    static final Lane LONG = new LongLane();
    static final Lane DOUBLE = new DoubleLane();

    final ElementType type;

    Lane(final ElementType type) {
        this.type = type;
    }

    abstract Object newArray(int n);

    abstract int length(Object array);

    abstract Reg push(Bsp bsp, Object array);

    /** {@code hpPut}: the source is stable until the collective's next sync (the caller is inside the call). */
    abstract void put(Bsp bsp, int pid, Object src, int srcOffset, Reg dst, int dstOffset, int n);

    /** {@code out[outOffset + i] = op(a[aOffset + i], b[bOffset + i])} for i < n (out may be a or b). */
    abstract void fold(Object op, Object a, int aOffset, Object b, int bOffset, Object out, int outOffset, int n);

    abstract void sort(Object array, int from, int to);

    /** @return the number of elements of {@code sorted[from, to)} that are less than or equal to {@code key[k]} */
    abstract int countAtMost(Object sorted, int from, int to, Object key, int k);

    private static final class IntLane extends Lane {
        IntLane() {
            super(ElementType.INT);
        }

        @Override
        Object newArray(final int n) {
            return new int[n];
        }

        @Override
        int length(final Object array) {
            return ((int[]) array).length;
        }

        @Override
        Reg push(final Bsp bsp, final Object array) {
            return bsp.pushReg((int[]) array);
        }

        @Override
        void put(final Bsp bsp, final int pid, final Object src, final int srcOffset, final Reg dst,
            final int dstOffset, final int n) {
            bsp.hpPut(pid, (int[]) src, srcOffset, dst, dstOffset, n);
        }

        @Override
        void fold(final Object op, final Object a, final int aOffset, final Object b, final int bOffset,
            final Object out, final int outOffset, final int n) {
            final IntBinaryOperator f = (IntBinaryOperator) op;
            final int[] x = (int[]) a;
            final int[] y = (int[]) b;
            final int[] z = (int[]) out;
            for (int i = 0; i < n; i++) {
                z[outOffset + i] = f.applyAsInt(x[aOffset + i], y[bOffset + i]);
            }
        }

        @Override
        void sort(final Object array, final int from, final int to) {
            Arrays.sort((int[]) array, from, to);
        }

        @Override
        int countAtMost(final Object sorted, final int from, final int to, final Object key, final int k) {
            final int[] a = (int[]) sorted;
            final int v = ((int[]) key)[k];
            int lo = from;
            int hi = to;
            while (lo < hi) {
                final int mid = (lo + hi) >>> 1;
                if (a[mid] <= v) {
                    lo = mid + 1;
                } else {
                    hi = mid;
                }
            }
            return lo - from;
        }
    }

    private static final class LongLane extends Lane {
        LongLane() {
            super(ElementType.LONG);
        }

        @Override
        Object newArray(final int n) {
            return new long[n];
        }

        @Override
        int length(final Object array) {
            return ((long[]) array).length;
        }

        @Override
        Reg push(final Bsp bsp, final Object array) {
            return bsp.pushReg((long[]) array);
        }

        @Override
        void put(final Bsp bsp, final int pid, final Object src, final int srcOffset, final Reg dst,
            final int dstOffset, final int n) {
            bsp.hpPut(pid, (long[]) src, srcOffset, dst, dstOffset, n);
        }

        @Override
        void fold(final Object op, final Object a, final int aOffset, final Object b, final int bOffset,
            final Object out, final int outOffset, final int n) {
            final LongBinaryOperator f = (LongBinaryOperator) op;
            final long[] x = (long[]) a;
            final long[] y = (long[]) b;
            final long[] z = (long[]) out;
            for (int i = 0; i < n; i++) {
                z[outOffset + i] = f.applyAsLong(x[aOffset + i], y[bOffset + i]);
            }
        }

        @Override
        void sort(final Object array, final int from, final int to) {
            Arrays.sort((long[]) array, from, to);
        }

        @Override
        int countAtMost(final Object sorted, final int from, final int to, final Object key, final int k) {
            final long[] a = (long[]) sorted;
            final long v = ((long[]) key)[k];
            int lo = from;
            int hi = to;
            while (lo < hi) {
                final int mid = (lo + hi) >>> 1;
                if (a[mid] <= v) {
                    lo = mid + 1;
                } else {
                    hi = mid;
                }
            }
            return lo - from;
        }
    }

    private static final class DoubleLane extends Lane {
        DoubleLane() {
            super(ElementType.DOUBLE);
        }

        @Override
        Object newArray(final int n) {
            return new double[n];
        }

        @Override
        int length(final Object array) {
            return ((double[]) array).length;
        }

        @Override
        Reg push(final Bsp bsp, final Object array) {
            return bsp.pushReg((double[]) array);
        }

        @Override
        void put(final Bsp bsp, final int pid, final Object src, final int srcOffset, final Reg dst,
            final int dstOffset, final int n) {
            bsp.hpPut(pid, (double[]) src, srcOffset, dst, dstOffset, n);
        }

        @Override
        void fold(final Object op, final Object a, final int aOffset, final Object b, final int bOffset,
            final Object out, final int outOffset, final int n) {
            final DoubleBinaryOperator f = (DoubleBinaryOperator) op;
            final double[] x = (double[]) a;
            final double[] y = (double[]) b;
            final double[] z = (double[]) out;
            for (int i = 0; i < n; i++) {
                z[outOffset + i] = f.applyAsDouble(x[aOffset + i], y[bOffset + i]);
            }
        }

        @Override
        void sort(final Object array, final int from, final int to) {
            Arrays.sort((double[]) array, from, to);
        }

        @Override
        int countAtMost(final Object sorted, final int from, final int to, final Object key, final int k) {
            // Double.compare order, as Arrays.sort (-0.0 before 0.0, NaN last)
            final double[] a = (double[]) sorted;
            final double v = ((double[]) key)[k];
            int lo = from;
            int hi = to;
            while (lo < hi) {
                final int mid = (lo + hi) >>> 1;
                if (Double.compare(a[mid], v) <= 0) {
                    lo = mid + 1;
                } else {
                    hi = mid;
                }
            }
            return lo - from;
        }
    }
}
