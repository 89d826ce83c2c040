package org.jbsplib.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicReference;

import org.agrona.concurrent.UnsafeBuffer;
import org.jbsplib.api.Bsp;
import org.jbsplib.api.BspAbortException;
import org.jbsplib.api.BspProgram;
import org.jbsplib.api.Reg;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Every misuse listed in the README fails at the call (or, for cross-process mismatches, at the sync) with a
 * message naming the argument and its value.
 */
@Timeout(30)
class MisuseTest {

    /** Runs {@code call} on pid 0 of a 2-process run after one registered int[4] is active; returns its error. */
    private static RuntimeException errorOf(final MisusedCall call) {
        return errorOf(call, false);
    }

    /** As {@link #errorOf(MisusedCall)}; with {@code everyPid} the call runs on every pid (same registrations). */
    private static RuntimeException errorOf(final MisusedCall call, final boolean everyPid) {
        final AtomicReference<RuntimeException> error = new AtomicReference<>();
        BspRuntime.run(new BspConfig().procs(2), bsp -> {
            final int[] area = new int[bsp.pid() == 0 ? 4 : 2];
            final Reg reg = bsp.pushReg(area);
            bsp.sync();
            if (everyPid || bsp.pid() == 0) {
                try {
                    call.apply(bsp, reg);
                } catch (final RuntimeException e) {
                    if (bsp.pid() == 0) {
                        error.set(e);
                    }
                }
            }
            bsp.sync();
        });
        final RuntimeException e = error.get();
        if (e == null) {
            throw new AssertionError("the call did not fail");
        }
        return e;
    }

    @FunctionalInterface
    interface MisusedCall {
        void apply(Bsp bsp, Reg reg);
    }

    private static void assertMessage(final RuntimeException e, final Class<?> type, final String... parts) {
        assertInstanceOf(type, e, e.toString());
        for (final String part : parts) {
            assertTrue(e.getMessage().contains(part), "message '" + e.getMessage() + "' should contain '" + part + "'");
        }
    }

    @Test
    void shouldRejectPutToARegistrationNotYetActive() {
        final RuntimeException e = errorOf((bsp, reg) -> {
            final Reg fresh = bsp.pushReg(new int[1]);
            bsp.put(1 - bsp.pid(), new int[1], 0, fresh, 0, 1);
        }, true);
        assertMessage(e, IllegalArgumentException.class, "put", "not registered", "next sync");
    }

    @Test
    void shouldRejectPutToAPoppedRegistration() {
        final AtomicReference<RuntimeException> error = new AtomicReference<>();
        BspRuntime.run(new BspConfig().procs(2), bsp -> {
            final Reg reg = bsp.pushReg(new int[1]);
            bsp.sync();
            bsp.popReg(reg);
            bsp.sync();
            try {
                bsp.put(1 - bsp.pid(), new int[1], 0, reg, 0, 1);
            } catch (final RuntimeException e) {
                error.set(e);
            }
            bsp.sync();
        });
        assertMessage(error.get(), IllegalArgumentException.class, "put", "popped");
    }

    @Test
    void shouldRejectOffsetsBeyondTheRemoteRegistration() {
        final RuntimeException e = errorOf((bsp, reg) -> bsp.put(1, new int[4], 0, reg, 1, 2));
        assertMessage(e, IllegalArgumentException.class, "dstOffset=1", "length=2", "registered length=2", "pid 1");
    }

    @Test
    void shouldRejectSourceRangesBeyondTheSourceArray() {
        final RuntimeException e = errorOf((bsp, reg) -> bsp.put(0, new int[2], 1, reg, 0, 2));
        assertMessage(e, IllegalArgumentException.class, "srcOffset=1", "length=2", "src length=2");
    }

    @Test
    void shouldRejectGetBeyondTheOwnersRegistration() {
        final RuntimeException e = errorOf((bsp, reg) -> bsp.get(1, reg, 2, new int[4], 0, 1));
        assertMessage(e, IllegalArgumentException.class, "get", "srcOffset=2", "registered length=2");
    }

    @Test
    void shouldRejectTheWrongElementType() {
        final RuntimeException e = errorOf((bsp, reg) -> bsp.put(1, new double[1], 0, reg, 0, 1));
        assertMessage(e, IllegalArgumentException.class, "double[]", "INT");
    }

    @Test
    void shouldRejectPidOutOfRange() {
        assertMessage(errorOf((bsp, reg) -> bsp.put(2, new int[1], 0, reg, 0, 1)), IllegalArgumentException.class,
            "pid=2", "0..1");
        assertMessage(errorOf((bsp, reg) -> bsp.get(-1, reg, 0, new int[1], 0, 1)), IllegalArgumentException.class,
            "pid=-1");
        assertMessage(errorOf((bsp, reg) -> bsp.send(5, new byte[0], new byte[1])), IllegalArgumentException.class,
            "pid=5");
    }

