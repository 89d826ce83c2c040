package org.jbsplib.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicReference;

import org.agrona.concurrent.UnsafeBuffer;
import org.jbsplib.api.BspAbortException;
import org.jbsplib.api.BspProgram;
import org.jbsplib.api.ElementType;
import org.jbsplib.api.QueueSize;
import org.jbsplib.api.Reg;
import org.jbsplib.core.BspConfig;
import org.jbsplib.core.BspRuntime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Promises of the {@code Bsp} Javadoc and of the README's "Semantics" and "Errors" sections that the semantics suite
 * and the misuse tests do not pin, written as a user of the library meets them: through {@code org.jbsplib.api},
 * {@link BspRuntime} and {@link BspConfig} only (this package sees nothing else). Subclasses choose the sync mode.
 * Every read of received data follows the {@code commit} with the exact count, so the same programs hold under the
 * classic and the relaxed sync.
 */
@Timeout(60)
public abstract class ApiContractSuite {

    /** @return the configuration of a run with {@code p} processes */
    protected abstract BspConfig config(int p);

    private void run(final int p, final BspProgram program) {
        BspRuntime.run(config(p), program);
    }

    private static void check(final boolean condition, final String message) {
        if (!condition) {
            throw new AssertionError(message);
        }
    }

    /** README: "Zero-length puts and gets are valid no-ops"; commit: "a put of length 0 is a no-op and not counted". */
    @ParameterizedTest(name = "P={0}")
    @ValueSource(ints = {1, 2, 3})
    void shouldTreatZeroLengthTransfersAsNoOpsThatCommitDoesNotCount(final int p) {
        run(p, bsp -> {
            final int right = (bsp.pid() + 1) % p;
            final int[] area = {1, 2};
            final Reg reg = bsp.pushReg(area);
            final Reg none = bsp.pushReg(new int[0]);
            bsp.sync();
            final int[] dst = {9, 9};
            bsp.put(right, new int[] {5}, 0, reg, 2, 0);      // at the end of the area
            bsp.hpPut(right, new int[] {5}, 1, reg, 0, 0);    // at the end of the source
            bsp.put(right, new int[0], none);                 // whole (empty) array into an empty area
            bsp.get(right, reg, 2, dst, 0, 0);
            bsp.hpGet(right, reg, 0, dst, 2, 0);
            bsp.requestExchange();
            bsp.sync();
            bsp.commit(reg, 0);
            bsp.commit(none, 0);
            check(area[0] == 1 && area[1] == 2, "zero-length puts wrote " + Arrays.toString(area));
            check(dst[0] == 9 && dst[1] == 9, "zero-length gets wrote " + Arrays.toString(dst));
        });
    }

    /** A put to the process itself: the source is copied at the call, the area written by the sync. */
    @ParameterizedTest(name = "P={0}")
    @ValueSource(ints = {1, 2})
    void shouldWriteAPutToItselfAtTheSyncWithTheSourceOfTheCall(final int p) {
        run(p, bsp -> {
            final int me = bsp.pid();
            final int[] area = new int[3];
            final Reg reg = bsp.pushReg(area);
            bsp.sync();
            final int[] src = {7};
            bsp.put(me, src, 0, reg, 0, 1);
            src[0] = 8; // too late: put copied 7
            bsp.putInt(me, 13, reg, 2);
            check(area[0] == 0 && area[2] == 0, "a put is written at the end of the superstep, not at the call: "
                + Arrays.toString(area));
            bsp.hpPut(me, new int[] {11}, 0, reg, 1, 1);
            bsp.sync();
            bsp.commit(reg, 3);
            check(area[0] == 7 && area[1] == 11 && area[2] == 13, "after sync: " + Arrays.toString(area));
        });
    }

    /**
     * BSMP to oneself: the message is in the queue of the next superstep (not of this one), qsize counts payload
     * bytes without tags, and a message left in the queue is gone after the following sync.
     */
    @ParameterizedTest(name = "P={0}")
    @ValueSource(ints = {1, 2})
    void shouldQueueAMessageToItselfForTheNextSuperstepOnly(final int p) {
        run(p, bsp -> {
            final int me = bsp.pid();
            bsp.setTagSize(4);
            bsp.sync();
            final byte[] sentTag = {1, 2, 3, (byte) me};
            final byte[] sentPayload = {4, 5, 6};
            bsp.send(me, sentTag, sentPayload);
            sentTag[3] = 99; // too late: send copied tag and payload
            sentPayload[0] = 99;
            check(bsp.qsize().equals(new QueueSize(0, 0)), "sent this superstep, queued in the next: " + bsp.qsize());
            bsp.sync();
            check(bsp.qsize().equals(new QueueSize(1, 3)), "one message of 3 payload bytes: " + bsp.qsize());
            final byte[] tag = new byte[4];
            check(bsp.getTag(tag) == 3 && tag[3] == me, "getTag: " + Arrays.toString(tag));
            final byte[] payload = new byte[8];
            check(bsp.move(payload, 1, 8) == 3 && payload[1] == 4 && payload[3] == 6, Arrays.toString(payload));
            check(bsp.qsize().equals(new QueueSize(0, 0)), "moved: " + bsp.qsize());
            for (byte b = 1; b <= 3; b++) {
                bsp.send(me, new byte[4], new byte[] {b});
            }
            bsp.sync();
            final UnsafeBuffer first = new UnsafeBuffer(new byte[0]);
            final UnsafeBuffer second = new UnsafeBuffer(new byte[0]);
            bsp.hpMove(new UnsafeBuffer(new byte[0]), first);
            bsp.hpMove(new UnsafeBuffer(new byte[0]), second);
            check(first.getByte(0) == 1 && second.getByte(0) == 2, "an hpMove view stays valid until the next sync");
            check(bsp.qsize().equals(new QueueSize(1, 1)), "one left: " + bsp.qsize());
            bsp.sync(); // not moved: the sync empties the queue
            check(bsp.qsize().equals(new QueueSize(0, 0)), "the next sync empties the queue: " + bsp.qsize());
        });
    }

