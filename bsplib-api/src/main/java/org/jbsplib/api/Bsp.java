package org.jbsplib.api;

import java.nio.ByteOrder;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * One BSP process's view of the machine: the BSPlib primitives, Java-shaped.
 *
 * <p><b>Threading.</b> A {@code Bsp} is confined to the thread that runs the process's {@link BspProgram}; it must
 * not be shared, and it is invalid after the program returns (calls then throw {@link IllegalStateException}).
 *
 * <p><b>Supersteps.</b> A process's computation is a sequence of supersteps separated by {@link #sync()}.
 * Communication issued in superstep s (put, get, send, registration changes, tag size changes) takes effect at
 * the end of superstep s, and is visible in superstep s+1.
 *
 * <p><b>DRMA.</b> {@link #pushReg} registers a local array; the i-th {@code pushReg} of every process names the
 * same registration (matched by call order, checked at sync). {@code put} writes into the destination
 * process's registered area, {@code get} reads from it. Offsets and lengths count elements of the
 * registration's {@link ElementType}; the source/destination array type must match it (a put of {@code int[]}
 * into a {@code double[]} registration is an error).
 *
 * <p><b>Ordering rules</b> (the choices BSPlib leaves open, fixed here so runs are deterministic):
 * <ol>
 *   <li>At sync every get of the superstep reads its value before any put of the superstep is written.</li>
 *   <li>Writes into a process's memory (put data and get results alike) are applied in ascending order of the
 *       pid whose memory the data came from (the putting process for a put, the owner for a get); writes from one
 *       pid are applied in the order they were issued, and a pid's get results before its puts. So when two
 *       writes overlap, the one from the higher pid wins; from one pid, the later one wins.</li>
 *   <li>BSMP messages are queued in ascending order of the sending pid, then in send order.</li>
 * </ol>
 * Under the relaxed barrier synchronization (sync mode {@code rbs}) rule 2 holds in supersteps that end with the
 * count exchange (see {@link #requestExchange()}); in a <em>relaxed</em> superstep two writes into one process's
 * memory from different pids are ordered differently: puts from other processes are written in arrival order,
 * and a process's own writes (its get results, which come from itself in a relaxed superstep, and its puts to
 * itself) are written at its sync, before any put from another process of that superstep, so where they overlap
 * the other process's put wins whatever the pids. Programs that read a registered area only after committing it
 * and do not let such writes overlap see no difference.
 *
 * <p><b>Memory consistency effects.</b> Actions of any process before it calls {@code sync()} in superstep s
 * (its own stores and its communication requests) happen-before the actions of every destination process after
 * that process returns from the {@code sync()} ending superstep s: after {@code sync()} returns, every put and get
 * result destined to this process is in its memory and every message sent to it is in its queue.
 *
 * <p><b>Shorter forms.</b> Besides the BSPlib calls, the interface has default methods that stand for one of them
 * and add no semantics: single values ({@link #putInt}, {@link #getInt}, ... for every element type), whole arrays
 * ({@code put(pid, src, dst)}, {@code put(pid, src, dst, dstOffset)}, {@code get(pid, src, dst)},
 * {@code get(pid, src, srcOffset, dst)}) and typed BSMP payloads ({@code send(pid, tag, int[])}, {@code move(int[],
 * offset, maxLength)}, ... for {@code int}, {@code long}, {@code double}, little-endian on the wire). Each one's
 * Javadoc names the call it is equivalent to.
 * <pre>{@code
 * bsp.putDouble(pid, x, reg, i);        // = bsp.put(pid, new double[] {x}, 0, reg, i, 1)
 * bsp.put(pid, row, reg, i * n);        // = bsp.put(pid, row, 0, reg, i * n, row.length)
 * bsp.get(pid, reg, copy);              // = bsp.get(pid, reg, 0, copy, 0, copy.length)
 * bsp.send(pid, tag, new long[] {a, b}); // payload: 16 bytes, little-endian
 * }</pre>
 */
public interface Bsp {

    // ------------------------------------------------------------------ SPMD

    /** @return this process's id, 0 .. nprocs()-1 */
    int pid();

    /** @return the number of processes P of the run */
    int nprocs();

    /** @return seconds elapsed on this process since the run started (high resolution, per process) */
    double time();

    /** @return the number of the current superstep, starting at 0 and incremented by each sync */
    long superstep();

    /**
     * Ends the whole run: every process leaves its current or next wait, and the run throws a
     * {@link BspAbortException} naming this pid, its superstep and the message. Never returns normally.
     *
     * @param message why the run is aborted
     * @return never; declared so that callers can write {@code throw bsp.abort("...")}
     */
    BspAbortException abort(String message);

    // ------------------------------------------------------------------ sync

    /**
     * Ends the superstep: all communication issued in it is carried out, registrations and tag size changes take
     * effect, and the superstep number is incremented.
     *
     * <p>Memory consistency effects: see the class comment. Under the relaxed synchronization, data from other
     * processes is guaranteed only after the {@link #commit(Reg, int)} that waits for it.
     *
     * <p>Failure and interruption: if any process of the run has failed, this call throws the run's
     * {@link BspAbortException} instead of synchronizing. If the calling thread is interrupted on entry or while
     * it waits, the whole run aborts: this call throws a {@link BspAbortException} naming this pid, with an
     * {@link InterruptedException} as cause, and the thread's interrupt status stays set. A wait that can never
     * end (every running process waits in the library and nothing is in flight) aborts the run with a
     * {@link BspDeadlockException} as cause.
     *
     * @throws BspAbortException if the run failed, was interrupted or deadlocked
     */
    void sync();

    /**
     * Declares that {@code reg} receives exactly {@code n} puts/hpPuts in the superstep that ends with the next
     * (classic sync) or the previous (relaxed sync) {@code sync()}.
     *
     * <p>Under the classic sync it checks that {@code reg} received exactly {@code n} updates in the last
     * superstep, then returns. Under the relaxed barrier synchronization it waits until {@code reg} has received
     * {@code n} updates, serving other processes meanwhile, and resets the count.
     *
     * <p>Memory consistency effects: after {@code commit(reg, n)} returns, the {@code n} updates of {@code reg}
     * are in this process's memory.
     *
     * @param reg an active registration
     * @param n   the number of updates expected, {@code >= 0}
     * @throws IllegalArgumentException if {@code n < 0} or {@code reg} is not active
     * @throws IllegalStateException    if the count differs from {@code n}
     * @throws BspAbortException        as {@link #sync()}: if the run failed, was interrupted or deadlocked
     */
    void commit(Reg reg, int n);

    /**
     * Asks for the count exchange at the end of the current superstep. Under the relaxed barrier synchronization
     * (sync mode {@code rbs}) a superstep ends <em>relaxed</em> (no global step) once every process has committed,
     * and a get from or a BSMP send to another process then needs this request in its superstep (without it that
     * {@code sync} fails, saying so). Collective: every process must call it in the same superstep (under
     * {@code rbs} a mismatch aborts the run naming both pids). Under the classic sync every superstep ends with the
     * count exchange, so it does nothing: portable programs may call it unconditionally. The default
     * implementation does nothing.
     *
     * <p>Memory consistency effects: after the {@code sync()} of a superstep that requested the exchange returns,
     * everything of that superstep (puts from every process, get results, messages) is in place, as under the
     * classic sync, and the ordering rules of the class comment hold.
     */
    default void requestExchange() {
    }

    // ------------------------------------------------------------------ registration

    /** Registers {@code area}; takes effect at the next sync. @return the registration's handle */
    Reg pushReg(byte[] area);

    /** Registers {@code area}; takes effect at the next sync. @return the registration's handle */
    Reg pushReg(int[] area);

    /** Registers {@code area}; takes effect at the next sync. @return the registration's handle */
    Reg pushReg(long[] area);

    /** Registers {@code area}; takes effect at the next sync. @return the registration's handle */
    Reg pushReg(double[] area);

    /**
     * Registers the whole capacity of {@code area} as a {@link ElementType#BYTE} area; takes effect at the next
     * sync. @return the registration's handle
     */
    Reg pushReg(MutableDirectBuffer area);

    /**
     * Ends a registration at the next sync; puts and gets of the current superstep may still use it.
     *
     * @param reg an active registration of this process
     * @throws IllegalArgumentException if {@code reg} is not active or not this process's
     */
    void popReg(Reg reg);

    // ------------------------------------------------------------------ DRMA: put (buffered: source copied now)

    /**
     * Copies {@code src[srcOffset .. srcOffset+length)} now, and writes it at the end of the superstep into
     * process {@code pid}'s area of {@code dst}, starting at element {@code dstOffset}.
     */
    void put(int pid, byte[] src, int srcOffset, Reg dst, int dstOffset, int length);

    /** As {@link #put(int, byte[], int, Reg, int, int)} for an {@link ElementType#INT} registration. */
    void put(int pid, int[] src, int srcOffset, Reg dst, int dstOffset, int length);

    /** As {@link #put(int, byte[], int, Reg, int, int)} for an {@link ElementType#LONG} registration. */
    void put(int pid, long[] src, int srcOffset, Reg dst, int dstOffset, int length);

    /** As {@link #put(int, byte[], int, Reg, int, int)} for an {@link ElementType#DOUBLE} registration. */
    void put(int pid, double[] src, int srcOffset, Reg dst, int dstOffset, int length);

    /** As {@link #put(int, byte[], int, Reg, int, int)} from a buffer, offsets in bytes. */
    void put(int pid, DirectBuffer src, int srcOffset, Reg dst, int dstOffset, int length);

    // ------------------------------------------------------------------ DRMA: put, shorter forms

    /**
     * Puts one value: equivalent to {@code put(pid, new int[] {value}, 0, dst, dstOffset, 1)} (the value is copied
     * now, like any put). {@code dst} must be an {@link ElementType#INT} registration.
     *
     * @param pid       the destination process
     * @param value     the value written into {@code dst[dstOffset]} on {@code pid}
     * @param dst       an active registration
     * @param dstOffset the element to write
     */
    default void putInt(final int pid, final int value, final Reg dst, final int dstOffset) {
        put(pid, new int[] {value}, 0, dst, dstOffset, 1);
    }

    /**
     * Puts one value: equivalent to {@code put(pid, new long[] {value}, 0, dst, dstOffset, 1)}. {@code dst} must be
     * a {@link ElementType#LONG} registration.
     *
     * @param pid       the destination process
     * @param value     the value written into {@code dst[dstOffset]} on {@code pid}
     * @param dst       an active registration
     * @param dstOffset the element to write
     */
    default void putLong(final int pid, final long value, final Reg dst, final int dstOffset) {
        put(pid, new long[] {value}, 0, dst, dstOffset, 1);
    }

    /**
     * Puts one value: equivalent to {@code put(pid, new double[] {value}, 0, dst, dstOffset, 1)}. {@code dst} must
     * be a {@link ElementType#DOUBLE} registration.
     *
     * @param pid       the destination process
     * @param value     the value written into {@code dst[dstOffset]} on {@code pid}
     * @param dst       an active registration
     * @param dstOffset the element to write
     */
    default void putDouble(final int pid, final double value, final Reg dst, final int dstOffset) {
        put(pid, new double[] {value}, 0, dst, dstOffset, 1);
    }

    /**
     * Puts one value: equivalent to {@code put(pid, new byte[] {value}, 0, dst, dstOffset, 1)}. {@code dst} must be
     * a {@link ElementType#BYTE} registration ({@code byte[]} or {@link MutableDirectBuffer}).
     *
     * @param pid       the destination process
     * @param value     the value written into {@code dst[dstOffset]} on {@code pid}
     * @param dst       an active registration
     * @param dstOffset the element (byte) to write
     */
    default void putByte(final int pid, final byte value, final Reg dst, final int dstOffset) {
        put(pid, new byte[] {value}, 0, dst, dstOffset, 1);
    }

    /**
     * Puts a whole array at the start of the area: equivalent to {@code put(pid, src, 0, dst, 0, src.length)}.
     *
     * @param pid the destination process
     * @param src the values, copied now
     * @param dst an active {@link ElementType#BYTE} registration
     */
    default void put(final int pid, final byte[] src, final Reg dst) {
        put(pid, src, 0, dst, 0, src == null ? 0 : src.length);
    }

    /**
     * Puts a whole array: equivalent to {@code put(pid, src, 0, dst, dstOffset, src.length)}.
     *
     * @param pid       the destination process
     * @param src       the values, copied now
     * @param dst       an active {@link ElementType#BYTE} registration
     * @param dstOffset the first element written
     */
    default void put(final int pid, final byte[] src, final Reg dst, final int dstOffset) {
        put(pid, src, 0, dst, dstOffset, src == null ? 0 : src.length);
    }

    /**
     * Puts a whole array at the start of the area: equivalent to {@code put(pid, src, 0, dst, 0, src.length)}.
     *
     * @param pid the destination process
     * @param src the values, copied now
     * @param dst an active {@link ElementType#INT} registration
     */
    default void put(final int pid, final int[] src, final Reg dst) {
        put(pid, src, 0, dst, 0, src == null ? 0 : src.length);
    }

    /**
     * Puts a whole array: equivalent to {@code put(pid, src, 0, dst, dstOffset, src.length)}.
     *
     * @param pid       the destination process
     * @param src       the values, copied now
     * @param dst       an active {@link ElementType#INT} registration
     * @param dstOffset the first element written
     */
    default void put(final int pid, final int[] src, final Reg dst, final int dstOffset) {
        put(pid, src, 0, dst, dstOffset, src == null ? 0 : src.length);
    }

    /**
     * Puts a whole array at the start of the area: equivalent to {@code put(pid, src, 0, dst, 0, src.length)}.
     *
     * @param pid the destination process
     * @param src the values, copied now
     * @param dst an active {@link ElementType#LONG} registration
     */
    default void put(final int pid, final long[] src, final Reg dst) {
        put(pid, src, 0, dst, 0, src == null ? 0 : src.length);
    }

    /**
     * Puts a whole array: equivalent to {@code put(pid, src, 0, dst, dstOffset, src.length)}.
     *
     * @param pid       the destination process
     * @param src       the values, copied now
     * @param dst       an active {@link ElementType#LONG} registration
     * @param dstOffset the first element written
     */
    default void put(final int pid, final long[] src, final Reg dst, final int dstOffset) {
        put(pid, src, 0, dst, dstOffset, src == null ? 0 : src.length);
    }

    /**
     * Puts a whole array at the start of the area: equivalent to {@code put(pid, src, 0, dst, 0, src.length)}.
     *
     * @param pid the destination process
     * @param src the values, copied now
     * @param dst an active {@link ElementType#DOUBLE} registration
     */
    default void put(final int pid, final double[] src, final Reg dst) {
        put(pid, src, 0, dst, 0, src == null ? 0 : src.length);
    }

    /**
     * Puts a whole array: equivalent to {@code put(pid, src, 0, dst, dstOffset, src.length)}.
     *
     * @param pid       the destination process
     * @param src       the values, copied now
     * @param dst       an active {@link ElementType#DOUBLE} registration
     * @param dstOffset the first element written
     */
    default void put(final int pid, final double[] src, final Reg dst, final int dstOffset) {
        put(pid, src, 0, dst, dstOffset, src == null ? 0 : src.length);
    }

    // ------------------------------------------------------------------ DRMA: hpPut (unbuffered)

    /**
     * As put, but unbuffered: the source may be read at any time until the end of the superstep, so it must not
     * change before the next sync returns.
     */
    void hpPut(int pid, byte[] src, int srcOffset, Reg dst, int dstOffset, int length);

    /** Unbuffered put of ints; see {@link #hpPut(int, byte[], int, Reg, int, int)}. */
    void hpPut(int pid, int[] src, int srcOffset, Reg dst, int dstOffset, int length);

    /** Unbuffered put of longs; see {@link #hpPut(int, byte[], int, Reg, int, int)}. */
    void hpPut(int pid, long[] src, int srcOffset, Reg dst, int dstOffset, int length);

    /** Unbuffered put of doubles; see {@link #hpPut(int, byte[], int, Reg, int, int)}. */
    void hpPut(int pid, double[] src, int srcOffset, Reg dst, int dstOffset, int length);

    /** Unbuffered put from a buffer; see {@link #hpPut(int, byte[], int, Reg, int, int)}. */
    void hpPut(int pid, DirectBuffer src, int srcOffset, Reg dst, int dstOffset, int length);

    // ------------------------------------------------------------------ DRMA: get

    /**
     * Reads {@code length} elements of process {@code pid}'s area of {@code src} from element {@code srcOffset}
     * at the end of the superstep (before any put of the superstep is written there), and writes them into
     * {@code dst[dstOffset ..]}, which must not be read before the next sync returns.
     */
    void get(int pid, Reg src, int srcOffset, byte[] dst, int dstOffset, int length);

    /** As {@link #get(int, Reg, int, byte[], int, int)} for an {@link ElementType#INT} registration. */
    void get(int pid, Reg src, int srcOffset, int[] dst, int dstOffset, int length);

    /** As {@link #get(int, Reg, int, byte[], int, int)} for an {@link ElementType#LONG} registration. */
    void get(int pid, Reg src, int srcOffset, long[] dst, int dstOffset, int length);

    /** As {@link #get(int, Reg, int, byte[], int, int)} for an {@link ElementType#DOUBLE} registration. */
    void get(int pid, Reg src, int srcOffset, double[] dst, int dstOffset, int length);

    /** As {@link #get(int, Reg, int, byte[], int, int)} into a buffer, offsets in bytes. */
    void get(int pid, Reg src, int srcOffset, MutableDirectBuffer dst, int dstOffset, int length);

    // ------------------------------------------------------------------ DRMA: get, shorter forms

    /**
     * Gets one value: equivalent to {@code get(pid, src, srcOffset, dst, dstOffset, 1)}; {@code dst[dstOffset]}
     * holds it after the next sync. {@code src} must be an {@link ElementType#INT} registration.
     *
     * @param pid       the process whose memory is read
     * @param src       an active registration
     * @param srcOffset the element read
     * @param dst       the destination array
     * @param dstOffset the element of {@code dst} written
     */
    default void getInt(final int pid, final Reg src, final int srcOffset, final int[] dst, final int dstOffset) {
        get(pid, src, srcOffset, dst, dstOffset, 1);
    }

    /**
     * Gets one value: equivalent to {@code get(pid, src, srcOffset, dst, dstOffset, 1)}. {@code src} must be a
     * {@link ElementType#LONG} registration.
     *
     * @param pid       the process whose memory is read
     * @param src       an active registration
     * @param srcOffset the element read
     * @param dst       the destination array
     * @param dstOffset the element of {@code dst} written
     */
    default void getLong(final int pid, final Reg src, final int srcOffset, final long[] dst, final int dstOffset) {
        get(pid, src, srcOffset, dst, dstOffset, 1);
    }

    /**
     * Gets one value: equivalent to {@code get(pid, src, srcOffset, dst, dstOffset, 1)}. {@code src} must be a
     * {@link ElementType#DOUBLE} registration.
     *
     * @param pid       the process whose memory is read
     * @param src       an active registration
     * @param srcOffset the element read
     * @param dst       the destination array
     * @param dstOffset the element of {@code dst} written
     */
    default void getDouble(final int pid, final Reg src, final int srcOffset, final double[] dst,
        final int dstOffset) {
        get(pid, src, srcOffset, dst, dstOffset, 1);
    }

    /**
     * Gets one value: equivalent to {@code get(pid, src, srcOffset, dst, dstOffset, 1)}. {@code src} must be a
     * {@link ElementType#BYTE} registration.
     *
     * @param pid       the process whose memory is read
     * @param src       an active registration
     * @param srcOffset the element (byte) read
     * @param dst       the destination array
     * @param dstOffset the element of {@code dst} written
     */
    default void getByte(final int pid, final Reg src, final int srcOffset, final byte[] dst, final int dstOffset) {
        get(pid, src, srcOffset, dst, dstOffset, 1);
    }

    /**
     * Fills a whole array from the start of the area: equivalent to {@code get(pid, src, 0, dst, 0, dst.length)}.
     *
     * @param pid the process whose memory is read
     * @param src an active {@link ElementType#BYTE} registration
     * @param dst the destination, written by the next sync
     */
    default void get(final int pid, final Reg src, final byte[] dst) {
        get(pid, src, 0, dst, 0, dst == null ? 0 : dst.length);
    }

    /**
     * Fills a whole array: equivalent to {@code get(pid, src, srcOffset, dst, 0, dst.length)}.
     *
     * @param pid       the process whose memory is read
     * @param src       an active {@link ElementType#BYTE} registration
     * @param srcOffset the first element read
     * @param dst       the destination, written by the next sync
     */
    default void get(final int pid, final Reg src, final int srcOffset, final byte[] dst) {
        get(pid, src, srcOffset, dst, 0, dst == null ? 0 : dst.length);
    }

    /**
     * Fills a whole array from the start of the area: equivalent to {@code get(pid, src, 0, dst, 0, dst.length)}.
     *
     * @param pid the process whose memory is read
     * @param src an active {@link ElementType#INT} registration
     * @param dst the destination, written by the next sync
     */
    default void get(final int pid, final Reg src, final int[] dst) {
        get(pid, src, 0, dst, 0, dst == null ? 0 : dst.length);
    }

    /**
     * Fills a whole array: equivalent to {@code get(pid, src, srcOffset, dst, 0, dst.length)}.
     *
     * @param pid       the process whose memory is read
     * @param src       an active {@link ElementType#INT} registration
     * @param srcOffset the first element read
     * @param dst       the destination, written by the next sync
     */
    default void get(final int pid, final Reg src, final int srcOffset, final int[] dst) {
        get(pid, src, srcOffset, dst, 0, dst == null ? 0 : dst.length);
    }

    /**
     * Fills a whole array from the start of the area: equivalent to {@code get(pid, src, 0, dst, 0, dst.length)}.
     *
     * @param pid the process whose memory is read
     * @param src an active {@link ElementType#LONG} registration
     * @param dst the destination, written by the next sync
     */
    default void get(final int pid, final Reg src, final long[] dst) {
        get(pid, src, 0, dst, 0, dst == null ? 0 : dst.length);
    }

    /**
     * Fills a whole array: equivalent to {@code get(pid, src, srcOffset, dst, 0, dst.length)}.
     *
     * @param pid       the process whose memory is read
     * @param src       an active {@link ElementType#LONG} registration
     * @param srcOffset the first element read
     * @param dst       the destination, written by the next sync
     */
    default void get(final int pid, final Reg src, final int srcOffset, final long[] dst) {
        get(pid, src, srcOffset, dst, 0, dst == null ? 0 : dst.length);
    }

    /**
     * Fills a whole array from the start of the area: equivalent to {@code get(pid, src, 0, dst, 0, dst.length)}.
     *
     * @param pid the process whose memory is read
     * @param src an active {@link ElementType#DOUBLE} registration
     * @param dst the destination, written by the next sync
     */
    default void get(final int pid, final Reg src, final double[] dst) {
        get(pid, src, 0, dst, 0, dst == null ? 0 : dst.length);
    }

    /**
     * Fills a whole array: equivalent to {@code get(pid, src, srcOffset, dst, 0, dst.length)}.
     *
     * @param pid       the process whose memory is read
     * @param src       an active {@link ElementType#DOUBLE} registration
     * @param srcOffset the first element read
     * @param dst       the destination, written by the next sync
     */
    default void get(final int pid, final Reg src, final int srcOffset, final double[] dst) {
        get(pid, src, srcOffset, dst, 0, dst == null ? 0 : dst.length);
    }

    /** Unbuffered get: the destination may be written at any time until the next sync returns. */
    void hpGet(int pid, Reg src, int srcOffset, byte[] dst, int dstOffset, int length);

    /** Unbuffered get of ints. */
    void hpGet(int pid, Reg src, int srcOffset, int[] dst, int dstOffset, int length);

    /** Unbuffered get of longs. */
    void hpGet(int pid, Reg src, int srcOffset, long[] dst, int dstOffset, int length);

    /** Unbuffered get of doubles. */
    void hpGet(int pid, Reg src, int srcOffset, double[] dst, int dstOffset, int length);

    /** Unbuffered get into a buffer. */
    void hpGet(int pid, Reg src, int srcOffset, MutableDirectBuffer dst, int dstOffset, int length);

    // ------------------------------------------------------------------ BSMP

    /**
     * Sets the tag size of BSMP messages, effective at the next sync (every process must set the same size in
     * the same superstep; checked at sync). Messages sent in this superstep still use the current size, and keep
     * it in the receiver's queue of the next superstep (see {@link #getTag(byte[])}).
     *
     * @param bytes the new tag size, {@code >= 0}
     * @return the tag size in force now
     */
    int setTagSize(int bytes);

    /** @return the tag size in force in this superstep */
    int tagSize();

    /**
     * Sends a message to {@code pid}'s queue of the next superstep; tag and payload are copied now. The message
     * keeps the tag size of this superstep.
     *
     * @param tag exactly {@link #tagSize()} bytes
     */
    void send(int pid, byte[] tag, byte[] payload, int offset, int length);

    /** Sends the whole {@code payload}; see {@link #send(int, byte[], byte[], int, int)}. */
    void send(int pid, byte[] tag, byte[] payload);

    /** Sends {@code length} bytes of a buffer; see {@link #send(int, byte[], byte[], int, int)}. */
    void send(int pid, DirectBuffer tag, int tagOffset, DirectBuffer payload, int offset, int length);

    /** @return the number of messages and payload bytes still in this superstep's queue */
    QueueSize qsize();

    /**
     * Copies the tag of the first message of the queue into {@code tag[0 .. k)} and leaves the rest of {@code tag}
     * unchanged, where k is the tag length of that message; the queue is not changed. A message keeps the tag size
     * in force in the superstep it was sent, so k is the current {@link #tagSize()} except in the superstep right
     * after a {@link #setTagSize(int)} that changed it: the messages queued then were sent with the previous size.
     * With k = 0 the array is not touched. An array as long as the largest tag size the program uses always fits.
     *
     * @param tag an array of at least k bytes
     * @return the payload length in bytes of the first message (0 for an empty payload), or -1 if the queue is empty
     *         (then {@code tag} is unchanged, whatever its length)
     * @throws IllegalArgumentException if {@code tag} is null, or shorter than the first message's tag (the message
     *                                  names both lengths and the current tag size)
     */
    int getTag(byte[] tag);

    /**
     * Removes the first message and copies up to {@code maxLength} payload bytes into {@code dst[offset ..]}.
     *
     * @return the number of bytes copied
     * @throws IllegalArgumentException if {@code dst} is null, {@code offset} or {@code maxLength} is negative (both
     *                                  checked before the queue), or the bytes to copy do not fit {@code dst} from
     *                                  {@code offset}; the message is not removed then
     * @throws IllegalStateException    if the queue is empty
     */
    int move(byte[] dst, int offset, int maxLength);

    /**
     * Removes the first message and points {@code tag} and {@code payload} at it without copying; the views
     * stay valid until the next sync. The tag view's capacity is the message's tag length (the tag size it was
     * sent with, see {@link #getTag(byte[])}), the payload view's the payload length.
     *
     * @return the payload length, or -1 if the queue is empty (the views are then left unchanged)
     */
    int hpMove(DirectBuffer tag, DirectBuffer payload);

    // ------------------------------------------------------------------ BSMP, typed payloads

    /** The byte order of typed BSMP payloads ({@code send(pid, tag, int[])}, {@code move(int[], ...)}). */
    ByteOrder PAYLOAD_ORDER = ByteOrder.LITTLE_ENDIAN;

    /**
     * Sends {@code length} ints of {@code payload} from {@code offset}: equivalent to {@code send(pid, tag, b)}
     * where {@code b} holds the ints as 4 bytes each in {@link #PAYLOAD_ORDER} (little-endian). Any receive call
     * reads the message: {@link #move(int[], int, int)}, or {@code move(byte[], ...)}/{@code hpMove} and decode.
     *
     * @param pid     the destination process
     * @param tag     exactly {@link #tagSize()} bytes
     * @param payload the values, copied now
     * @param offset  the first element sent
     * @param length  the number of elements sent
     */
    default void send(final int pid, final byte[] tag, final int[] payload, final int offset, final int length) {
        checkPayload(payload == null ? -1 : payload.length, offset, length, Integer.BYTES);
        final UnsafeBuffer b = new UnsafeBuffer(new byte[length * Integer.BYTES]);
        for (int i = 0; i < length; i++) {
            b.putInt(i * Integer.BYTES, payload[offset + i], PAYLOAD_ORDER);
        }
        send(pid, tag, b.byteArray(), 0, b.capacity());
    }

    /**
     * Sends the whole {@code payload}: equivalent to {@code send(pid, tag, payload, 0, payload.length)}.
     *
     * @param pid     the destination process
     * @param tag     exactly {@link #tagSize()} bytes
     * @param payload the values, copied now
     */
    default void send(final int pid, final byte[] tag, final int[] payload) {
        send(pid, tag, payload, 0, payload == null ? 0 : payload.length);
    }

    /**
     * Sends {@code length} longs of {@code payload} from {@code offset}: equivalent to {@code send(pid, tag, b)}
     * where {@code b} holds the longs as 8 bytes each in {@link #PAYLOAD_ORDER} (little-endian).
     *
     * @param pid     the destination process
     * @param tag     exactly {@link #tagSize()} bytes
     * @param payload the values, copied now
     * @param offset  the first element sent
     * @param length  the number of elements sent
     */
    default void send(final int pid, final byte[] tag, final long[] payload, final int offset, final int length) {
        checkPayload(payload == null ? -1 : payload.length, offset, length, Long.BYTES);
        final UnsafeBuffer b = new UnsafeBuffer(new byte[length * Long.BYTES]);
        for (int i = 0; i < length; i++) {
            b.putLong(i * Long.BYTES, payload[offset + i], PAYLOAD_ORDER);
        }
        send(pid, tag, b.byteArray(), 0, b.capacity());
    }

    /**
     * Sends the whole {@code payload}: equivalent to {@code send(pid, tag, payload, 0, payload.length)}.
     *
     * @param pid     the destination process
     * @param tag     exactly {@link #tagSize()} bytes
     * @param payload the values, copied now
     */
    default void send(final int pid, final byte[] tag, final long[] payload) {
        send(pid, tag, payload, 0, payload == null ? 0 : payload.length);
    }

    /**
     * Sends {@code length} doubles of {@code payload} from {@code offset}: equivalent to {@code send(pid, tag, b)}
     * where {@code b} holds the doubles as 8 bytes each (IEEE 754 bits, as {@link Double#doubleToRawLongBits}) in
     * {@link #PAYLOAD_ORDER} (little-endian).
     *
     * @param pid     the destination process
     * @param tag     exactly {@link #tagSize()} bytes
     * @param payload the values, copied now
     * @param offset  the first element sent
     * @param length  the number of elements sent
     */
    default void send(final int pid, final byte[] tag, final double[] payload, final int offset, final int length) {
        checkPayload(payload == null ? -1 : payload.length, offset, length, Double.BYTES);
        final UnsafeBuffer b = new UnsafeBuffer(new byte[length * Double.BYTES]);
        for (int i = 0; i < length; i++) {
            b.putDouble(i * Double.BYTES, payload[offset + i], PAYLOAD_ORDER);
        }
        send(pid, tag, b.byteArray(), 0, b.capacity());
    }

    /**
     * Sends the whole {@code payload}: equivalent to {@code send(pid, tag, payload, 0, payload.length)}.
     *
     * @param pid     the destination process
     * @param tag     exactly {@link #tagSize()} bytes
     * @param payload the values, copied now
     */
    default void send(final int pid, final byte[] tag, final double[] payload) {
        send(pid, tag, payload, 0, payload == null ? 0 : payload.length);
    }

    /**
     * Removes the first message and copies up to {@code maxLength} ints of its payload into {@code dst[offset ..]}:
     * equivalent to {@link #hpMove(DirectBuffer, DirectBuffer) hpMove(tag, payload)} followed by
     * {@code dst[offset + i] = payload.getInt(4 * i, PAYLOAD_ORDER)} for i below {@code min(maxLength, payload
     * length / 4)}. The arguments are checked, and the queue for emptiness, before the message is removed.
     *
     * @param dst       the destination array
     * @param offset    the first element of {@code dst} written
     * @param maxLength the most ints copied; {@code offset + maxLength <= dst.length}
     * @return the number of ints copied
     * @throws IllegalArgumentException if {@code dst} is null, {@code offset} or {@code maxLength} is negative, or
     *                                  {@code offset + maxLength} exceeds {@code dst.length}
     * @throws IllegalStateException    if the queue is empty, or if the payload length is not a multiple of 4 (a
     *                                  message that was not sent as ints; it has then been removed)
     */
    default int move(final int[] dst, final int offset, final int maxLength) {
        checkMoveTarget(dst == null ? -1 : dst.length, offset, maxLength);
        final DirectBuffer payload = movePayload(Integer.BYTES, "int");
        final int n = Math.min(maxLength, payload.capacity() / Integer.BYTES);
        for (int i = 0; i < n; i++) {
            dst[offset + i] = payload.getInt(i * Integer.BYTES, PAYLOAD_ORDER);
        }
        return n;
    }

    /**
     * Removes the first message and copies up to {@code maxLength} longs of its payload into
     * {@code dst[offset ..]}: equivalent to {@code hpMove(tag, payload)} followed by
     * {@code dst[offset + i] = payload.getLong(8 * i, PAYLOAD_ORDER)} for i below {@code min(maxLength, payload
     * length / 8)}. Checks and exceptions as {@link #move(int[], int, int)} (the payload length must be a multiple
     * of 8).
     *
     * @param dst       the destination array
     * @param offset    the first element of {@code dst} written
     * @param maxLength the most longs copied; {@code offset + maxLength <= dst.length}
     * @return the number of longs copied
     */
    default int move(final long[] dst, final int offset, final int maxLength) {
        checkMoveTarget(dst == null ? -1 : dst.length, offset, maxLength);
        final DirectBuffer payload = movePayload(Long.BYTES, "long");
        final int n = Math.min(maxLength, payload.capacity() / Long.BYTES);
        for (int i = 0; i < n; i++) {
            dst[offset + i] = payload.getLong(i * Long.BYTES, PAYLOAD_ORDER);
        }
        return n;
    }

    /**
     * Removes the first message and copies up to {@code maxLength} doubles of its payload into
     * {@code dst[offset ..]}: equivalent to {@code hpMove(tag, payload)} followed by
     * {@code dst[offset + i] = payload.getDouble(8 * i, PAYLOAD_ORDER)} for i below {@code min(maxLength, payload
     * length / 8)}. Checks and exceptions as {@link #move(int[], int, int)} (the payload length must be a multiple
     * of 8).
     *
     * @param dst       the destination array
     * @param offset    the first element of {@code dst} written
     * @param maxLength the most doubles copied; {@code offset + maxLength <= dst.length}
     * @return the number of doubles copied
     */
    default int move(final double[] dst, final int offset, final int maxLength) {
        checkMoveTarget(dst == null ? -1 : dst.length, offset, maxLength);
        final DirectBuffer payload = movePayload(Double.BYTES, "double");
        final int n = Math.min(maxLength, payload.capacity() / Double.BYTES);
        for (int i = 0; i < n; i++) {
            dst[offset + i] = payload.getDouble(i * Double.BYTES, PAYLOAD_ORDER);
        }
        return n;
    }

    private static void checkPayload(final int arrayLength, final int offset, final int length, final int bytes) {
        if (arrayLength < 0) {
            throw new IllegalArgumentException("send: payload=null");
        }
        if (offset < 0 || length < 0) {
            throw new IllegalArgumentException("send: offset=" + offset + ", length=" + length + " must be >= 0");
        }
        if ((long) offset + length > arrayLength) {
            throw new IllegalArgumentException("send: offset=" + offset + " + length=" + length
                + " exceeds payload length=" + arrayLength);
        }
        if ((long) length * bytes > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("send: length=" + length + " elements of " + bytes
                + " bytes exceed the largest payload of " + Integer.MAX_VALUE + " bytes");
        }
    }

    private static void checkMoveTarget(final int arrayLength, final int offset, final int maxLength) {
        if (arrayLength < 0) {
            throw new IllegalArgumentException("move: dst=null");
        }
        if (offset < 0 || maxLength < 0) {
            throw new IllegalArgumentException("move: offset=" + offset + ", maxLength=" + maxLength
                + " must be >= 0");
        }
        if ((long) offset + maxLength > arrayLength) {
            throw new IllegalArgumentException("move: offset=" + offset + " + maxLength=" + maxLength
                + " exceeds dst length=" + arrayLength);
        }
    }

    private DirectBuffer movePayload(final int bytes, final String type) {
        final UnsafeBuffer tag = new UnsafeBuffer(new byte[0]);
        final UnsafeBuffer payload = new UnsafeBuffer(new byte[0]);
        final int length = hpMove(tag, payload);
        if (length < 0) {
            throw new IllegalStateException("move: the message queue is empty (qsize=0)");
        }
        if (length % bytes != 0) {
            throw new IllegalStateException("move: the payload length=" + length + " bytes of the removed message is "
                + "not a multiple of " + bytes + ", the size of a " + type);
        }
        return payload;
    }
}