    @Test
    void shouldRejectNegativeSizes() {
        assertMessage(errorOf((bsp, reg) -> bsp.put(1, new int[1], 0, reg, 0, -1)), IllegalArgumentException.class,
            "length=-1");
        assertMessage(errorOf((bsp, reg) -> bsp.put(1, new int[1], -2, reg, 0, 1)), IllegalArgumentException.class,
            "srcOffset=-2");
        assertMessage(errorOf((bsp, reg) -> bsp.setTagSize(-4)), IllegalArgumentException.class, "bytes=-4");
        assertMessage(errorOf((bsp, reg) -> bsp.commit(reg, -1)), IllegalArgumentException.class, "n=-1");
        assertMessage(errorOf((bsp, reg) -> bsp.move(new byte[1], 0, -1)), IllegalArgumentException.class,
            "maxLength=-1");
    }

    @Test
    void shouldRejectPopOfAnUnregisteredArea() {
        assertMessage(errorOf((bsp, reg) -> bsp.popReg(bsp.pushReg(new int[1])), true), IllegalArgumentException.class,
            "popReg", "not registered");
        assertMessage(errorOf((bsp, reg) -> {
            bsp.popReg(reg);
            bsp.popReg(reg);
        }, true), IllegalArgumentException.class, "popReg", "POP_PENDING");
    }

    @Test
    void shouldRejectATagOfTheWrongSize() {
        assertMessage(errorOf((bsp, reg) -> bsp.send(1, new byte[3], new byte[1])), IllegalArgumentException.class,
            "tag length=3", "tag size=0");
        assertMessage(errorOf((bsp, reg) -> bsp.send(1, new UnsafeBuffer(new byte[0]), 0,
            new UnsafeBuffer(new byte[2]), 1, 2)), IllegalArgumentException.class, "payloadOffset=1", "length=2");
    }

    @Test
    void shouldRejectMoveWithNoMessage() {
        assertMessage(errorOf((bsp, reg) -> bsp.move(new byte[1], 0, 1)), IllegalStateException.class, "empty");
    }

    @Test
    void shouldRejectCommitWithTheWrongCount() {
        assertMessage(errorOf((bsp, reg) -> bsp.commit(reg, 3)), IllegalStateException.class, "received 0 updates",
            "n=3");
    }

    @Test
    void shouldRejectARegOfAnotherProcess() {
        final AtomicReference<Reg> regOfPid1 = new AtomicReference<>();
        final AtomicReference<RuntimeException> error = new AtomicReference<>();
        BspRuntime.run(new BspConfig().procs(2), bsp -> {
            final Reg reg = bsp.pushReg(new int[1]);
            if (bsp.pid() == 1) {
                regOfPid1.set(reg);
            }
            bsp.sync();
            if (bsp.pid() == 0) {
                try {
                    bsp.put(1, new int[1], 0, regOfPid1.get(), 0, 1);
                } catch (final RuntimeException e) {
                    error.set(e);
                }
            }
        });
        assertMessage(error.get(), IllegalArgumentException.class, "belongs to pid 1");
    }

    @Test
    void shouldRejectCallsAfterTheProgramEnded() {
        final AtomicReference<Bsp> escaped = new AtomicReference<>();
        BspRuntime.run(new BspConfig().procs(1), escaped::set);
        final IllegalStateException e = assertThrows(IllegalStateException.class, () -> escaped.get().sync());
        assertTrue(e.getMessage().contains("after the program of pid 0 ended"), e.getMessage());
        assertThrows(IllegalStateException.class, () -> escaped.get().pushReg(new int[1]));
    }

    @Test
    void shouldDetectRegistrationSequencesThatDifferAtSync() {
        final BspAbortException e = assertThrows(BspAbortException.class, () -> BspRuntime.run(
            new BspConfig().procs(3), bsp -> {
                if (bsp.pid() == 2) {
                    bsp.pushReg(new double[2]);
                } else {
                    bsp.pushReg(new int[2]);
                }
                bsp.sync();
            }));
        assertTrue(e.getMessage().contains("registration sequences differ"), e.getMessage());
        assertTrue(e.getMessage().contains("pushReg(double[2])") || e.getMessage().contains("pushReg(int[2])"),
            e.getMessage());
    }

    @Test
    void shouldDetectDifferentTagSizesAtSync() {
        final BspAbortException e = assertThrows(BspAbortException.class, () -> BspRuntime.run(
            new BspConfig().procs(2), bsp -> {
                bsp.setTagSize(bsp.pid() + 1);
                bsp.sync();
            }));
        assertTrue(e.getMessage().contains("setTagSize differs"), e.getMessage());
    }

