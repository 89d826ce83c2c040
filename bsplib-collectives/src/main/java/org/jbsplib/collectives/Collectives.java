package org.jbsplib.collectives;

import java.util.function.DoubleBinaryOperator;
import java.util.function.IntBinaryOperator;
import java.util.function.LongBinaryOperator;

import org.jbsplib.api.Bsp;
import org.jbsplib.api.Reg;

/**
 * Collective operations of one BSP process (broadcast, reduce and allReduce, scan, gather and allGather, scatter,
 * allToAll and allToAllv, and a sample sort) on every array type the {@link Bsp} interface registers:
 * {@code byte[]}, {@code int[]}, {@code long[]} and {@code double[]}, written with {@code put}s, {@code sync} and
 * {@code commit} on the {@link Bsp} interface only, so they run on every transport and sync mode. Every type has
 * the same methods with the same semantics, supersteps and cost; h counts elements of the type (the g of
 * {@code ./bsp bench params} is per 8-byte word: an h of n elements of b bytes is about n·b/8 of its words when the
 * transfer is bandwidth-bound). {@code MutableDirectBuffer} registrations are not a collectives type: pass the
 * bytes as a {@code byte[]}.
 *
 * <p><b>Use.</b> Every process creates one {@code Collectives} over its {@code Bsp} (in the same superstep, as for a
 * {@code pushReg}), calls the same collectives in the same order with the same sizes and roots, and closes it at the
 * end:
 * <pre>{@code
 * try (Collectives coll = new Collectives(bsp)) {
 *     double[] x = {bsp.pid() + 1.0};
 *     coll.allReduce(x, 0, 1, Double::sum);     // x[0] = 1 + 2 + ... + P on every process
 *     coll.broadcast(0, table, 0, table.length);
 * }
 * }</pre>
 *
 * <p><b>Registrations.</b> Data moves through scratch areas this object registers itself: one per element type,
 * pushed at the first collective of that type and grown (doubled, at least to what the call needs) when a call
 * needs more; plus, for {@code allToAllv} and the sort, one {@code int[P*P]} area for counts. A growth is one extra
 * superstep ({@code pushReg} of the new area, {@code popReg} of the old one, {@code sync}); repeated calls of the
 * same size push and pop nothing. {@link #close()} pops them all (one {@code sync}). Because registrations are
 * matched by call order, the collectives' pushes interleave with the program's own in the same order on every
 * process; the program must not pop the collectives' areas (it never sees them). What a call needs is computed
 * from arguments that every process passes alike (n, the root, the count matrix that {@code allToAllv} exchanges
 * first), so every process grows in the same call.
 *
 * <p><b>Supersteps and commit.</b> A collective ends the caller's current superstep with its first {@code sync}
 * and returns after its last {@code sync} and the {@code commit} for it, so it takes the supersteps given for each
 * method (plus one for a growth). After every {@code sync} it calls {@code commit(scratch, k)} with the exact
 * number k of puts the process receives in that superstep (known from n, the root and P, or from the exchanged
 * counts): under the relaxed barrier synchronization ({@code --sync rbs}) a process therefore waits only for the
 * processes that send to it (a broadcast's receivers for the root, a scan's process q for the q processes below
 * it), and under the classic sync the commit checks the count. Only {@code put} (as {@code hpPut} from arrays
 * that stay untouched until the sync) is used, never {@code get} or BSMP, so no superstep needs the relaxed sync's
 * count exchange. A process never puts to itself: its own part is copied locally.
 *
 * <p><b>What the caller may touch.</b> The calls block, so the caller's thread touches nothing meanwhile; when a
 * call returns its result is in the caller's array and the arrays passed in may be reused at once. Communication
 * the caller issued before the call in its current superstep is carried out by the collective's first
 * {@code sync}, where the caller cannot {@code commit} it: under the relaxed sync such puts are guaranteed only
 * after a later exchange superstep. So call a collective at the start of a superstep (after {@code sync} and the
 * commits for it), with no puts of your own outstanding. The collectives' own puts go only to their scratch areas,
 * never to the program's registrations.
 *
 * <p><b>One phase or two.</b> Broadcast, reduce, allReduce and scan have a one-phase form (every process sends its
 * whole vector where it is needed: one superstep, an h-relation of up to (P-1)n) and a two-phase form (Bisseling,
 * <i>Parallel Scientific Computation</i>: the vector is split into P blocks, each handled by its owner: two
 * supersteps, an h-relation of about 2n(P-1)/P in all). Reduce, allReduce and scan use the two-phase form when
 * P &ge; 3 and n &ge; {@link #twoPhaseThreshold()} elements (default {@value #DEFAULT_TWO_PHASE_THRESHOLD}, system
 * property {@value #TWO_PHASE_THRESHOLD_PROPERTY}, or {@link #twoPhaseThreshold(int)}, which also sets the
 * broadcast's); broadcast when P &ge; 3 and n &ge; {@link #broadcastTwoPhaseThreshold()} (default: never, system
 * property {@value #BROADCAST_TWO_PHASE_THRESHOLD_PROPERTY}, or {@link #broadcastTwoPhaseThreshold(int)}).
 * The two thresholds differ because the one-phase forms load different sides: a one-phase reduction makes every
 * process (or the root) <i>receive</i> (P-1)n, a one-phase broadcast makes the root <i>send</i> (P-1)n while each
 * receiver receives n, as in the two-phase form. The broadcast's two phases pay only where the root's sends cost
 * time per word: with g<sub>1</sub> the cost per word of one process sending h words spread over the others and g
 * that of a full h-relation ({@code ./bsp bench params --ops put-block,put-block-one}), one phase costs
 * l + (P-1)n g<sub>1</sub>, two phases 2l + n(P-1)/P (g<sub>1</sub> + g), so two phases pay from
 * n = l P / ((P-1)((P-1)g<sub>1</sub> - g)) ({@link #broadcastBreakEven}; l P / ((P-1)(P-2)g) when
 * g<sub>1</sub> = g, as on a network link). On shared memory (the {@code threads} transport) each receiver copies
 * its data straight from the root's array, so the root's sends cost no time per word: (P-1)g<sub>1</sub> &le; g
 * (measured: bsplib-bench/README.md) and the two-phase broadcast never pays, hence the default. Every process must
 * use the same thresholds.
 *
 * <p><b>Operators.</b> Reductions and scans take the JDK's primitive operators ({@link IntBinaryOperator},
 * {@link LongBinaryOperator}, {@link DoubleBinaryOperator}) and, for {@code byte[]}, this package's
 * {@link ByteBinaryOperator} (the JDK has none); nothing is boxed. The operator must be associative; it need
 * not be commutative: the result is always the fold in pid order, x<sub>0</sub> op x<sub>1</sub> op ... op
 * x<sub>P-1</sub>, the same on every process (for {@code double} sums, the same rounding everywhere).
 *
 * <p><b>Errors.</b> Bad arguments throw {@link IllegalArgumentException} naming the call, the argument, its value
 * and the pid, before any communication; a call after {@link #close()} throws {@link IllegalStateException}.
 * Arguments that differ between processes (n, root, threshold) cannot be checked without communication: they
 * make the processes disagree about registrations or counts, which the runtime reports as a failed run.
 *
 * <p><b>Threading.</b> Confined to the thread running the process's program, as the {@link Bsp} it uses.
 *
 * <p><b>Memory consistency effects.</b> When a collective returns on a process, the data every other process
 * passed to it has been written into this process's result arrays, under every sync mode.
 */