    /** getTag and hpMove on an empty queue: -1, and neither the array (whatever its length) nor the views change. */
    @Test
    void shouldLeaveTheTagArrayAndTheViewsAloneWhenTheQueueIsEmpty() {
        run(1, bsp -> {
            bsp.setTagSize(8);
            bsp.sync();
            final byte[] tag = {1, 2, 3};
            check(bsp.getTag(tag) == -1 && Arrays.equals(tag, new byte[] {1, 2, 3}), Arrays.toString(tag));
            check(bsp.getTag(new byte[0]) == -1, "an array shorter than tagSize()=8 is fine on an empty queue");
            final byte[] t = new byte[5];
            final byte[] pl = new byte[6];
            final UnsafeBuffer tagView = new UnsafeBuffer(t);
            final UnsafeBuffer payloadView = new UnsafeBuffer(pl);
            check(bsp.hpMove(tagView, payloadView) == -1, "hpMove on an empty queue");
            check(tagView.byteArray() == t && tagView.capacity() == 5 && payloadView.byteArray() == pl
                && payloadView.capacity() == 6, "the views are left unchanged");
        });
    }

    /** A registration's handle through its life: pending, active, popped but usable, popped. */
    @Test
    void shouldDescribeARegistrationThroughItsLifecycle() {
        run(2, bsp -> {
            final Reg longs = bsp.pushReg(new long[5]);
            final Reg bytes = bsp.pushReg(new UnsafeBuffer(new byte[16]));
            check(longs.slot() == -1 && !longs.isActive(), "pending: slot " + longs.slot() + ", active "
                + longs.isActive());
            check(longs.elementType() == ElementType.LONG && longs.length() == 5, longs.toString());
            check(bytes.elementType() == ElementType.BYTE && bytes.length() == 16, "a buffer is BYTE, its capacity");
            bsp.sync();
            check(longs.isActive() && longs.slot() == 0 && bytes.slot() == 1, "active after the sync");
            bsp.popReg(longs);
            check(longs.isActive(), "popped in this superstep: still usable until the sync");
            bsp.putLong(1 - bsp.pid(), 3L, longs, 4);
            bsp.sync();
            check(!longs.isActive(), "popped after the sync");
            try {
                bsp.popReg(longs);
                check(false, "a second popReg must fail");
            } catch (final IllegalArgumentException e) {
                check(e.getMessage().contains("popReg") && e.getMessage().contains("is not registered"),
                    e.getMessage());
            }
            bsp.sync();
        });
    }

    /** A registration popped in an earlier superstep cannot be read from; the call names itself and why. */
    @Test
    void shouldRefuseGetsFromAnAreaPoppedInAnEarlierSuperstep() {
        final AtomicReference<String> seen = new AtomicReference<>("");
        run(2, bsp -> {
            final int other = 1 - bsp.pid();
            final int[] area = {10 + bsp.pid()};
            final Reg reg = bsp.pushReg(area);
            bsp.sync();
            bsp.popReg(reg);
            final int[] got = new int[1];
            bsp.get(other, reg, 0, got, 0, 1); // the superstep of the pop may still use it
            bsp.requestExchange();
            bsp.sync();
            check(got[0] == 10 + other, "get in the superstep of the pop: " + got[0]);
            for (final boolean hp : new boolean[] {false, true}) {
                try {
                    if (hp) {
                        bsp.hpGet(other, reg, 0, got, 0, 1);
                    } else {
                        bsp.get(other, reg, 0, got, 0, 1);
                    }
                    check(false, "a get from a popped registration must fail");
                } catch (final IllegalArgumentException e) {
                    check(e.getMessage().startsWith(hp ? "hpGet:" : "get:") && e.getMessage().contains("popped"),
                        e.getMessage());
                    if (bsp.pid() == 0) {
                        seen.set(seen.get() + e.getMessage() + "\n");
                    }
                }
            }
            bsp.sync();
        });
        assertEquals(2, seen.get().lines().count(), seen.get());
    }

