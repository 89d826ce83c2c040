package org.jbsplib.core.util;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.agrona.UnsafeApi;

/**
 * Bulk copies between the areas a program registers or passes ({@code byte[]}, {@code int[]}, {@code long[]},
 * {@code double[]}, {@link DirectBuffer}) and the runtime's byte buffers, in native byte order. Offsets and
 * lengths are in bytes. Short copies go element by element, long ones as one memory copy; neither allocates.
 * Area offsets are {@code long}: a {@code long[]} or {@code double[]} area spans up to 2^34 bytes.
 */
public final class Bulk {
    private static final int SHORT_COPY = 128;
    private static final long DOUBLE_BASE = UnsafeApi.arrayBaseOffset(double[].class);
    private static final long LONG_BASE = UnsafeApi.arrayBaseOffset(long[].class);
    private static final long INT_BASE = UnsafeApi.arrayBaseOffset(int[].class);

    private Bulk() {
    }

    /** Copies {@code len} bytes of {@code area} from byte {@code areaOff} into {@code dst} at {@code dstIndex}. */
    public static void read(final Object area, final long areaOff, final MutableDirectBuffer dst, final int dstIndex,
        final int len) {
        if (len == 0) {
            return;
        }
        if (area instanceof byte[] a) {
            dst.putBytes(dstIndex, a, byteIndex(areaOff), len);
        } else if (area instanceof double[] a) {
            final int n = len >> 3;
            final int first = (int) (areaOff >> 3);
            if (len < SHORT_COPY) {
                for (int i = 0; i < n; i++) {
                    dst.putDouble(dstIndex + (i << 3), a[first + i]);
                }
            } else {
                fromArray(a, DOUBLE_BASE, a.length, first, n, 3, dst, dstIndex);
            }
        } else if (area instanceof long[] a) {
            final int n = len >> 3;
            final int first = (int) (areaOff >> 3);
            if (len < SHORT_COPY) {
                for (int i = 0; i < n; i++) {
                    dst.putLong(dstIndex + (i << 3), a[first + i]);
                }
            } else {
                fromArray(a, LONG_BASE, a.length, first, n, 3, dst, dstIndex);
            }
        } else if (area instanceof int[] a) {
            final int n = len >> 2;
            final int first = (int) (areaOff >> 2);
            if (len < SHORT_COPY) {
                for (int i = 0; i < n; i++) {
                    dst.putInt(dstIndex + (i << 2), a[first + i]);
                }
            } else {
                fromArray(a, INT_BASE, a.length, first, n, 2, dst, dstIndex);
            }
        } else if (area instanceof DirectBuffer b) {
            dst.putBytes(dstIndex, b, byteIndex(areaOff), len);
        } else {
            throw new IllegalArgumentException("unsupported area type " + area);
        }
    }

    /** Copies {@code len} bytes of {@code src} at {@code srcIndex} into {@code area} at byte {@code areaOff}. */
    public static void write(final DirectBuffer src, final int srcIndex, final Object area, final long areaOff,
        final int len) {
        if (len == 0) {
            return;
        }
        if (area instanceof byte[] a) {
            src.getBytes(srcIndex, a, byteIndex(areaOff), len);
        } else if (area instanceof double[] a) {
            final int n = len >> 3;
            final int first = (int) (areaOff >> 3);
            if (len < SHORT_COPY) {
                for (int i = 0; i < n; i++) {
                    a[first + i] = src.getDouble(srcIndex + (i << 3));
                }
            } else {
                toArray(src, srcIndex, a, DOUBLE_BASE, a.length, first, n, 3);
            }
        } else if (area instanceof long[] a) {
            final int n = len >> 3;
            final int first = (int) (areaOff >> 3);
            if (len < SHORT_COPY) {
                for (int i = 0; i < n; i++) {
                    a[first + i] = src.getLong(srcIndex + (i << 3));
                }
            } else {
                toArray(src, srcIndex, a, LONG_BASE, a.length, first, n, 3);
            }
        } else if (area instanceof int[] a) {
            final int n = len >> 2;
            final int first = (int) (areaOff >> 2);
            if (len < SHORT_COPY) {
                for (int i = 0; i < n; i++) {
                    a[first + i] = src.getInt(srcIndex + (i << 2));
                }
            } else {
                toArray(src, srcIndex, a, INT_BASE, a.length, first, n, 2);
            }
        } else if (area instanceof MutableDirectBuffer b) {
            b.putBytes(byteIndex(areaOff), src, srcIndex, len);
        } else {
            throw new IllegalArgumentException("unsupported area type " + area);
        }
    }

    /** Copies between two areas of the same element type (local put/get), byte offsets. */
    public static void copy(final Object src, final long srcOff, final Object dst, final long dstOff, final int len,
        final int elementBytes) {
        if (len == 0) {
            return;
        }
        if (src instanceof DirectBuffer s) {
            write(s, byteIndex(srcOff), dst, dstOff, len);
        } else if (dst instanceof MutableDirectBuffer d) {
            read(src, srcOff, d, byteIndex(dstOff), len);
        } else {
            System.arraycopy(src, (int) (srcOff / elementBytes), dst, (int) (dstOff / elementBytes),
                len / elementBytes);
        }
    }

    /** @return a byte offset into a byte-indexed area or buffer, which cannot lie beyond 2^31 - 1 */
    private static int byteIndex(final long offset) {
        if (offset < 0 || offset > Integer.MAX_VALUE) {
            throw new IndexOutOfBoundsException("byte offset=" + offset + " is beyond a byte-indexed area");
        }
        return (int) offset;
    }

    // Long copies: one memory copy between the array's elements and the buffer's bytes (on or off heap), in
    // native order, through the same primitive Agrona's buffers use for byte[] copies; the ranges are checked here
    // because the copy itself checks nothing. No views, so nothing is allocated per copy.

    private static void fromArray(final Object a, final long base, final int arrayLength, final int first,
        final int n, final int shift, final DirectBuffer dst, final int dstIndex) {
        checkElements(arrayLength, first, n);
        final int bytes = n << shift;
        dst.boundsCheck(dstIndex, bytes);
        UnsafeApi.copyMemory(a, base + ((long) first << shift), dst.byteArray(),
            dst.addressOffset() + dstIndex, bytes);
    }

    private static void toArray(final DirectBuffer src, final int srcIndex, final Object a, final long base,
        final int arrayLength, final int first, final int n, final int shift) {
        checkElements(arrayLength, first, n);
        final int bytes = n << shift;
        src.boundsCheck(srcIndex, bytes);
        UnsafeApi.copyMemory(src.byteArray(), src.addressOffset() + srcIndex, a,
            base + ((long) first << shift), bytes);
    }

    private static void checkElements(final int arrayLength, final int first, final int n) {
        if (first < 0 || n < 0 || first > arrayLength - n) {
            throw new IndexOutOfBoundsException("elements [" + first + ", " + ((long) first + n)
                + ") are outside an array of length=" + arrayLength);
        }
    }
}