public final class Collectives implements AutoCloseable {
    /** Default of {@link #twoPhaseThreshold()}, in elements. */
    public static final int DEFAULT_TWO_PHASE_THRESHOLD = 4096;
    /** System property giving the default of {@link #twoPhaseThreshold()}. */
    public static final String TWO_PHASE_THRESHOLD_PROPERTY = "bsplib.collectives.twoPhaseThreshold";
    /**
     * Default of {@link #broadcastTwoPhaseThreshold()}: never, the break-even of the shared-memory transport, whose
     * receivers copy straight from the root ({@link #broadcastBreakEven} with (P-1)g<sub>1</sub> &le; g).
     */
    public static final int DEFAULT_BROADCAST_TWO_PHASE_THRESHOLD = Integer.MAX_VALUE;
    /** System property giving the default of {@link #broadcastTwoPhaseThreshold()}. */
    public static final String BROADCAST_TWO_PHASE_THRESHOLD_PROPERTY =
        "bsplib.collectives.broadcastTwoPhaseThreshold";

    private static final int ALL = -1;
    private static final int MIN_CAPACITY = 16;

    private final Bsp bsp;
    private final int p;
    private final int me;
    private final Object[] scratch = new Object[Lane.count()];
    private final Reg[] scratchRegs = new Reg[Lane.count()];
    private final byte[] oneByte = new byte[1];
    private final int[] one = new int[1];
    private final long[] oneLong = new long[1];
    private final double[] oneDouble = new double[1];
    private int[] countsIn;
    private int[] matrix;
    private Reg countsReg;
    private int twoPhaseThreshold;
    private int broadcastTwoPhaseThreshold;
    private boolean closed;

    /**
     * Creates the collectives of one process; registers nothing yet (the areas are pushed at first use).
     *
     * @param bsp the process's BSP interface
     * @throws IllegalArgumentException if {@code bsp} is null, or the system property
     *     {@value #TWO_PHASE_THRESHOLD_PROPERTY} or {@value #BROADCAST_TWO_PHASE_THRESHOLD_PROPERTY} is not an
     *     integer {@code >= 0}
     */
    public Collectives(final Bsp bsp) {
        if (bsp == null) {
            throw new IllegalArgumentException("Collectives: bsp is null");
        }
        this.bsp = bsp;
        this.p = bsp.nprocs();
        this.me = bsp.pid();
        final String prop = System.getProperty(TWO_PHASE_THRESHOLD_PROPERTY);
        if (prop == null) {
            twoPhaseThreshold = DEFAULT_TWO_PHASE_THRESHOLD;
            broadcastTwoPhaseThreshold = DEFAULT_BROADCAST_TWO_PHASE_THRESHOLD;
        } else {
            twoPhaseThreshold(property(TWO_PHASE_THRESHOLD_PROPERTY, prop));
        }
        final String bcast = System.getProperty(BROADCAST_TWO_PHASE_THRESHOLD_PROPERTY);
        if (bcast != null) {
            broadcastTwoPhaseThreshold(property(BROADCAST_TWO_PHASE_THRESHOLD_PROPERTY, bcast));
        }
    }

    private static int property(final String name, final String value) {
        try {
            return Integer.parseInt(value.trim());
        } catch (final NumberFormatException e) {
            throw new IllegalArgumentException("Collectives: " + name + "=" + value + " is not an integer", e);
        }
    }

    /** @return the vector length (elements) from which reduce, allReduce and scan use two phases */
    public int twoPhaseThreshold() {
        return twoPhaseThreshold;
    }

    /**
     * Sets the vector length from which the two-phase forms of reduce, allReduce, scan <i>and broadcast</i> are used
     * (when P &ge; 3); 0 means always, and {@link Integer#MAX_VALUE} never. Every process must set the same value.
     * {@link #broadcastTwoPhaseThreshold(int)} afterwards sets the broadcast's alone.
     *
     * @param elements the threshold, {@code >= 0}
     * @return this
     * @throws IllegalArgumentException if {@code elements < 0}
     */
    public Collectives twoPhaseThreshold(final int elements) {
        if (elements < 0) {
            throw new IllegalArgumentException("twoPhaseThreshold: elements=" + elements + " must be >= 0");
        }
        this.twoPhaseThreshold = elements;
        this.broadcastTwoPhaseThreshold = elements;
        return this;
    }

    /** @return the vector length (elements) from which broadcast uses two phases ({@link Integer#MAX_VALUE}: never) */
    public int broadcastTwoPhaseThreshold() {
        return broadcastTwoPhaseThreshold;
    }

    /**
     * Sets the vector length from which broadcast uses its two-phase form (when P &ge; 3); 0 means always, and
     * {@link Integer#MAX_VALUE} never (the default). Every process must set the same value; take it from the
     * machine's parameters with {@link #broadcastBreakEven}.
     *
     * @param elements the threshold, {@code >= 0}
     * @return this
     * @throws IllegalArgumentException if {@code elements < 0}
     */
    public Collectives broadcastTwoPhaseThreshold(final int elements) {
        if (elements < 0) {
            throw new IllegalArgumentException("broadcastTwoPhaseThreshold: elements=" + elements + " must be >= 0");
        }
        this.broadcastTwoPhaseThreshold = elements;
        return this;
    }

    /**
     * The broadcast's break-even in the BSP cost model: one phase costs l + (P-1)n g<sub>1</sub> (the root sends
     * n to each of the others), two phases 2l + n(P-1)/P (g<sub>1</sub> + g) (the root scatters n(P-1)/P, then
     * every process sends and receives about n(P-1)/P), so two phases pay from
     * n = l P / ((P-1)((P-1)g<sub>1</sub> - g)), and never if (P-1)g<sub>1</sub> &le; g or P &lt; 3. The
     * parameters are those of {@code ./bsp bench params --ops put-block,put-block-one}, which prints this value,
     * in the time unit of your choice (the same for all three) per element.
     *
     * @param procs P, {@code >= 1}
     * @param gOne  g<sub>1</sub>: time per word of one process sending h words spread over the others, {@code >= 0}
     * @param gAll  g: time per word of a full h-relation (every process sends and receives h), {@code >= 0}
     * @param l     the synchronisation cost l of a superstep, {@code >= 0}
     * @return the smallest n (elements) at which two phases cost less, {@link Integer#MAX_VALUE} for never
     * @throws IllegalArgumentException naming the first argument that is out of range or not finite
     */
    public static int broadcastBreakEven(final int procs, final double gOne, final double gAll, final double l) {
        if (procs < 1) {
            throw new IllegalArgumentException("broadcastBreakEven: procs=" + procs + " must be >= 1");
        }
        nonNegative("gOne", gOne);
        nonNegative("gAll", gAll);
        nonNegative("l", l);
        final double saving = (procs - 1) * gOne - gAll;
        if (procs < 3 || saving <= 0) {
            return Integer.MAX_VALUE;
        }
        final double n = Math.floor(l * procs / ((procs - 1) * saving)) + 1;
        return n >= Integer.MAX_VALUE ? Integer.MAX_VALUE : (int) n;
    }

