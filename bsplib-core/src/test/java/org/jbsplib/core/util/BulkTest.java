package org.jbsplib.core.util;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.agrona.ExpandableArrayBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Byte offsets beyond 2^31 (areas of more than 2^28 longs/doubles or 2^29 ints) must reach the element they name.
 * A small array stands in for a huge one: an offset past its end has to fail, not wrap around to a low element
 * (which is what a 32-bit offset did: long element 536,870,922 became element 10).
 */
class BulkTest {
    private static final long HUGE_LONG_INDEX = 536_870_922L;
    private static final long HUGE_INT_INDEX = (1L << 30) + 10;

    @ParameterizedTest
    @ValueSource(strings = {"long", "double", "int"})
    void shouldNotWrapAWriteAtAByteOffsetBeyondTwoGiB(final String type) {
        final Object area = area(type);
        final long offset = byteOffset(type);
        final int len = elementBytes(type);
        final UnsafeBuffer src = new UnsafeBuffer(new byte[256]);
        src.setMemory(0, 256, (byte) 7);
        assertThrows(IndexOutOfBoundsException.class, () -> Bulk.write(src, 0, area, offset, len));
        assertThrows(IndexOutOfBoundsException.class, () -> Bulk.write(src, 0, area, offset, 128),
            "the bulk (NIO) path too");
        assertUntouched(type, area);
    }

    @ParameterizedTest
    @ValueSource(strings = {"long", "double", "int"})
    void shouldNotWrapAReadAtAByteOffsetBeyondTwoGiB(final String type) {
        final Object area = area(type);
        final long offset = byteOffset(type);
        final ExpandableArrayBuffer dst = new ExpandableArrayBuffer(256);
        assertThrows(IndexOutOfBoundsException.class, () -> Bulk.read(area, offset, dst, 0, elementBytes(type)));
        assertThrows(IndexOutOfBoundsException.class, () -> Bulk.read(area, offset, dst, 0, 128),
            "the bulk (NIO) path too");
    }

    @ParameterizedTest
    @ValueSource(strings = {"long", "double", "int"})
    void shouldNotWrapALocalCopyAtAByteOffsetBeyondTwoGiB(final String type) {
        final Object src = area(type);
        final Object dst = area(type);
        final long offset = byteOffset(type);
        final int eb = elementBytes(type);
        assertThrows(IndexOutOfBoundsException.class, () -> Bulk.copy(src, 0, dst, offset, eb, eb));
        assertThrows(IndexOutOfBoundsException.class, () -> Bulk.copy(src, offset, dst, 0, eb, eb));
        assertUntouched(type, dst);
    }

    @ParameterizedTest
    @ValueSource(strings = {"long", "double", "int"})
    void shouldReachTheElementAByteOffsetNames(final String type) {
        final Object area = area(type);
        final int eb = elementBytes(type);
        final UnsafeBuffer src = new UnsafeBuffer(new byte[8]);
        src.putLong(0, -1L);
        Bulk.write(src, 0, area, 9L * eb, eb);
        final ExpandableArrayBuffer back = new ExpandableArrayBuffer(8);
        Bulk.read(area, 9L * eb, back, 0, eb);
        assertEquals(eb == 8 ? -1L : 0xFFFF_FFFFL, eb == 8 ? back.getLong(0) : back.getInt(0) & 0xFFFF_FFFFL);
        assertUntouched(type, area, 9);
    }

    @ParameterizedTest
    @ValueSource(strings = {"long", "double", "int"})
    void shouldCopyLongRangesThroughHeapOffHeapAndOffsetBuffersInNativeOrder(final String type) {
        final int eb = elementBytes(type);
        final Object area = area(type);
        for (int i = 0; i < 64; i++) {
            switch (type) {
                case "long" -> ((long[]) area)[i] = 1_000_000_007L * (i + 1);
                case "double" -> ((double[]) area)[i] = i + 0.25;
                default -> ((int[]) area)[i] = 1_000_003 * (i + 1);
            }
        }
        final int len = 40 * eb; // above the short-copy limit: the bulk path
        final UnsafeBuffer offHeap = new UnsafeBuffer(java.nio.ByteBuffer.allocateDirect(1024));
        final UnsafeBuffer sliced = new UnsafeBuffer(new byte[1024], 24, 1000);
        final ExpandableArrayBuffer heap = new ExpandableArrayBuffer(1024);
        for (final org.agrona.MutableDirectBuffer b : new org.agrona.MutableDirectBuffer[] {offHeap, sliced, heap}) {
            Bulk.read(area, 3L * eb, b, 16, len);
            for (int i = 0; i < 40; i++) {
                final long expected = switch (type) {
                    case "long" -> ((long[]) area)[3 + i];
                    case "double" -> Double.doubleToRawLongBits(((double[]) area)[3 + i]);
                    default -> ((int[]) area)[3 + i];
                };
                final long got = switch (type) {
                    case "long" -> b.getLong(16 + i * eb);
                    case "double" -> Double.doubleToRawLongBits(b.getDouble(16 + i * eb));
                    default -> b.getInt(16 + i * eb);
                };
                assertEquals(expected, got, type + " element " + i + " in " + b.getClass().getSimpleName());
            }
            final Object back = area(type);
            Bulk.write(b, 16, back, 5L * eb, len);
            for (int i = 0; i < 40; i++) {
                assertEquals(java.lang.reflect.Array.get(area, 3 + i), java.lang.reflect.Array.get(back, 5 + i));
            }
            assertEquals(java.lang.reflect.Array.get(back, 4), java.lang.reflect.Array.get(area(type), 4),
                "nothing before the range");
            assertEquals(java.lang.reflect.Array.get(back, 45), java.lang.reflect.Array.get(area(type), 45),
                "nothing after the range");
        }
        assertThrows(IndexOutOfBoundsException.class, () -> Bulk.read(area, 30L * eb, heap, 0, len),
            "an array range past the end");
        assertThrows(IndexOutOfBoundsException.class, () -> Bulk.write(sliced, 990 - len + 16, area(type), 0, len),
            "a buffer range past the end of a slice");
    }

    private static Object area(final String type) {
        return switch (type) {
            case "long" -> new long[64];
            case "double" -> new double[64];
            default -> new int[64];
        };
    }

    private static int elementBytes(final String type) {
        return type.equals("int") ? 4 : 8;
    }

    /** @return the byte offset of an element beyond 2^31 bytes that a 32-bit offset turns into element 10 */
    private static long byteOffset(final String type) {
        return type.equals("int") ? HUGE_INT_INDEX * 4 : HUGE_LONG_INDEX * 8;
    }

    private static void assertUntouched(final String type, final Object area, final int... except) {
        final int n = 64;
        for (int i = 0; i < n; i++) {
            final int index = i;
            final boolean skip = java.util.Arrays.stream(except).anyMatch(e -> e == index);
            if (skip) {
                continue;
            }
            final long v = switch (type) {
                case "long" -> ((long[]) area)[i];
                case "double" -> Double.doubleToRawLongBits(((double[]) area)[i]);
                default -> ((int[]) area)[i];
            };
            assertEquals(0L, v, type + " element " + i + " was written");
        }
    }
}
