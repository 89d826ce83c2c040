package org.jbsplib.collectives;

/**
 * An operation on two {@code byte} operands producing a {@code byte}: the {@code byte} counterpart of
 * {@link java.util.function.IntBinaryOperator}, which the JDK does not have, for the reductions and scans of
 * {@link Collectives} on {@code byte[]} (no boxing, no widening of the result left to the caller).
 *
 * <p>The collectives need it associative; it need not be commutative. Java's arithmetic widens to {@code int}, so
 * the lambda narrows: {@code (a, b) -> (byte) (a + b)} adds modulo 2<sup>8</sup> (associative, wraps like
 * {@code int} addition does at 2<sup>32</sup>); {@code (a, b) -> (byte) (a | b)}, {@code (a, b) -> (byte) (a ^ b)}
 * and {@code (a, b) -> (byte) Math.max(a, b)} are exact.
 * <pre>{@code
 * byte[] flags = ...;                                       // one bit per condition
 * coll.allReduce(flags, 0, flags.length, (a, b) -> (byte) (a | b));
 * }</pre>
 *
 * <p><b>Threading.</b> Called on the thread of the process running the collective; the collectives call it from
 * one thread at a time per process, but every process calls it, so a shared operator must be stateless.
 */
@FunctionalInterface
public interface ByteBinaryOperator {
    /**
     * Applies this operator.
     *
     * @param left  the left operand (from the lower pid in a fold or scan)
     * @param right the right operand
     * @return the result
     */
    byte applyAsByte(byte left, byte right);
}
