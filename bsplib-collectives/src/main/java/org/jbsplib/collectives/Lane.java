package org.jbsplib.collectives;

import java.lang.reflect.Array;
import java.util.Arrays;
import java.util.function.DoubleBinaryOperator;
import java.util.function.IntBinaryOperator;
import java.util.function.LongBinaryOperator;

import org.jbsplib.api.Bsp;
import org.jbsplib.api.ElementType;
import org.jbsplib.api.Reg;

/**
 * The element-type specific steps of the collectives, so the algorithms in {@link Collectives} are written once over
 * {@code Object} arrays: one lane per {@link ElementType} whose arrays the API registers ({@code byte[]},
 * {@code int[]}, {@code long[]}, {@code double[]}). What needs no type (allocation, length, the binary search of the
 * sort) is written here once; a lane adds only the calls that must name its array type (registration, put, the
 * operator loop, sort, compare). No value is boxed. Package-private: not part of the API.
 */
abstract class Lane {
    static final Lane BYTE = new ByteLane();
    static final Lane INT = new IntLane();
    static final Lane LONG = new LongLane();
    static final Lane DOUBLE = new DoubleLane();

    /** Every lane, at the {@link ElementType#ordinal()} of its type. */
    private static final Lane[] BY_TYPE = byType(BYTE, INT, LONG, DOUBLE);

    final ElementType type;
    private final Class<?> component;

    Lane(final ElementType type, final Class<?> component) {
        this.type = type;
        this.component = component;
    }

    /** @return the number of lanes (one per element type) */
    static int count() {
        return BY_TYPE.length;
    }

    /** @return this lane's index in {@code 0 .. count() - 1} */
    final int index() {
        return type.ordinal();
    }

    private static Lane[] byType(final Lane... lanes) {
        final Lane[] all = new Lane[ElementType.values().length];
        for (final Lane lane : lanes) {
            all[lane.type.ordinal()] = lane;
        }
        return all;
    }

    final Object newArray(final int n) {
        return Array.newInstance(component, n);
    }

    final int length(final Object array) {
        return Array.getLength(array);
    }

    abstract Reg push(Bsp bsp, Object array);

    /** {@code hpPut}: the source is stable until the collective's next sync (the caller is inside the call). */
    abstract void put(Bsp bsp, int pid, Object src, int srcOffset, Reg dst, int dstOffset, int n);

    /** {@code out[outOffset + i] = op(a[aOffset + i], b[bOffset + i])} for i < n (out may be a or b). */
    abstract void fold(Object op, Object a, int aOffset, Object b, int bOffset, Object out, int outOffset, int n);

    abstract void sort(Object array, int from, int to);

    /** @return {@code a[i]} compared with {@code b[j]} in the order of {@link #sort} (sign as {@code compareTo}) */
    abstract int compare(Object a, int i, Object b, int j);

    /** @return the number of elements of {@code sorted[from, to)} that are less than or equal to {@code key[k]} */
    final int countAtMost(final Object sorted, final int from, final int to, final Object key, final int k) {
        int lo = from;
        int hi = to;
        while (lo < hi) {
            final int mid = (lo + hi) >>> 1;
            if (compare(sorted, mid, key, k) <= 0) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo - from;
    }

    private static final class ByteLane extends Lane {
        ByteLane() {
            super(ElementType.BYTE, byte.class);
        }

        @Override
        Reg push(final Bsp bsp, final Object array) {
            return bsp.pushReg((byte[]) array);
        }

        @Override
        void put(final Bsp bsp, final int pid, final Object src, final int srcOffset, final Reg dst,
            final int dstOffset, final int n) {
            bsp.hpPut(pid, (byte[]) src, srcOffset, dst, dstOffset, n);
        }

        @Override
        void fold(final Object op, final Object a, final int aOffset, final Object b, final int bOffset,
            final Object out, final int outOffset, final int n) {
            final ByteBinaryOperator f = (ByteBinaryOperator) op;
            final byte[] x = (byte[]) a;
            final byte[] y = (byte[]) b;
            final byte[] z = (byte[]) out;
            for (int i = 0; i < n; i++) {
                z[outOffset + i] = f.applyAsByte(x[aOffset + i], y[bOffset + i]);
            }
        }

        @Override
        void sort(final Object array, final int from, final int to) {
            Arrays.sort((byte[]) array, from, to);
        }

        @Override
        int compare(final Object a, final int i, final Object b, final int j) {
            return Byte.compare(((byte[]) a)[i], ((byte[]) b)[j]);
        }
    }

    private static final class IntLane extends Lane {
        IntLane() {
            super(ElementType.INT, int.class);
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
        int compare(final Object a, final int i, final Object b, final int j) {
            return Integer.compare(((int[]) a)[i], ((int[]) b)[j]);
        }
    }

    private static final class LongLane extends Lane {
        LongLane() {
            super(ElementType.LONG, long.class);
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
        int compare(final Object a, final int i, final Object b, final int j) {
            return Long.compare(((long[]) a)[i], ((long[]) b)[j]);
        }
    }

    private static final class DoubleLane extends Lane {
        DoubleLane() {
            super(ElementType.DOUBLE, double.class);
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
        int compare(final Object a, final int i, final Object b, final int j) {
            // the order of Arrays.sort: -0.0 before 0.0, NaN last
            return Double.compare(((double[]) a)[i], ((double[]) b)[j]);
        }
    }
}
