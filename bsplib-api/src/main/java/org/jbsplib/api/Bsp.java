package org.jbsplib.api;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

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
 *
 * <p><b>Memory consistency effects.</b> Actions of any process before it calls {@code sync()} in superstep s
 * (its own stores and its communication requests) happen-before the actions of every destination process after
 * that process returns from the {@code sync()} ending superstep s: after {@code sync()} returns, every put and get
 * result destined to this process is in its memory and every message sent to it is in its queue.
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
     * the same superstep; checked at sync). Messages sent in this superstep still use the current size.
     *
     * @param bytes the new tag size, {@code >= 0}
     * @return the tag size in force now
     */
    int setTagSize(int bytes);

    /** @return the tag size in force in this superstep */
    int tagSize();

    /**
     * Sends a message to {@code pid}'s queue of the next superstep; tag and payload are copied now.
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
     * Copies the tag of the first message of the queue into {@code tag}.
     *
     * @param tag at least {@link #tagSize()} bytes
     * @return the payload length of the first message, or -1 if the queue is empty
     */
    int getTag(byte[] tag);

    /**
     * Removes the first message and copies up to {@code maxLength} payload bytes into {@code dst[offset ..]}.
     *
     * @return the number of bytes copied
     * @throws IllegalStateException if the queue is empty
     */
    int move(byte[] dst, int offset, int maxLength);

    /**
     * Removes the first message and points {@code tag} and {@code payload} at it without copying; the views
     * stay valid until the next sync.
     *
     * @return the payload length, or -1 if the queue is empty (the views are then left unchanged)
     */
    int hpMove(DirectBuffer tag, DirectBuffer payload);
}
