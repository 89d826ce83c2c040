package org.jbsplib.vtime;

/**
 * Why a process left its slot on the {@link VirtualMachine} when the baton went to another process (the stats line
 * of {@code -Dbsplib.vtime.stats=true} and {@link VirtualMachine#switches(HandOffCause)} count the hand-offs by
 * cause).
 *
 * <pre>{@code
 * long waits = machine.switches(HandOffCause.WAIT);
 * }</pre>
 */
public enum HandOffCause {
    /** A receive (poll or wait) whose clock had run past every other process's next event + the lookahead. */
    GATE("gate"),
    /** A wait for the next event (a frame's arrival or a wake-up) that another process's event precedes. */
    WAIT("wait"),
    /**
     * A wait until no other process can act earlier ({@code awaitEarliest}: the hardware barriers, and a process's
     * end or failure, which take effect in virtual order).
     */
    EARLIEST("earliest"),
    /** The end of a process's program. */
    END("end"),
    /** A random legal order's choice ({@code shuffle=SEED}). */
    SHUFFLE("shuffle"),
    /** A free slot given to a waiting process when a running one's clock or another's event moved (parallel). */
    SLOT("slot");

    private final String label;

    HandOffCause(final String label) {
        this.label = label;
    }

    /** @return the short name in the stats line */
    public String label() {
        return label;
    }
}
