package org.jbsplib.api;

/**
 * Element type of a registered area. Offsets and lengths of DRMA calls count elements of this type.
 * {@code byte[]} and Agrona {@code MutableDirectBuffer} registrations are both {@link #BYTE}.
 */
public enum ElementType {
    /** {@code byte[]} or a {@code MutableDirectBuffer}: 1 byte per element. */
    BYTE(1),
    /** {@code int[]}: 4 bytes per element. */
    INT(4),
    /** {@code long[]}: 8 bytes per element. */
    LONG(8),
    /** {@code double[]}: 8 bytes per element. */
    DOUBLE(8);

    private final int bytes;

    ElementType(final int bytes) {
        this.bytes = bytes;
    }

    /** @return the size of one element in bytes */
    public int bytes() {
        return bytes;
    }

    /** @return the element type code used on the wire */
    public byte code() {
        return (byte) ordinal();
    }

    /**
     * @param code a value of {@link #code()}
     * @return the element type
     */
    public static ElementType ofCode(final int code) {
        final ElementType[] values = values();
        if (code < 0 || code >= values.length) {
            throw new IllegalArgumentException("element type code=" + code + " is not one of 0.." + (values.length - 1));
        }
        return values[code];
    }
}