    private static void nonNegative(final String name, final double value) {
        if (!(value >= 0) || Double.isInfinite(value)) {
            throw new IllegalArgumentException("broadcastBreakEven: " + name + "=" + value
                + " must be finite and >= 0");
        }
    }

    /** @return the capacity in elements of the scratch area of {@code lane}, 0 before its first use */
    int capacity(final Lane lane) {
        final Object a = scratch[lane.index()];
        return a == null ? 0 : lane.length(a);
    }

    /**
     * Pops every scratch registration and syncs once (collective: every process calls it in the same superstep);
     * an object that registered nothing (no collective ran) pops nothing and does not sync, on every process alike.
     * Further calls of this object throw {@link IllegalStateException}; closing twice does nothing.
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        boolean any = false;
        for (int i = 0; i < Lane.count(); i++) {
            if (scratchRegs[i] != null) {
                bsp.popReg(scratchRegs[i]);
                scratchRegs[i] = null;
                scratch[i] = null;
                any = true;
            }
        }
        if (countsReg != null) {
            bsp.popReg(countsReg);
            countsReg = null;
            any = true;
        }
        if (any) {
            bsp.sync();
        }
    }
    // ------------------------------------------------------------------ the collectives

    /**
     * Broadcast: {@code data[offset, offset + n)} of process {@code root} is copied into the same range of every
     * process. Cost: one phase (n &lt; {@link #broadcastTwoPhaseThreshold()}, the default, or P &lt; 3): 1
     * superstep, an h-relation of (P-1)n (the root sends, each other process receives n); two phases: 2
     * supersteps, about 2n(P-1)/P in all ({@link #broadcastBreakEven} says when which is cheaper). Under the relaxed sync the receivers
     * wait only for the root (and, in the second phase, for the owners of the blocks).
     *
     * @param root   the pid whose data is broadcast; the same on every process
     * @param data   the root's source and everyone's destination
     * @param offset first element
     * @param n      number of elements, {@code >= 0}; the same on every process
     * @throws IllegalArgumentException if root is not a pid or the range is outside {@code data}
     */
    public void broadcast(final int root, final int[] data, final int offset, final int n) {
        broadcast("broadcast", Lane.INT, root, data, offset, n);
    }

    /** As {@link #broadcast(int, int[], int, int)}, for {@code long[]}. */
    public void broadcast(final int root, final long[] data, final int offset, final int n) {
        broadcast("broadcast", Lane.LONG, root, data, offset, n);
    }

    /** As {@link #broadcast(int, int[], int, int)}, for {@code double[]}. */
    public void broadcast(final int root, final double[] data, final int offset, final int n) {
        broadcast("broadcast", Lane.DOUBLE, root, data, offset, n);
    }

    /** As {@link #broadcast(int, int[], int, int)}, for {@code byte[]}. */
    public void broadcast(final int root, final byte[] data, final int offset, final int n) {
        broadcast("broadcast", Lane.BYTE, root, data, offset, n);
    }

    /**
     * Reduce: element-wise fold, in pid order, of every process's {@code data[offset, offset + n)} into the same
     * range of process {@code root}; the other processes' data is left alone. Cost: one phase: 1 superstep, the
     * root receives (P-1)n; two phases (reduce-scatter, then the blocks to the root): 2 supersteps, about 2n(P-1)/P.
     *
     * @param root   the pid that receives the result
     * @param data   every process's operand; the result on the root
     * @param offset first element
     * @param n      number of elements, the same on every process
     * @param op     an associative operator
     * @throws IllegalArgumentException if root is not a pid, the range is outside {@code data} or op is null
     */
    public void reduce(final int root, final int[] data, final int offset, final int n, final IntBinaryOperator op) {
        reduce("reduce", Lane.INT, root, data, offset, n, op);
    }

    /** As {@link #reduce(int, int[], int, int, IntBinaryOperator)}, for {@code long[]}. */
    public void reduce(final int root, final long[] data, final int offset, final int n, final LongBinaryOperator op) {
        reduce("reduce", Lane.LONG, root, data, offset, n, op);
    }

    /** As {@link #reduce(int, int[], int, int, IntBinaryOperator)}, for {@code double[]}. */
    public void reduce(final int root, final double[] data, final int offset, final int n, final DoubleBinaryOperator op) {
        reduce("reduce", Lane.DOUBLE, root, data, offset, n, op);
    }

    /** As {@link #reduce(int, int[], int, int, IntBinaryOperator)}, for {@code byte[]}. */
    public void reduce(final int root, final byte[] data, final int offset, final int n, final ByteBinaryOperator op) {
        reduce("reduce", Lane.BYTE, root, data, offset, n, op);
    }

    /**
     * AllReduce: every process's {@code data[offset, offset + n)} becomes the element-wise fold, in pid order, of
     * all processes' ranges (identical on every process). Cost: one phase: 1 superstep, an h-relation of (P-1)n;
     * two phases (reduce-scatter, allgather): 2 supersteps, about 2n(P-1)/P.
     *
     * @param data   operand and result
     * @param offset first element
     * @param n      number of elements, the same on every process
     * @param op     an associative operator
     * @throws IllegalArgumentException if the range is outside {@code data} or op is null
     */
    public void allReduce(final int[] data, final int offset, final int n, final IntBinaryOperator op) {
        reduce("allReduce", Lane.INT, ALL, data, offset, n, op);
    }

    /**
     * AllReduce of one value per process (a 1-element {@link #allReduce(int[], int, int, IntBinaryOperator)}; does not allocate).
     *
     * @param value this process's operand
     * @param op    an associative operator
     * @return value<sub>0</sub> op ... op value<sub>P-1</sub>, on every process
     */
    public int allReduceInt(final int value, final IntBinaryOperator op) {
        one[0] = value;
        reduce("allReduceInt", Lane.INT, ALL, one, 0, 1, op);
        return one[0];
    }

    /** As {@link #allReduce(int[], int, int, IntBinaryOperator)}, for {@code long[]}. */
    public void allReduce(final long[] data, final int offset, final int n, final LongBinaryOperator op) {
        reduce("allReduce", Lane.LONG, ALL, data, offset, n, op);
    }

    /**
     * AllReduce of one value per process (a 1-element {@link #allReduce(long[], int, int, LongBinaryOperator)}; does not allocate).
     *
     * @param value this process's operand
     * @param op    an associative operator
     * @return value<sub>0</sub> op ... op value<sub>P-1</sub>, on every process
     */
    public long allReduceLong(final long value, final LongBinaryOperator op) {
        oneLong[0] = value;
        reduce("allReduceLong", Lane.LONG, ALL, oneLong, 0, 1, op);
        return oneLong[0];
    }