    @Test
    void shouldRejectInvalidConfiguration() {
        assertMessage(assertThrows(IllegalArgumentException.class, () -> new BspConfig().procs(0).conclude()),
            IllegalArgumentException.class, "procs=0");
        assertMessage(assertThrows(IllegalArgumentException.class,
            () -> new BspConfig().ringCapacityBytes(5000).conclude()), IllegalArgumentException.class,
            "ringCapacityBytes=5000");
        assertMessage(assertThrows(IllegalArgumentException.class,
            () -> BspRuntime.run(new BspConfig().syncMode("nope"), bsp -> { })), IllegalArgumentException.class,
            "sync=nope", "org");
        assertMessage(assertThrows(IllegalArgumentException.class,
            () -> BspRuntime.run(new BspConfig().transport("carrier-pigeon"), bsp -> { })),
            IllegalArgumentException.class, "transport=carrier-pigeon", "threads");
        final BspConfig done = new BspConfig().conclude();
        assertThrows(IllegalStateException.class, done::conclude);
        assertThrows(IllegalStateException.class, () -> done.procs(3));
    }

    @Test
    void shouldRejectMisusedShortFormsAsTheCallsTheyStandFor() {
        assertMessage(errorOf((bsp, reg) -> bsp.putLong(1, 5L, reg, 0)), IllegalArgumentException.class, "put",
            "long[]", "INT");
        assertMessage(errorOf((bsp, reg) -> bsp.putInt(1, 5, reg, 2)), IllegalArgumentException.class,
            "dstOffset=2", "registered length=2", "pid 1");
        assertMessage(errorOf((bsp, reg) -> bsp.getInt(1, reg, -1, new int[1], 0)), IllegalArgumentException.class,
            "get", "srcOffset=-1");
        assertMessage(errorOf((bsp, reg) -> bsp.put(1, new int[3], reg)), IllegalArgumentException.class,
            "dstOffset=0", "length=3", "registered length=2");
        assertMessage(errorOf((bsp, reg) -> bsp.put(1, (int[]) null, reg)), IllegalArgumentException.class,
            "put", "src=null");
        assertMessage(errorOf((bsp, reg) -> bsp.get(1, reg, (int[]) null)), IllegalArgumentException.class,
            "get", "dst=null");
        assertMessage(errorOf((bsp, reg) -> bsp.get(1, reg, 1, new int[2])), IllegalArgumentException.class,
            "srcOffset=1", "length=2", "registered length=2");
    }

    @Test
    void shouldRejectMisusedTypedPayloadsBeforeTouchingTheQueue() {
        assertMessage(errorOf((bsp, reg) -> bsp.send(1, new byte[0], (long[]) null)), IllegalArgumentException.class,
            "send", "payload=null");
        assertMessage(errorOf((bsp, reg) -> bsp.send(1, new byte[0], new int[2], 1, 2)),
            IllegalArgumentException.class, "offset=1", "length=2", "payload length=2");
        assertMessage(errorOf((bsp, reg) -> bsp.send(1, new byte[0], new double[2], -1, 1)),
            IllegalArgumentException.class, "offset=-1");
        assertMessage(errorOf((bsp, reg) -> bsp.send(1, new byte[2], new int[1])), IllegalArgumentException.class,
            "tag length=2", "tag size=0");
        assertMessage(errorOf((bsp, reg) -> bsp.move((int[]) null, 0, 1)), IllegalArgumentException.class,
            "move", "dst=null");
        assertMessage(errorOf((bsp, reg) -> bsp.move(new long[2], 1, 2)), IllegalArgumentException.class,
            "offset=1", "maxLength=2", "dst length=2");
        assertMessage(errorOf((bsp, reg) -> bsp.move(new double[2], 0, -1)), IllegalArgumentException.class,
            "maxLength=-1");
        assertMessage(errorOf((bsp, reg) -> bsp.move(new int[1], 0, 1)), IllegalStateException.class, "empty");
    }

    @Test
    void shouldRejectATypedMoveOfAPayloadThatIsNotWholeElements() {
        final AtomicReference<RuntimeException> error = new AtomicReference<>();
        final int[] left = new int[1];
        BspRuntime.run(new BspConfig().procs(1), bsp -> {
            bsp.send(0, new byte[0], new byte[] {1, 2, 3, 4, 5, 6});
            bsp.sync();
            try {
                bsp.move(new int[4], 0, 4);
            } catch (final RuntimeException e) {
                error.set(e);
            }
            left[0] = bsp.qsize().packets();
        });
        assertMessage(error.get(), IllegalStateException.class, "payload length=6", "not a multiple of 4");
        assertEquals(0, left[0], "the message was removed, as by hpMove");
    }

    @Test
    void shouldRejectANullProgramAndNullAreas() {
        assertThrows(IllegalArgumentException.class, () -> BspRuntime.run(new BspConfig(), (BspProgram) null));
        assertMessage(errorOf((bsp, reg) -> bsp.pushReg((int[]) null)), IllegalArgumentException.class, "area=null");
        assertMessage(errorOf((bsp, reg) -> bsp.put(1, (int[]) null, 0, reg, 0, 1)), IllegalArgumentException.class,
            "src=null");
        assertEquals(1, 1);
    }
}
