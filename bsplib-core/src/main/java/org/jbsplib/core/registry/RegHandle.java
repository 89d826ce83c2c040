package org.jbsplib.core.registry;

import org.agrona.MutableDirectBuffer;
import org.jbsplib.api.ElementType;
import org.jbsplib.api.Reg;

/**
 * The runtime's {@link Reg}: one process's registered area and its state. Confined to the owner's thread.
 */
public final class RegHandle implements Reg {
    /** Lifecycle of a registration. */
    public enum State {
        /** pushed this superstep; active after the next sync */
        PENDING,
        /** usable as a put destination / get source */
        ACTIVE,
        /** popped this superstep; usable until the next sync */
        POP_PENDING,
        /** gone */
        POPPED
    }

    private final int ownerPid;
    private final Object area;
    private final ElementType elementType;
    private final int length;
    private int slot = -1;
    private State state = State.PENDING;
    /** the length each pid registered, or {@code null} when every pid registered {@link #length} */
    int[] remoteLengths;

    RegHandle(final int ownerPid, final Object area, final ElementType elementType, final int length) {
        this.ownerPid = ownerPid;
        this.area = area;
        this.elementType = elementType;
        this.length = length;
    }

    /** @return the pid that created this handle */
    public int ownerPid() {
        return ownerPid;
    }

    /** @return the registered array or {@link MutableDirectBuffer} */
    public Object area() {
        return area;
    }

    @Override
    public ElementType elementType() {
        return elementType;
    }

    @Override
    public int length() {
        return length;
    }

    @Override
    public int slot() {
        return slot;
    }

    void slot(final int slot) {
        this.slot = slot;
    }

    /** @return the lifecycle state */
    public State state() {
        return state;
    }

    void state(final State state) {
        this.state = state;
    }

    @Override
    public boolean isActive() {
        return state == State.ACTIVE || state == State.POP_PENDING;
    }

    /** @return the length, in elements, that {@code pid} registered for this slot */
    public int remoteLength(final int pid) {
        return remoteLengths == null ? length : remoteLengths[pid];
    }

    /** @return the area's length in bytes */
    public long lengthBytes() {
        return (long) length * elementType.bytes();
    }

    @Override
    public String toString() {
        return "reg#" + (slot >= 0 ? Integer.toString(slot) : "pending") + "(" + typeName() + "[" + length + "])";
    }

    /** @return the Java type name of the area, e.g. {@code double[]} */
    public String typeName() {
        return typeName(area);
    }

    /** @return the Java type name of an area object */
    public static String typeName(final Object area) {
        if (area instanceof MutableDirectBuffer) {
            return "MutableDirectBuffer";
        }
        return area == null ? "null" : area.getClass().getSimpleName();
    }
}
