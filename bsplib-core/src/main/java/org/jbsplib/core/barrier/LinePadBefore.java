package org.jbsplib.core.barrier;

/**
 * Padding before fields that one process writes often and another reads (class-hierarchy padding: the JVM lays out a
 * superclass's fields first): a full 128-byte line pair, for the {@code shm} barrier's shared word and each process's
 * {@link ShmBarrier} fields.
 */
abstract class LinePadBefore {
    long p00, p01, p02, p03, p04, p05, p06, p07, p08, p09, p10, p11, p12, p13, p14, p15;
    // fills the gap after a 12-byte object header, where the JVM would otherwise place a subclass's int or reference
    int gap;
}
