package org.jbsplib.core.transport;

/**
 * The fields of a {@link WakeableIdleStrategy} that senders read: the thread to unpark, and whether it announced a
 * park. Senders read them at every frame they send, while the owner writes its step counters at every idle step, so
 * they sit between 128-byte pads (class-hierarchy padding), apart from the owner's fields ({@link WakeOwnerFields}),
 * which the JVM lays out after the pads, and which the strategy itself pads after.
 */
abstract class WakeFields extends WakeShared {
    long q00, q01, q02, q03, q04, q05, q06, q07, q08, q09, q10, q11, q12, q13, q14, q15;
}

/**
 * The owner's fields of a {@link WakeableIdleStrategy}, written at every idle step: after the padding of
 * {@link WakeFields}, before the padding its subclass declares.
 */
abstract class WakeOwnerFields extends WakeFields {
    // The spin phase of the next wait, between MIN_SPINS and maxSpins: halved after a wait that outlasted it,
    // doubled after one that ended within it. A wait outlasts its spins when the partner it waits for does not
    // run meanwhile (both threads queued on one CPU: measured on the 2-core host, where every wait of a 1 MiB
    // put + sync then spun its whole phase and ended at the first yield), and a spin then only delays the
    // partner; a wait that ends while spinning says the partner runs, so spinning pays again.
    int spinLimit;
    int spins;
    int yields;
    long yieldStart;
    long parkNs;
    // what the waits cost, for the run's statistics (owner's thread only)
    long spinCount;
    long yieldCount;
    long parkCount;
    long parkedNs;
}

/** The fields senders read, after the padding before them. */
abstract class WakeShared extends LinePadBefore {
    /** The thread driving the process when it last parked. */
    volatile Thread owner;
    /** Whether the owner announced a park (Dekker with the sender's wake-up). */
    volatile boolean parked;
}