    /** As {@link #allReduce(int[], int, int, IntBinaryOperator)}, for {@code double[]}. */
    public void allReduce(final double[] data, final int offset, final int n, final DoubleBinaryOperator op) {
        reduce("allReduce", Lane.DOUBLE, ALL, data, offset, n, op);
    }

    /**
     * AllReduce of one value per process (a 1-element {@link #allReduce(double[], int, int, DoubleBinaryOperator)}; does not allocate).
     *
     * @param value this process's operand
     * @param op    an associative operator
     * @return value<sub>0</sub> op ... op value<sub>P-1</sub>, on every process
     */
    public double allReduceDouble(final double value, final DoubleBinaryOperator op) {
        oneDouble[0] = value;
        reduce("allReduceDouble", Lane.DOUBLE, ALL, oneDouble, 0, 1, op);
        return oneDouble[0];
    }

    /** As {@link #allReduce(int[], int, int, IntBinaryOperator)}, for {@code byte[]}. */
    public void allReduce(final byte[] data, final int offset, final int n, final ByteBinaryOperator op) {
        reduce("allReduce", Lane.BYTE, ALL, data, offset, n, op);
    }

    /**
     * AllReduce of one value per process (a 1-element {@link #allReduce(byte[], int, int, ByteBinaryOperator)};
     * does not allocate).
     *
     * @param value this process's operand
     * @param op    an associative operator
     * @return value<sub>0</sub> op ... op value<sub>P-1</sub>, on every process
     */
    public byte allReduceByte(final byte value, final ByteBinaryOperator op) {
        oneByte[0] = value;
        reduce("allReduceByte", Lane.BYTE, ALL, oneByte, 0, 1, op);
        return oneByte[0];
    }

    /**
     * Inclusive scan (prefix): process q's {@code data[offset, offset + n)} becomes, element-wise,
     * x<sub>0</sub> op ... op x<sub>q</sub>. Cost: one phase: 1 superstep, process q receives q·n (under the relaxed
     * sync it waits for the q processes below it only); two phases (each block's P prefixes computed by its owner):
     * 2 supersteps, about 2n(P-1)/P.
     *
     * @param data   operand and result
     * @param offset first element
     * @param n      number of elements, the same on every process
     * @param op     an associative operator
     * @throws IllegalArgumentException if the range is outside {@code data} or op is null
     */
    public void scan(final int[] data, final int offset, final int n, final IntBinaryOperator op) {
        scan("scan", Lane.INT, data, offset, n, op);
    }

    /**
     * Inclusive scan of one value per process (a 1-element {@link #scan(int[], int, int, IntBinaryOperator)}; no allocation).
     *
     * @param value this process's operand
     * @param op    an associative operator
     * @return value<sub>0</sub> op ... op value<sub>pid</sub>
     */
    public int scanInt(final int value, final IntBinaryOperator op) {
        one[0] = value;
        scan("scanInt", Lane.INT, one, 0, 1, op);
        return one[0];
    }

    /** As {@link #scan(int[], int, int, IntBinaryOperator)}, for {@code long[]}. */
    public void scan(final long[] data, final int offset, final int n, final LongBinaryOperator op) {
        scan("scan", Lane.LONG, data, offset, n, op);
    }

    /**
     * Inclusive scan of one value per process (a 1-element {@link #scan(long[], int, int, LongBinaryOperator)}; no allocation).
     *
     * @param value this process's operand
     * @param op    an associative operator
     * @return value<sub>0</sub> op ... op value<sub>pid</sub>
     */
    public long scanLong(final long value, final LongBinaryOperator op) {
        oneLong[0] = value;
        scan("scanLong", Lane.LONG, oneLong, 0, 1, op);
        return oneLong[0];
    }

    /** As {@link #scan(int[], int, int, IntBinaryOperator)}, for {@code double[]}. */
    public void scan(final double[] data, final int offset, final int n, final DoubleBinaryOperator op) {
        scan("scan", Lane.DOUBLE, data, offset, n, op);
    }

    /**
     * Inclusive scan of one value per process (a 1-element {@link #scan(double[], int, int, DoubleBinaryOperator)}; no allocation).
     *
     * @param value this process's operand
     * @param op    an associative operator
     * @return value<sub>0</sub> op ... op value<sub>pid</sub>
     */
    public double scanDouble(final double value, final DoubleBinaryOperator op) {
        oneDouble[0] = value;
        scan("scanDouble", Lane.DOUBLE, oneDouble, 0, 1, op);
        return oneDouble[0];
    }

    /** As {@link #scan(int[], int, int, IntBinaryOperator)}, for {@code byte[]}. */
    public void scan(final byte[] data, final int offset, final int n, final ByteBinaryOperator op) {
        scan("scan", Lane.BYTE, data, offset, n, op);
    }

    /**
     * Inclusive scan of one value per process (a 1-element {@link #scan(byte[], int, int, ByteBinaryOperator)};
     * no allocation).
     *
     * @param value this process's operand
     * @param op    an associative operator
     * @return value<sub>0</sub> op ... op value<sub>pid</sub>
     */
    public byte scanByte(final byte value, final ByteBinaryOperator op) {
        oneByte[0] = value;
        scan("scanByte", Lane.BYTE, oneByte, 0, 1, op);
        return oneByte[0];
    }

    /**
     * Gather: process q's {@code src[srcOffset, srcOffset + n)} goes to {@code dst[dstOffset + q·n, ...)} of the
     * root. Cost: 1 superstep, the root receives (P-1)n (no two-phase form: the root's h is the same).
     *
     * @param root      the receiving pid
     * @param src       this process's block
     * @param srcOffset first element of the block
     * @param n         block length, the same on every process
     * @param dst       the root's destination of P·n elements (ignored, may be null, on the other processes)
     * @param dstOffset first element in {@code dst}
     * @throws IllegalArgumentException if root is not a pid or a range is outside its array
     */
    public void gather(final int root, final int[] src, final int srcOffset, final int n, final int[] dst,
        final int dstOffset) {
        gather("gather", Lane.INT, root, src, srcOffset, n, dst, dstOffset);
    }

    /** As {@link #gather(int, int[], int, int, int[], int)}, for {@code long[]}. */
    public void gather(final int root, final long[] src, final int srcOffset, final int n, final long[] dst,
        final int dstOffset) {
        gather("gather", Lane.LONG, root, src, srcOffset, n, dst, dstOffset);
    }

    /** As {@link #gather(int, int[], int, int, int[], int)}, for {@code double[]}. */
    public void gather(final int root, final double[] src, final int srcOffset, final int n, final double[] dst,
        final int dstOffset) {
        gather("gather", Lane.DOUBLE, root, src, srcOffset, n, dst, dstOffset);
    }

    /** As {@link #gather(int, int[], int, int, int[], int)}, for {@code byte[]}. */
    public void gather(final int root, final byte[] src, final int srcOffset, final int n, final byte[] dst,
        final int dstOffset) {
        gather("gather", Lane.BYTE, root, src, srcOffset, n, dst, dstOffset);
    }

