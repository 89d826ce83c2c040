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
