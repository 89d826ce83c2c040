package org.jbsplib.core;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The fields each process writes or reads at every step of an empty sync's wait sit at least a cache line away from
 * the object's ends: the processes' objects are allocated one after the other by the launching thread (and a copying
 * collector may keep them so), and a line shared by two processes that poll on two cores moves between the cores
 * at every write.
 */
class PaddingTest {
    static Stream<Arguments> hotFields() {
        return Stream.of(
            Arguments.of("org.jbsplib.core.barrier.ShmBarrier", "episode"),
            Arguments.of("org.jbsplib.core.barrier.ShmBarrier", "generation"),
            Arguments.of("org.jbsplib.core.barrier.ShmBarrier", "released"),
            Arguments.of("org.jbsplib.core.barrier.ShmBarrier", "flagged"),
            Arguments.of("org.jbsplib.core.barrier.ShmBarrier", "misses"),
            Arguments.of("org.jbsplib.core.barrier.ShmBarrier", "state"),
            Arguments.of("org.jbsplib.core.barrier.ShmBarrier", "channel"),
            Arguments.of("org.jbsplib.core.barrier.ShmBarrier", "me"),
            Arguments.of("org.jbsplib.core.barrier.ShmBarrier", "nprocs"),
            Arguments.of("org.jbsplib.core.barrier.ShmBarrier", "parkAfter"),
            Arguments.of("org.jbsplib.core.transport.ThreadsTransport$ThreadsEndpoint", "pid"),
            Arguments.of("org.jbsplib.core.transport.ThreadsTransport$ThreadsEndpoint", "quiescence"),
            Arguments.of("org.jbsplib.core.transport.ThreadsTransport$ThreadsEndpoint", "handler"),
            Arguments.of("org.jbsplib.core.transport.WakeableIdleStrategy", "owner"),
            Arguments.of("org.jbsplib.core.transport.WakeableIdleStrategy", "parked"),
            Arguments.of("org.jbsplib.core.transport.WakeableIdleStrategy", "spins"),
            Arguments.of("org.jbsplib.core.transport.WakeableIdleStrategy", "spinLimit"),
            Arguments.of("org.jbsplib.core.transport.WakeableIdleStrategy", "spinCount"),
            Arguments.of("org.jbsplib.core.transport.WakeableIdleStrategy", "yields"),
            Arguments.of("org.jbsplib.core.transport.WakeableIdleStrategy", "parkNs"));
    }

    @ParameterizedTest(name = "{0}.{1}")
    @MethodSource("hotFields")
    void shouldKeepAHotFieldACacheLineFromTheObjectsEnds(final String className, final String field) {
        final FieldLayout layout = FieldLayout.of(className);
        assertTrue(layout.before(field) >= FieldLayout.LINE_BYTES, className + "." + field + " at offset "
            + layout.before(field) + " shares a cache line with the object before it");
        assertTrue(layout.after(field) >= FieldLayout.LINE_BYTES, className + "." + field + " ends "
            + layout.after(field) + " bytes before the object's end: it shares a cache line with the next object");
    }
}