    /**
     * AllGather: process q's {@code src[srcOffset, srcOffset + n)} goes to {@code dst[dstOffset + q·n, ...)} of
     * every process. Cost: 1 superstep, an h-relation of (P-1)n.
     *
     * @param src       this process's block
     * @param srcOffset first element of the block
     * @param n         block length, the same on every process
     * @param dst       destination of P·n elements
     * @param dstOffset first element in {@code dst}
     * @throws IllegalArgumentException if a range is outside its array
     */
    public void allGather(final int[] src, final int srcOffset, final int n, final int[] dst,
        final int dstOffset) {
        gather("allGather", Lane.INT, ALL, src, srcOffset, n, dst, dstOffset);
    }

    /** As {@link #allGather(int[], int, int, int[], int)}, for {@code long[]}. */
    public void allGather(final long[] src, final int srcOffset, final int n, final long[] dst,
        final int dstOffset) {
        gather("allGather", Lane.LONG, ALL, src, srcOffset, n, dst, dstOffset);
    }

    /** As {@link #allGather(int[], int, int, int[], int)}, for {@code double[]}. */
    public void allGather(final double[] src, final int srcOffset, final int n, final double[] dst,
        final int dstOffset) {
        gather("allGather", Lane.DOUBLE, ALL, src, srcOffset, n, dst, dstOffset);
    }

    /** As {@link #allGather(int[], int, int, int[], int)}, for {@code byte[]}. */
    public void allGather(final byte[] src, final int srcOffset, final int n, final byte[] dst,
        final int dstOffset) {
        gather("allGather", Lane.BYTE, ALL, src, srcOffset, n, dst, dstOffset);
    }

    /**
     * Scatter: block q of the root, {@code src[srcOffset + q·n, ...)}, goes to {@code dst[dstOffset, dstOffset + n)}
     * of process q. Cost: 1 superstep, the root sends (P-1)n.
     *
     * @param root      the sending pid
     * @param src       the root's P·n elements (ignored, may be null, on the other processes)
     * @param srcOffset first element in {@code src}
     * @param dst       this process's block
     * @param dstOffset first element of the block
     * @param n         block length, the same on every process
     * @throws IllegalArgumentException if root is not a pid or a range is outside its array
     */
    public void scatter(final int root, final int[] src, final int srcOffset, final int[] dst,
        final int dstOffset, final int n) {
        scatter("scatter", Lane.INT, root, src, srcOffset, dst, dstOffset, n);
    }

    /** As {@link #scatter(int, int[], int, int[], int, int)}, for {@code long[]}. */
    public void scatter(final int root, final long[] src, final int srcOffset, final long[] dst,
        final int dstOffset, final int n) {
        scatter("scatter", Lane.LONG, root, src, srcOffset, dst, dstOffset, n);
    }

    /** As {@link #scatter(int, int[], int, int[], int, int)}, for {@code double[]}. */
    public void scatter(final int root, final double[] src, final int srcOffset, final double[] dst,
        final int dstOffset, final int n) {
        scatter("scatter", Lane.DOUBLE, root, src, srcOffset, dst, dstOffset, n);
    }

    /** As {@link #scatter(int, int[], int, int[], int, int)}, for {@code byte[]}. */
    public void scatter(final int root, final byte[] src, final int srcOffset, final byte[] dst,
        final int dstOffset, final int n) {
        scatter("scatter", Lane.BYTE, root, src, srcOffset, dst, dstOffset, n);
    }

    /**
     * All-to-all (total exchange): block q of this process, {@code src[srcOffset + q·n, ...)}, goes to block pid
     * of process q, {@code dst[dstOffset + pid·n, ...)}. {@code src} and {@code dst} may be the same range.
     * Cost: 1 superstep, an h-relation of (P-1)n.
     *
     * @param src       P blocks of n elements
     * @param srcOffset first element in {@code src}
     * @param dst       P blocks of n elements
     * @param dstOffset first element in {@code dst}
     * @param n         block length, the same on every process
     * @throws IllegalArgumentException if a range is outside its array
     */
    public void allToAll(final int[] src, final int srcOffset, final int[] dst, final int dstOffset,
        final int n) {
        allToAll("allToAll", Lane.INT, src, srcOffset, dst, dstOffset, n);
    }

    /** As {@link #allToAll(int[], int, int[], int, int)}, for {@code long[]}. */
    public void allToAll(final long[] src, final int srcOffset, final long[] dst, final int dstOffset,
        final int n) {
        allToAll("allToAll", Lane.LONG, src, srcOffset, dst, dstOffset, n);
    }

    /** As {@link #allToAll(int[], int, int[], int, int)}, for {@code double[]}. */
    public void allToAll(final double[] src, final int srcOffset, final double[] dst, final int dstOffset,
        final int n) {
        allToAll("allToAll", Lane.DOUBLE, src, srcOffset, dst, dstOffset, n);
    }

    /** As {@link #allToAll(int[], int, int[], int, int)}, for {@code byte[]}. */
    public void allToAll(final byte[] src, final int srcOffset, final byte[] dst, final int dstOffset,
        final int n) {
        allToAll("allToAll", Lane.BYTE, src, srcOffset, dst, dstOffset, n);
    }

    /**
     * All-to-all with counts: the next {@code sendCounts[q]} elements of {@code src} from {@code srcOffset} (in
     * order of q) go to process q; the result holds the blocks received, in pid order of their senders. Cost: 2
     * supersteps (the P×P count matrix, an h-relation of (P-1)P ints, then the data, an h-relation of the largest
     * number of elements a process sends or receives), plus a growth superstep when the scratch area is too small
     * for the largest number a process receives.
     *
     * @param src        the data to send, blocks in order of destination
     * @param srcOffset  first element in {@code src}
     * @param sendCounts P counts, {@code >= 0}
     * @param recvCounts if not null, P entries set to the number of elements received from each pid
     * @return a new array with the blocks received, ordered by sender pid
     * @throws IllegalArgumentException if a count is negative, the counts exceed {@code src} or an array has
     *     not P entries
     */
    public int[] allToAllv(final int[] src, final int srcOffset, final int[] sendCounts, final int[] recvCounts) {
        return (int[]) allToAllv("allToAllv", Lane.INT, src, srcOffset, sendCounts, recvCounts);
    }

    /** As {@link #allToAllv(int[], int, int[], int[])}, for {@code long[]}. */
    public long[] allToAllv(final long[] src, final int srcOffset, final int[] sendCounts, final int[] recvCounts) {
        return (long[]) allToAllv("allToAllv", Lane.LONG, src, srcOffset, sendCounts, recvCounts);
    }

    /** As {@link #allToAllv(int[], int, int[], int[])}, for {@code double[]}. */
    public double[] allToAllv(final double[] src, final int srcOffset, final int[] sendCounts, final int[] recvCounts) {
        return (double[]) allToAllv("allToAllv", Lane.DOUBLE, src, srcOffset, sendCounts, recvCounts);
    }

    /** As {@link #allToAllv(int[], int, int[], int[])}, for {@code byte[]}. */
    public byte[] allToAllv(final byte[] src, final int srcOffset, final int[] sendCounts, final int[] recvCounts) {
        return (byte[]) allToAllv("allToAllv", Lane.BYTE, src, srcOffset, sendCounts, recvCounts);
    }

