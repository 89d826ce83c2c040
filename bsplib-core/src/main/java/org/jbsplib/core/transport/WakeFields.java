package org.jbsplib.core.transport;

/**
 * The fields of a {@link WakeableIdleStrategy} that senders read: the thread to unpark, and whether it announced a
 * park. Senders read them at every frame they send, while the owner writes its step counters at every idle step, so
 * they sit between 128-byte pads (class-hierarchy padding), apart from the owner's fields, which the subclass declares
 * and the JVM lays out after the pads.
 */
abstract class WakeFields extends WakeShared {
    long q00, q01, q02, q03, q04, q05, q06, q07, q08, q09, q10, q11, q12, q13, q14, q15;
}

/** The fields senders read, after the padding before them. */
abstract class WakeShared extends WakePadBefore {
    /** The thread driving the process when it last parked. */
    volatile Thread owner;
    /** Whether the owner announced a park (Dekker with the sender's wake-up). */
    volatile boolean parked;
}

/** Padding before the fields senders read. */
abstract class WakePadBefore {
    long p00, p01, p02, p03, p04, p05, p06, p07, p08, p09, p10, p11, p12, p13, p14, p15;
}