    /**
     * README: "Communication issued after a process's last sync is discarded": the run ends normally and nothing
     * arrives, also for a put above the eager limit (16 KiB), which moves by rendezvous.
     */
    @Test
    void shouldDiscardCommunicationIssuedAfterTheLastSync() {
        final int[][] areas = new int[2][];
        final int[][] bigAreas = new int[2][];
        final int[] got = {-1};
        run(2, bsp -> {
            final int[] area = {bsp.pid()};
            areas[bsp.pid()] = area;
            final Reg reg = bsp.pushReg(area);
            final int[] big = new int[8192];
            bigAreas[bsp.pid()] = big;
            final Reg bigReg = bsp.pushReg(big);
            bsp.sync();
            bsp.sync();
            final int other = 1 - bsp.pid();
            bsp.put(other, new int[] {42}, 0, reg, 0, 1);
            bsp.hpPut(other, new int[] {43}, 0, reg, 0, 1);
            final int[] ones = new int[big.length];
            Arrays.fill(ones, 1);
            bsp.put(other, ones, 0, bigReg, 0, ones.length);
            bsp.send(other, new byte[0], new byte[] {1});
            if (bsp.pid() == 0) {
                bsp.get(other, reg, 0, got, 0, 1);
            }
        });
        assertEquals(0, areas[0][0], "pid 0's area");
        assertEquals(1, areas[1][0], "pid 1's area");
        assertEquals(-1, got[0], "the get's destination");
        assertEquals(0, Arrays.stream(bigAreas[0]).sum() + Arrays.stream(bigAreas[1]).sum(), "the large puts");
    }

    /**
     * README, "Interrupts": "Interrupting the thread that called BspRuntime.run aborts the run the same way" (a
     * BspAbortException with an InterruptedException as cause; the interrupt status stays set). The processes sync
     * until the run aborts, so only the interrupt can end it.
     */
    @Test
    void shouldAbortTheRunWhenTheCallingThreadIsInterrupted() {
        final Thread caller = Thread.currentThread();
        try {
            final BspAbortException e = org.junit.jupiter.api.Assertions.assertThrows(BspAbortException.class,
                () -> run(2, bsp -> {
                    if (bsp.pid() == 0) {
                        caller.interrupt();
                    }
                    while (true) {
                        bsp.sync();
                    }
                }));
            assertInstanceOf(InterruptedException.class, e.getCause(), e.toString());
            assertTrue(caller.isInterrupted(), "the caller's interrupt status stays set");
        } finally {
            Thread.interrupted();
        }
    }

    /** Bsp's class comment: the context "is invalid after the program returns (calls then throw ...)". */
    @Test
    void shouldRefuseEveryCallAfterTheProgramEnded() {
        final AtomicReference<org.jbsplib.api.Bsp> escaped = new AtomicReference<>();
        final AtomicReference<Reg> reg = new AtomicReference<>();
        run(1, bsp -> {
            reg.set(bsp.pushReg(new int[1]));
            bsp.sync();
            escaped.set(bsp);
        });
        final org.jbsplib.api.Bsp bsp = escaped.get();
        final java.util.Map<String, Runnable> calls = new java.util.LinkedHashMap<>();
        calls.put("pid", bsp::pid);
        calls.put("nprocs", bsp::nprocs);
        calls.put("time", bsp::time);
        calls.put("superstep", bsp::superstep);
        calls.put("abort", () -> bsp.abort("late"));
        calls.put("requestExchange", bsp::requestExchange);
        calls.put("popReg", () -> bsp.popReg(reg.get()));
        calls.put("commit", () -> bsp.commit(reg.get(), 0));
        calls.put("put", () -> bsp.putInt(0, 1, reg.get(), 0));
        calls.put("get", () -> bsp.get(0, reg.get(), 0, new int[1], 0, 1));
        calls.put("setTagSize", () -> bsp.setTagSize(1));
        calls.put("tagSize", bsp::tagSize);
        calls.put("send", () -> bsp.send(0, new byte[0], new byte[0]));
        calls.put("qsize", bsp::qsize);
        calls.put("getTag", () -> bsp.getTag(new byte[0]));
        calls.put("move", () -> bsp.move(new byte[0], 0, 0));
        calls.put("hpMove", () -> bsp.hpMove(new UnsafeBuffer(new byte[0]), new UnsafeBuffer(new byte[0])));
        calls.forEach((name, call) -> {
            final RuntimeException e = org.junit.jupiter.api.Assertions.assertThrows(RuntimeException.class,
                call::run, name);
            assertInstanceOf(IllegalStateException.class, e, name + ": " + e);
            assertTrue(e.getMessage().contains("after the program of pid 0 ended"), name + ": " + e.getMessage());
        });
    }
}