    /**
     * Sample sort (parallel sorting by regular sampling): the elements of every process's
     * {@code local[offset, offset + n)} are redistributed so that each process holds a sorted block and the blocks,
     * in pid order, are the sorted sequence of all elements ({@code double}s in {@link Double#compare} order).
     * Each process sorts its part and sends min(P, n) regular samples to every process; all choose the same P-1
     * splitters from the sorted samples and send each element to its bucket's process, which sorts what it
     * received. With distinct keys and n elements everywhere a process ends with at most about 2n elements; equal
     * keys go to one process. Cost: 4 supersteps (two {@code allToAllv}: one for the P² samples, one for the data,
     * an h-relation of about n for balanced input) plus growths; local work O(n log n).
     *
     * @param local  this process's elements (not modified)
     * @param offset first element
     * @param n      number of elements (may differ between processes)
     * @return a new array with this process's block of the sorted sequence
     * @throws IllegalArgumentException if the range is outside {@code local}
     */
    public int[] sort(final int[] local, final int offset, final int n) {
        return (int[]) sort("sort", Lane.INT, local, offset, n);
    }

    /** As {@link #sort(int[], int, int)}, for {@code long[]}. */
    public long[] sort(final long[] local, final int offset, final int n) {
        return (long[]) sort("sort", Lane.LONG, local, offset, n);
    }

    /** As {@link #sort(int[], int, int)}, for {@code double[]}. */
    public double[] sort(final double[] local, final int offset, final int n) {
        return (double[]) sort("sort", Lane.DOUBLE, local, offset, n);
    }

    /** As {@link #sort(int[], int, int)}, for {@code byte[]} (signed order, as {@code Arrays.sort(byte[])}). */
    public byte[] sort(final byte[] local, final int offset, final int n) {
        return (byte[]) sort("sort", Lane.BYTE, local, offset, n);
    }

    // ------------------------------------------------------------------ the algorithms, once for every lane

    private void broadcast(final String call, final Lane lane, final int root, final Object data, final int offset,
        final int n) {
        checkOpen(call);
        checkRoot(call, root);
        checkRange(call, "data", data, lane, offset, n);
        final Reg reg = scratch(lane, n);
        final Object buf = scratchArray(lane);
        if (p < 3 || n < broadcastTwoPhaseThreshold) {
            if (me == root && n > 0) {
                for (int q = 0; q < p; q++) {
                    if (q != root) {
                        lane.put(bsp, q, data, offset, reg, 0, n);
                    }
                }
            }
            bsp.sync();
            bsp.commit(reg, me != root && n > 0 ? 1 : 0);
            if (me != root) {
                System.arraycopy(buf, 0, data, offset, n);
            }
            return;
        }
        // phase 1: the root scatters block b to process b; phase 2: every process sends its block to the others
        if (me == root) {
            for (int b = 0; b < p; b++) {
                if (b != root && blockLength(n, b) > 0) {
                    lane.put(bsp, b, data, offset + blockStart(n, b), reg, blockStart(n, b), blockLength(n, b));
                }
            }
        }
        bsp.sync();
        final int mine = blockLength(n, me);
        bsp.commit(reg, me != root && mine > 0 ? 1 : 0);
        if (mine > 0) {
            final Object src = me == root ? data : buf;
            final int srcOffset = me == root ? offset + blockStart(n, me) : blockStart(n, me);
            for (int c = 0; c < p; c++) {
                if (c != me && c != root) {
                    lane.put(bsp, c, src, srcOffset, reg, blockStart(n, me), mine);
                }
            }
        }
        bsp.sync();
        bsp.commit(reg, me == root ? 0 : nonEmptyBlocksExcept(n, me));
        if (me != root) {
            System.arraycopy(buf, 0, data, offset, n);
        }
    }

    private void reduce(final String call, final Lane lane, final int root, final Object data, final int offset,
        final int n, final Object op) {
        checkOpen(call);
        if (root != ALL) {
            checkRoot(call, root);
        }
        checkRange(call, "data", data, lane, offset, n);
        checkOp(call, op);
        final boolean all = root == ALL;
        if (!twoPhase(n)) {
            final Reg reg = scratch(lane, (long) p * n);
            final Object buf = scratchArray(lane);
            if (n > 0) {
                for (int q = 0; q < p; q++) {
                    if (q != me && (all || q == root)) {
                        lane.put(bsp, q, data, offset, reg, me * n, n);
                    }
                }
            }
            bsp.sync();
            final boolean receiver = all || me == root;
            bsp.commit(reg, receiver && n > 0 ? p - 1 : 0);
            if (receiver && n > 0) {
                foldInPidOrder(lane, op, buf, n, data, offset, n);
                System.arraycopy(buf, 0, data, offset, n);
            }
            return;
        }
        // phase 1 (reduce-scatter): block b of every process goes to process b, which folds it in pid order;
        // phase 2: the folded blocks go to every process (allReduce) or to the root (reduce)
        final int mb = maxBlock(n);
        final Reg reg = scratch(lane, (long) p * mb + n);
        final Object buf = scratchArray(lane);
        scatterBlocks(lane, data, offset, n, reg, mb);
        bsp.sync();
        final int mine = blockLength(n, me);
        final int lo = blockStart(n, me);
        bsp.commit(reg, mine > 0 ? p - 1 : 0);
        if (mine > 0) {
            foldInPidOrder(lane, op, buf, mb, data, offset + lo, mine);
            if (all || me == root) {
                System.arraycopy(buf, 0, data, offset + lo, mine);
            }
            for (int c = 0; c < p; c++) {
                if (c != me && (all || c == root)) {
                    lane.put(bsp, c, buf, 0, reg, p * mb + lo, mine);
                }
            }
        }
        bsp.sync();
        final boolean receiver = all || me == root;
        bsp.commit(reg, receiver ? nonEmptyBlocksExcept(n, me) : 0);
        if (receiver) {
            copyBlocksExcept(buf, p * mb, data, offset, n);
        }
    }

    private void scan(final String call, final Lane lane, final Object data, final int offset, final int n,
        final Object op) {
        checkOpen(call);
        checkRange(call, "data", data, lane, offset, n);
        checkOp(call, op);
        if (!twoPhase(n)) {
            final Reg reg = scratch(lane, (long) p * n);
            final Object buf = scratchArray(lane);
            if (n > 0) {
                for (int q = me + 1; q < p; q++) {
                    lane.put(bsp, q, data, offset, reg, me * n, n);
                }
            }
            bsp.sync();
            bsp.commit(reg, n > 0 ? me : 0);
            if (me > 0 && n > 0) {
                for (int q = 1; q < me; q++) {
                    lane.fold(op, buf, 0, buf, q * n, buf, 0, n);
                }
                lane.fold(op, buf, 0, data, offset, data, offset, n);
            }
            return;
        }
        // phase 1: block b of every process goes to process b, which computes the P prefixes of its block;
        // phase 2: the q-th prefix of block b goes back to process q
        final int mb = maxBlock(n);
        final Reg reg = scratch(lane, (long) p * mb + n);
        final Object buf = scratchArray(lane);
        scatterBlocks(lane, data, offset, n, reg, mb);
        bsp.sync();
        final int mine = blockLength(n, me);
        final int lo = blockStart(n, me);
        bsp.commit(reg, mine > 0 ? p - 1 : 0);
        if (mine > 0) {
            System.arraycopy(data, offset + lo, buf, me * mb, mine);
            for (int q = 1; q < p; q++) {
                lane.fold(op, buf, (q - 1) * mb, buf, q * mb, buf, q * mb, mine);
            }
            System.arraycopy(buf, me * mb, data, offset + lo, mine);
            for (int q = 0; q < p; q++) {
                if (q != me) {
                    lane.put(bsp, q, buf, q * mb, reg, p * mb + lo, mine);
                }
            }
        }
        bsp.sync();
        bsp.commit(reg, nonEmptyBlocksExcept(n, me));
        copyBlocksExcept(buf, p * mb, data, offset, n);
    }

