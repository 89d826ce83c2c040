package org.jbsplib.hw.model;

import java.util.Arrays;

/**
 * A binary min-heap of discrete events on primitive arrays: each event is a time in picoseconds, an event kind and
 * three int arguments. Ties are broken by insertion order, so a simulation is deterministic. Grows by doubling;
 * otherwise allocation-free, and reusable across episodes after {@link #clear()}.
 *
 * <p>Every queue adds the events it polled to a count of its thread ({@link #polledOnThisThread()}) whenever it runs
 * empty or is cleared: once per simulation run, not per event, so that a command can report events per second of all
 * the models it ran without threading a counter through them.
 *
 * <p>Threading: confined to the simulating thread.
 */
public final class EventQueue {
    private static final ThreadLocal<long[]> POLLED = ThreadLocal.withInitial(() -> new long[1]);

    private long[] time;
    private long[] seq;
    private int[] kind;
    private int[] a;
    private int[] b;
    private int[] c;
    private int size;
    private long nextSeq;
    private long processed;
    private long counted;
    // the event last removed by poll()
    private long curTime;
    private int curKind;
    private int curA;
    private int curB;
    private int curC;

    public EventQueue(final int initialCapacity) {
        final int cap = Math.max(4, initialCapacity);
        time = new long[cap];
        seq = new long[cap];
        kind = new int[cap];
        a = new int[cap];
        b = new int[cap];
        c = new int[cap];
    }

    /**
     * @return the events polled on the calling thread by every queue so far, counted when a queue ran empty or was
     * cleared
     */
    public static long polledOnThisThread() {
        return POLLED.get()[0];
    }

    public void clear() {
        count();
        size = 0;
        nextSeq = 0;
        processed = 0;
        counted = 0;
    }

    private void count() {
        POLLED.get()[0] += processed - counted;
        counted = processed;
    }

    public boolean isEmpty() {
        return size == 0;
    }

    /** @return events polled since the last {@link #clear()} */
    public long processed() {
        return processed;
    }

    public void add(final long timePs, final int eventKind, final int argA, final int argB, final int argC) {
        if (size == time.length) {
            final int cap = size * 2;
            time = Arrays.copyOf(time, cap);
            seq = Arrays.copyOf(seq, cap);
            kind = Arrays.copyOf(kind, cap);
            a = Arrays.copyOf(a, cap);
            b = Arrays.copyOf(b, cap);
            c = Arrays.copyOf(c, cap);
        }
        int i = size++;
        final long s = nextSeq++;
        while (i > 0) {
            final int parent = (i - 1) >>> 1;
            if (!less(timePs, s, time[parent], seq[parent])) {
                break;
            }
            move(parent, i);
            i = parent;
        }
        set(i, timePs, s, eventKind, argA, argB, argC);
    }

    /** @return the time of the earliest event, without removing it */
    public long peekTime() {
        if (size == 0) {
            throw new IllegalStateException("peekTime: queue is empty");
        }
        return time[0];
    }

    /** Removes the earliest event; read it with {@link #time()}, {@link #kind()}, {@link #a()}... */
    public void poll() {
        if (size == 0) {
            throw new IllegalStateException("poll: queue is empty");
        }
        curTime = time[0];
        curKind = kind[0];
        curA = a[0];
        curB = b[0];
        curC = c[0];
        processed++;
        final int last = --size;
        if (last == 0) {
            count();
            return;
        }
        final long t = time[last];
        final long s = seq[last];
        final int k = kind[last];
        final int xa = a[last];
        final int xb = b[last];
        final int xc = c[last];
        int i = 0;
        while (true) {
            final int l = 2 * i + 1;
            if (l >= size) {
                break;
            }
            final int r = l + 1;
            final int m = (r < size && less(time[r], seq[r], time[l], seq[l])) ? r : l;
            if (!less(time[m], seq[m], t, s)) {
                break;
            }
            move(m, i);
            i = m;
        }
        set(i, t, s, k, xa, xb, xc);
    }

    public long time() {
        return curTime;
    }

    public int kind() {
        return curKind;
    }

    public int a() {
        return curA;
    }

    public int b() {
        return curB;
    }

    public int c() {
        return curC;
    }

    private static boolean less(final long t1, final long s1, final long t2, final long s2) {
        return t1 < t2 || (t1 == t2 && s1 < s2);
    }

    private void move(final int from, final int to) {
        set(to, time[from], seq[from], kind[from], a[from], b[from], c[from]);
    }

    private void set(final int i, final long t, final long s, final int k, final int xa, final int xb, final int xc) {
        time[i] = t;
        seq[i] = s;
        kind[i] = k;
        a[i] = xa;
        b[i] = xb;
        c[i] = xc;
    }
}
