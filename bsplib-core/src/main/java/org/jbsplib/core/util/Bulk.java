package org.jbsplib.core.util;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

/**
 * Bulk copies between the areas a program registers or passes ({@code byte[]}, {@code int[]}, {@code long[]},
 * {@code double[]}, {@link DirectBuffer}) and the runtime's byte buffers, in native byte order. Offsets and
 * lengths are in bytes. Short copies go element by element (no allocation); long ones through NIO bulk views.
 * Area offsets are {@code long}: a {@code long[]} or {@code double[]} area spans up to 2^34 bytes.
 */
public final class Bulk {
    private static final int SHORT_COPY = 128;

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
                view(dst, dstIndex, len).asDoubleBuffer().put(a, first, n);
            }
        } else if (area instanceof long[] a) {
            final int n = len >> 3;
            final int first = (int) (areaOff >> 3);
            if (len < SHORT_COPY) {
                for (int i = 0; i < n; i++) {
                    dst.putLong(dstIndex + (i << 3), a[first + i]);
                }
            } else {
                view(dst, dstIndex, len).asLongBuffer().put(a, first, n);
            }
        } else if (area instanceof int[] a) {
            final int n = len >> 2;
            final int first = (int) (areaOff >> 2);
            if (len < SHORT_COPY) {
                for (int i = 0; i < n; i++) {
                    dst.putInt(dstIndex + (i << 2), a[first + i]);
                }
            } else {
                view(dst, dstIndex, len).asIntBuffer().put(a, first, n);
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
                view(src, srcIndex, len).asDoubleBuffer().get(a, first, n);
            }
        } else if (area instanceof long[] a) {
            final int n = len >> 3;
            final int first = (int) (areaOff >> 3);
            if (len < SHORT_COPY) {
                for (int i = 0; i < n; i++) {
                    a[first + i] = src.getLong(srcIndex + (i << 3));
                }
            } else {
                view(src, srcIndex, len).asLongBuffer().get(a, first, n);
            }
        } else if (area instanceof int[] a) {
            final int n = len >> 2;
            final int first = (int) (areaOff >> 2);
            if (len < SHORT_COPY) {
                for (int i = 0; i < n; i++) {
                    a[first + i] = src.getInt(srcIndex + (i << 2));
                }
            } else {
                view(src, srcIndex, len).asIntBuffer().get(a, first, n);
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

    private static ByteBuffer view(final DirectBuffer buffer, final int index, final int len) {
        final ByteBuffer base;
        final int at;
        if (buffer.byteArray() != null) {
            base = ByteBuffer.wrap(buffer.byteArray());
            at = buffer.wrapAdjustment() + index;
        } else {
            base = buffer.byteBuffer().duplicate();
            at = buffer.wrapAdjustment() + index;
        }
        base.limit(at + len).position(at);
        return base.slice().order(ByteOrder.nativeOrder());
    }
}