    private void gather(final String call, final Lane lane, final int root, final Object src, final int srcOffset,
        final int n, final Object dst, final int dstOffset) {
        checkOpen(call);
        checkN(call, n);
        final boolean all = root == ALL;
        if (!all) {
            checkRoot(call, root);
        }
        checkRange(call, "src", src, lane, srcOffset, n);
        final boolean receiver = all || me == root;
        if (receiver) {
            checkRange(call, "dst", dst, lane, dstOffset, (long) p * n);
        }
        final Reg reg = scratch(lane, (long) p * n);
        final Object buf = scratchArray(lane);
        if (n > 0) {
            for (int q = 0; q < p; q++) {
                if (q != me && (all || q == root)) {
                    lane.put(bsp, q, src, srcOffset, reg, me * n, n);
                }
            }
        }
        bsp.sync();
        bsp.commit(reg, receiver && n > 0 ? p - 1 : 0);
        if (receiver && n > 0) {
            System.arraycopy(src, srcOffset, dst, dstOffset + me * n, n);
            for (int q = 0; q < p; q++) {
                if (q != me) {
                    System.arraycopy(buf, q * n, dst, dstOffset + q * n, n);
                }
            }
        }
    }

    private void scatter(final String call, final Lane lane, final int root, final Object src, final int srcOffset,
        final Object dst, final int dstOffset, final int n) {
        checkOpen(call);
        checkN(call, n);
        checkRoot(call, root);
        if (me == root) {
            checkRange(call, "src", src, lane, srcOffset, (long) p * n);
        }
        checkRange(call, "dst", dst, lane, dstOffset, n);
        final Reg reg = scratch(lane, n);
        final Object buf = scratchArray(lane);
        if (me == root && n > 0) {
            for (int q = 0; q < p; q++) {
                if (q != root) {
                    lane.put(bsp, q, src, srcOffset + q * n, reg, 0, n);
                }
            }
        }
        bsp.sync();
        bsp.commit(reg, me != root && n > 0 ? 1 : 0);
        if (me == root) {
            System.arraycopy(src, srcOffset + me * n, dst, dstOffset, n);
        } else {
            System.arraycopy(buf, 0, dst, dstOffset, n);
        }
    }

    private void allToAll(final String call, final Lane lane, final Object src, final int srcOffset,
        final Object dst, final int dstOffset, final int n) {
        checkOpen(call);
        checkN(call, n);
        checkRange(call, "src", src, lane, srcOffset, (long) p * n);
        checkRange(call, "dst", dst, lane, dstOffset, (long) p * n);
        final Reg reg = scratch(lane, (long) p * n);
        final Object buf = scratchArray(lane);
        if (n > 0) {
            for (int q = 0; q < p; q++) {
                if (q != me) {
                    lane.put(bsp, q, src, srcOffset + q * n, reg, me * n, n);
                }
            }
        }
        bsp.sync();
        bsp.commit(reg, n > 0 ? p - 1 : 0);
        if (n > 0) {
            System.arraycopy(src, srcOffset + me * n, dst, dstOffset + me * n, n);
            for (int q = 0; q < p; q++) {
                if (q != me) {
                    System.arraycopy(buf, q * n, dst, dstOffset + q * n, n);
                }
            }
        }
    }

    private Object allToAllv(final String call, final Lane lane, final Object src, final int srcOffset,
        final int[] sendCounts, final int[] recvCounts) {
        checkOpen(call);
        checkCounts(call, "sendCounts", sendCounts);
        if (recvCounts != null && recvCounts.length != p) {
            throw new IllegalArgumentException(call + ": recvCounts.length=" + recvCounts.length + " must be nprocs="
                + p + " on pid " + me);
        }
        long total = 0;
        for (final int c : sendCounts) {
            total += c;
        }
        checkRange(call, "src", src, lane, srcOffset, total);
        // superstep 1: every process sends its row of counts to every other, so all know the whole matrix
        final Reg counts = countsReg();
        for (int q = 0; q < p; q++) {
            if (q != me) {
                bsp.hpPut(q, sendCounts, 0, counts, me * p, p);
            }
        }
        bsp.sync();
        bsp.commit(counts, p - 1);
        System.arraycopy(countsIn, 0, matrix, 0, p * p);
        System.arraycopy(sendCounts, 0, matrix, me * p, p);
        long need = 0;
        for (int q = 0; q < p; q++) {
            long in = 0;
            for (int j = 0; j < p; j++) {
                in += matrix[j * p + q];
            }
            need = Math.max(need, in);
        }
        final Reg reg = scratch(lane, need);
        final Object buf = scratchArray(lane);
        // superstep 2: block q goes to process q, after the blocks of the lower pids
        int from = srcOffset;
        int senders = 0;
        for (int q = 0; q < p; q++) {
            final int c = matrix[me * p + q];
            if (q != me && c > 0) {
                lane.put(bsp, q, src, from, reg, inOffset(me, q), c);
            }
            if (q != me && matrix[q * p + me] > 0) {
                senders++;
            }
            from += c;
        }
        bsp.sync();
        bsp.commit(reg, senders);
        int mine = 0;
        for (int j = 0; j < p; j++) {
            mine += matrix[j * p + me];
        }
        final Object out = lane.newArray(mine);
        System.arraycopy(buf, 0, out, 0, mine);
        final int own = matrix[me * p + me];
        System.arraycopy(src, srcOffset + sentBefore(me), out, inOffset(me, me), own);
        for (int j = 0; j < p && recvCounts != null; j++) {
            recvCounts[j] = matrix[j * p + me];
        }
        return out;
    }

