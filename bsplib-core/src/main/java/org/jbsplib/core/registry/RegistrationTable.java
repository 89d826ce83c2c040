package org.jbsplib.core.registry;

import java.util.ArrayList;
import java.util.List;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.jbsplib.api.ElementType;
import org.jbsplib.api.Reg;

/**
 * One process's registrations. Push and pop operations are queued during a superstep and applied at its sync,
 * after the superstep's data has moved; every process applies the same sequence (checked by
 * {@link #checkSameSequence}), so a slot (lowest free index at the time of the push) names the same
 * registration everywhere. Confined to the owner's thread.
 *
 * <p>Operations are encoded for the count exchange as 6-byte records: kind (1 byte), element type (1 byte),
 * and the pushed length or the popped slot (int).
 */
public final class RegistrationTable {
    /** Encoded size of one operation. */
    public static final int OP_BYTES = 6;
    private static final byte PUSH = 1;
    private static final byte POP = 2;

    private final int pid;
    private final int nprocs;
    private final List<RegHandle> slots = new ArrayList<>();
    private final List<RegHandle> pending = new ArrayList<>();

    public RegistrationTable(final int pid, final int nprocs) {
        this.pid = pid;
        this.nprocs = nprocs;
    }

    /** Queues a push of {@code area}; {@code length} in elements. */
    public RegHandle push(final Object area, final ElementType type, final int length) {
        final RegHandle h = new RegHandle(pid, area, type, length);
        pending.add(h);
        return h;
    }

    /** Queues a pop of an active registration. */
    public void pop(final Reg reg) {
        final RegHandle h = ownHandle("popReg", reg);
        if (h.state() != RegHandle.State.ACTIVE) {
            throw new IllegalArgumentException("popReg: " + h + " is not registered on pid " + pid + " (state "
                + h.state() + (h.state() == RegHandle.State.PENDING ? ": pushed this superstep, active after sync"
                : "") + ")");
        }
        h.state(RegHandle.State.POP_PENDING);
        pending.add(h);
    }

    /**
     * @return {@code reg} as this process's handle
     * @throws IllegalArgumentException if it is null or another process's
     */
    public RegHandle ownHandle(final String call, final Reg reg) {
        if (!(reg instanceof RegHandle h)) {
            throw new IllegalArgumentException(call + ": reg=" + reg + " is not a registration of this runtime");
        }
        if (h.ownerPid() != pid) {
            throw new IllegalArgumentException(call + ": " + h + " belongs to pid " + h.ownerPid()
                + ", not to pid " + pid);
        }
        return h;
    }

    /** @return the active handle of {@code slot} or {@code null} */
    public RegHandle slot(final int slot) {
        return slot >= 0 && slot < slots.size() ? slots.get(slot) : null;
    }

    /** @return the number of pending operations of this superstep */
    public int pendingCount() {
        return pending.size();
    }

    /** Writes the pending operations at {@code offset}. @return bytes written */
    public int encodePending(final MutableDirectBuffer buf, final int offset) {
        int at = offset;
        // indexed: an iterator here was not always scalar-replaced, and this runs at every sync
        for (int i = 0, n = pending.size(); i < n; i++) {
            final RegHandle h = pending.get(i);
            final boolean isPop = h.state() == RegHandle.State.POP_PENDING;
            buf.putByte(at, isPop ? POP : PUSH);
            buf.putByte(at + 1, h.elementType().code());
            buf.putInt(at + 2, isPop ? h.slot() : h.length());
            at += OP_BYTES;
        }
        return at - offset;
    }

    /**
     * Checks that {@code pid}'s operations (as encoded) are the same sequence as this process's.
     *
     * @return {@code null} if they match, else a description of the first difference
     */
    public String checkSameSequence(final int otherPid, final int count, final DirectBuffer buf, final int offset) {
        if (count != pending.size()) {
            return "registration sequences differ across processes: pid " + pid + " made " + pending.size()
                + " pushReg/popReg calls in this superstep (" + describeMine() + ") but pid " + otherPid
                + " made " + count;
        }
        for (int i = 0; i < count; i++) {
            final RegHandle h = pending.get(i);
            final int at = offset + i * OP_BYTES;
            final byte kind = buf.getByte(at);
            final boolean isPop = h.state() == RegHandle.State.POP_PENDING;
            final int value = buf.getInt(at + 2);
            final ElementType type = ElementType.ofCode(buf.getByte(at + 1));
            final boolean same = isPop ? kind == POP && value == h.slot()
                : kind == PUSH && type == h.elementType();
            if (!same) {
                return "registration sequences differ across processes: call #" + (i + 1) + " of the superstep was "
                    + describe(isPop ? POP : PUSH, h.elementType(), isPop ? h.slot() : h.length()) + " on pid "
                    + pid + " but " + describe(kind, type, value) + " on pid " + otherPid;
            }
        }
        return null;
    }

    private String describeMine() {
        final StringBuilder sb = new StringBuilder();
        for (final RegHandle h : pending) {
            if (sb.length() > 0) {
                sb.append(", ");
            }
            final boolean isPop = h.state() == RegHandle.State.POP_PENDING;
            sb.append(describe(isPop ? POP : PUSH, h.elementType(), isPop ? h.slot() : h.length()));
        }
        return sb.toString();
    }

    private static String describe(final byte kind, final ElementType type, final int value) {
        return kind == POP ? "popReg(reg#" + value + ")" : "pushReg(" + type.name().toLowerCase() + "[" + value + "])";
    }

    /**
     * Applies the superstep's operations in call order, taking every process's pushed lengths from the encoded
     * operations ({@code ops[p]} at {@code opOffsets[p]}; {@code ops[pid]} may be null for this process).
     */
    public void applyPending(final DirectBuffer[] ops, final int[] opOffsets) {
        for (int i = 0; i < pending.size(); i++) {
            final RegHandle h = pending.get(i);
            if (h.state() == RegHandle.State.POP_PENDING) {
                slots.set(h.slot(), null);
                h.state(RegHandle.State.POPPED);
                while (!slots.isEmpty() && slots.get(slots.size() - 1) == null) {
                    slots.remove(slots.size() - 1);
                }
            } else {
                // an array of P lengths only when they differ: most programs register the same length everywhere
                int[] lengths = null;
                for (int p = 0; p < nprocs; p++) {
                    final int length = p == pid || ops[p] == null ? h.length()
                        : ops[p].getInt(opOffsets[p] + i * OP_BYTES + 2);
                    if (lengths == null && length != h.length()) {
                        lengths = new int[nprocs];
                        java.util.Arrays.fill(lengths, 0, p, h.length());
                    }
                    if (lengths != null) {
                        lengths[p] = length;
                    }
                }
                h.remoteLengths = lengths;
                int slot = slots.indexOf(null);
                if (slot < 0) {
                    slot = slots.size();
                    slots.add(h);
                } else {
                    slots.set(slot, h);
                }
                h.slot(slot);
                h.state(RegHandle.State.ACTIVE);
            }
        }
        pending.clear();
    }

    /** @return the number of slots in use (the highest active slot + 1) */
    public int slotCount() {
        return slots.size();
    }
}