    private Object sort(final String call, final Lane lane, final Object local, final int offset, final int n) {
        checkOpen(call);
        checkRange(call, "local", local, lane, offset, n);
        final Object a = lane.newArray(n);
        System.arraycopy(local, offset, a, 0, n);
        lane.sort(a, 0, n);
        // regular samples: min(P, n) per process, sent to every process
        final int k = Math.min(p, n);
        final Object samples = lane.newArray(p * k);
        for (int i = 0; i < k; i++) {
            System.arraycopy(a, (int) ((long) i * n / k), samples, i, 1);
        }
        for (int q = 1; q < p; q++) {
            System.arraycopy(samples, 0, samples, q * k, k);
        }
        final int[] sendCounts = new int[p];
        java.util.Arrays.fill(sendCounts, k);
        final Object all = allToAllv(call, lane, samples, 0, sendCounts, null);
        final int s = lane.length(all);
        lane.sort(all, 0, s);
        // P-1 splitters; bucket q gets the keys x with splitter(q-1) < x <= splitter(q)
        int prev = 0;
        for (int q = 0; q < p; q++) {
            final int bound = q == p - 1 || s == 0 ? n : lane.countAtMost(a, 0, n, all, (int) ((long) (q + 1) * s / p));
            sendCounts[q] = Math.max(0, bound - prev);
            prev = Math.max(prev, bound);
        }
        final Object mine = allToAllv(call, lane, a, 0, sendCounts, null);
        lane.sort(mine, 0, lane.length(mine));
        return mine;
    }

    // ------------------------------------------------------------------ helpers

    private boolean twoPhase(final int n) {
        return p >= 3 && n >= twoPhaseThreshold;
    }

    private Object scratchArray(final Lane lane) {
        return scratch[lane.index()];
    }

    /** @return the scratch registration of {@code lane}, grown (one superstep) if it holds fewer than need */
    private Reg scratch(final Lane lane, final long need) {
        final int i = lane.index();
        final int cap = scratch[i] == null ? 0 : lane.length(scratch[i]);
        if (scratchRegs[i] != null && cap >= need) {
            return scratchRegs[i];
        }
        if (need > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("Collectives: a scratch area of " + need + " " + lane.type
                + " elements is needed on pid " + me + ", more than a Java array holds");
        }
        final int grown = (int) Math.min(Integer.MAX_VALUE - 8, Math.max(need, Math.max(MIN_CAPACITY, 2L * cap)));
        final Object array = lane.newArray(grown);
        final Reg reg = lane.push(bsp, array);
        if (scratchRegs[i] != null) {
            bsp.popReg(scratchRegs[i]);
        }
        scratch[i] = array;
        scratchRegs[i] = reg;
        bsp.sync();
        return reg;
    }

    private Reg countsReg() {
        if (countsReg == null) {
            countsIn = new int[p * p];
            matrix = new int[p * p];
            countsReg = bsp.pushReg(countsIn);
            bsp.sync();
        }
        return countsReg;
    }

    private long blockStartLong(final int n, final int b) {
        return (long) n * b / p;
    }

    private int blockStart(final int n, final int b) {
        return (int) blockStartLong(n, b);
    }

    private int blockLength(final int n, final int b) {
        return (int) (blockStartLong(n, b + 1) - blockStartLong(n, b));
    }

    private int maxBlock(final int n) {
        return (n + p - 1) / p;
    }

    private int nonEmptyBlocksExcept(final int n, final int except) {
        int k = 0;
        for (int b = 0; b < p; b++) {
            if (b != except && blockLength(n, b) > 0) {
                k++;
            }
        }
        return k;
    }

    /** Phase 1 of the two-phase forms: block b of {@code data} goes to slot pid of process b (slots of mb). */
    private void scatterBlocks(final Lane lane, final Object data, final int offset, final int n, final Reg reg,
        final int mb) {
        for (int b = 0; b < p; b++) {
            final int len = blockLength(n, b);
            if (b != me && len > 0) {
                lane.put(bsp, b, data, offset + blockStart(n, b), reg, me * mb, len);
            }
        }
    }

    /** Copies block b (b != pid) from {@code buf[base + start(b)]} to {@code data[offset + start(b)]}. */
    private void copyBlocksExcept(final Object buf, final int base, final Object data, final int offset,
        final int n) {
        for (int b = 0; b < p; b++) {
            if (b != me) {
                System.arraycopy(buf, base + blockStart(n, b), data, offset + blockStart(n, b), blockLength(n, b));
            }
        }
    }

    /**
     * Folds slots 0..P-1 of {@code buf} (slot q at q * stride, this process's own slot read from
     * {@code data[dataOffset]}) in pid order into slot 0.
     */
    private void foldInPidOrder(final Lane lane, final Object op, final Object buf, final int stride,
        final Object data, final int dataOffset, final int len) {
        if (me == 0) {
            System.arraycopy(data, dataOffset, buf, 0, len);
        }
        for (int q = 1; q < p; q++) {
            if (q == me) {
                lane.fold(op, buf, 0, data, dataOffset, buf, 0, len);
            } else {
                lane.fold(op, buf, 0, buf, q * stride, buf, 0, len);
            }
        }
    }

    /** @return where the block from pid j starts in process q's result of allToAllv */
    private int inOffset(final int j, final int q) {
        int off = 0;
        for (int i = 0; i < j; i++) {
            off += matrix[i * p + q];
        }
        return off;
    }

    /** @return where this process's block for process q starts in its source of allToAllv */
    private int sentBefore(final int q) {
        int off = 0;
        for (int i = 0; i < q; i++) {
            off += matrix[me * p + i];
        }
        return off;
    }

    private void checkOpen(final String call) {
        if (closed) {
            throw new IllegalStateException(call + ": this Collectives of pid " + me + " is closed");
        }
    }

    private void checkRoot(final String call, final int root) {
        if (root < 0 || root >= p) {
            throw new IllegalArgumentException(call + ": root=" + root + " is not a pid (nprocs=" + p + ") on pid "
                + me);
        }
    }

    private void checkN(final String call, final int n) {
        if (n < 0) {
            throw new IllegalArgumentException(call + ": n=" + n + " must be >= 0 on pid " + me);
        }
    }

    private void checkOp(final String call, final Object op) {
        if (op == null) {
            throw new IllegalArgumentException(call + ": op is null on pid " + me);
        }
    }

    private void checkRange(final String call, final String name, final Object array, final Lane lane,
        final int offset, final long n) {
        if (n < 0) {
            throw new IllegalArgumentException(call + ": n=" + n + " must be >= 0 on pid " + me);
        }
        if (array == null) {
            throw new IllegalArgumentException(call + ": " + name + " is null on pid " + me);
        }
        if (offset < 0) {
            throw new IllegalArgumentException(call + ": " + name + " offset=" + offset + " must be >= 0 on pid "
                + me);
        }
        final int length = lane.length(array);
        if (offset + n > length) {
            throw new IllegalArgumentException(call + ": " + name + " offset=" + offset + " + " + n
                + " elements exceeds " + name + ".length=" + length + " on pid " + me);
        }
    }

    private void checkCounts(final String call, final String name, final int[] counts) {
        if (counts == null) {
            throw new IllegalArgumentException(call + ": " + name + " is null on pid " + me);
        }
        if (counts.length != p) {
            throw new IllegalArgumentException(call + ": " + name + ".length=" + counts.length + " must be nprocs="
                + p + " on pid " + me);
        }
        for (int q = 0; q < p; q++) {
            if (counts[q] < 0) {
                throw new IllegalArgumentException(call + ": " + name + "[" + q + "]=" + counts[q]
                    + " must be >= 0 on pid " + me);
            }
        }
    }
}
