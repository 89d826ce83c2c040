package org.jbsplib.rbs;

import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.UnaryOperator;

import org.jbsplib.api.Bsp;
import org.jbsplib.api.BspProgram;
import org.jbsplib.api.Reg;
import org.jbsplib.core.BspConfig;
import org.jbsplib.core.BspRuntime;

/**
 * A random BSP program of the differential tester, as data: P processes, a few supersteps, int registrations
 * (some pushed or popped on the way), and per superstep and process a list of puts, hpPuts, gets and sends, with
 * the exact commit counts. Local computation mixes every active registration with what arrived, so a stale read
 * changes the final memory. {@link #program(Snapshot[])} runs it through the BSP API; {@link #reference()} runs
 * it in a sequential interpreter of BSPlib's semantics.
 *
 * <p>Generated within the relaxed sync's contract: received data is read only after {@code commit}; gets, sends
 * and overlapping puts from different sources into one area appear only in supersteps that use the count
 * exchange (those with {@code pushReg}/{@code popReg}, or in which every process calls
 * {@link RelaxedSync#requestExchange}); in the other supersteps, the puts of different sources into one area of
 * one process are disjoint (puts of one source may overlap each other).
 */
final class RandomProgram {
    static final int PUT = 0;
    static final int HP_PUT = 1;
    static final int GET = 2;
    static final int SEND = 3;
    static final int GETBUF = 12;

    /** One communication call: kind, peer pid, registration index, source offset, destination offset, length. */
    record Op(int kind, int peer, int reg, int from, int to, int length) {
        @Override
        public String toString() {
            return switch (kind) {
                case PUT, HP_PUT -> (kind == PUT ? "put" : "hpPut") + "(pid " + peer + ", r" + reg + "[" + to
                    + "..+" + length + "] <- own r" + reg + "[" + from + "])";
                case GET -> "get(pid " + peer + ", r" + reg + "[" + from + "..+" + length + "] -> getbuf[" + to + "])";
                default -> "send(pid " + peer + ", " + length + " bytes)";
            };
        }
    }

    /** One superstep. */
    static final class Step {
        boolean exchange;
        final List<Integer> pushLengths = new ArrayList<>();
        final List<Integer> pops = new ArrayList<>();
        List<List<Op>> ops;
        int[][] commits; // [pid][reg], -1 if the reg is not active in this superstep
        boolean[] active;
    }

    final long seed;
    final int procs;
    final List<Step> steps = new ArrayList<>();
    final List<Integer> regLengths = new ArrayList<>();

    private RandomProgram(final long seed, final int procs) {
        this.seed = seed;
        this.procs = procs;
    }

    // ------------------------------------------------------------------ generation

    static RandomProgram generate(final long seed, final int maxProcs) {
        final SplittableRandom rnd = new SplittableRandom(seed);
        final int p = 1 + rnd.nextInt(maxProcs);
        final RandomProgram prog = new RandomProgram(seed, p);
        final int supersteps = 2 + rnd.nextInt(5);
        final List<Boolean> active = new ArrayList<>();
        int[][] prevCounts = null;
        for (int s = 0; s <= supersteps; s++) {
            final Step step = new Step();
            step.ops = new ArrayList<>();
            for (int q = 0; q < p; q++) {
                step.ops.add(new ArrayList<>());
            }
            step.active = new boolean[active.size()];
            for (int r = 0; r < active.size(); r++) {
                step.active[r] = active.get(r);
            }
            step.commits = new int[p][active.size()];
            for (int q = 0; q < p; q++) {
                for (int r = 0; r < active.size(); r++) {
                    step.commits[q][r] = !active.get(r) ? -1
                        : prevCounts != null && r < prevCounts[q].length ? prevCounts[q][r] : 0;
                }
            }
            final int[][] counts = new int[p][active.size()];
            if (s == 0) {
                final int regs = 1 + rnd.nextInt(3);
                for (int r = 0; r < regs; r++) {
                    step.pushLengths.add(regLength(rnd));
                }
                step.exchange = true;
            } else if (s < supersteps) {
                if (rnd.nextInt(100) < 15) {
                    step.pushLengths.add(regLength(rnd));
                }
                final List<Integer> live = new ArrayList<>();
                for (int r = 0; r < active.size(); r++) {
                    if (active.get(r)) {
                        live.add(r);
                    }
                }
                if (live.size() > 1 && rnd.nextInt(100) < 10) {
                    step.pops.add(live.get(rnd.nextInt(live.size())));
                }
                step.exchange = !step.pushLengths.isEmpty() || !step.pops.isEmpty() || rnd.nextInt(100) < 30;
                generateOps(rnd, prog, step, live, counts);
            }
            prog.steps.add(step);
            for (final int len : step.pushLengths) {
                prog.regLengths.add(len);
            }
            // registration changes take effect at the sync ending this superstep
            for (final int r : step.pops) {
                active.set(r, false);
            }
            for (int i = 0; i < step.pushLengths.size(); i++) {
                active.add(true);
            }
            prevCounts = counts;
        }
        return prog;
    }

    /** @return a registration length: mostly small, sometimes large enough that puts span several frames */
    private static int regLength(final SplittableRandom rnd) {
        return rnd.nextInt(10) == 0 ? 100 + rnd.nextInt(400) : 4 + rnd.nextInt(13);
    }

    private static void generateOps(final SplittableRandom rnd, final RandomProgram prog, final Step step,
        final List<Integer> live, final int[][] counts) {
        final int p = prog.procs;
        if (live.isEmpty()) {
            return;
        }
        // In a relaxed superstep, each (destination, reg) area is cut into one segment per source.
        final int[][][] segStart = new int[p][prog.regLengths.size()][];
        for (int q = 0; q < p; q++) {
            final int n = 1 + rnd.nextInt(5);
            for (int k = 0; k < n; k++) {
                final int kind = !step.exchange ? PUT : new int[] {PUT, PUT, HP_PUT, GET, SEND}[rnd.nextInt(5)];
                final int peer = rnd.nextInt(p);
                final int reg = live.get(rnd.nextInt(live.size()));
                final int len = prog.regLengths.get(reg);
                switch (kind) {
                    case PUT, HP_PUT -> {
                        int lo = 0;
                        int hi = len;
                        if (!step.exchange) {
                            if (segStart[peer][reg] == null) {
                                segStart[peer][reg] = cut(rnd, len, p);
                            }
                            lo = segStart[peer][reg][q];
                            hi = segStart[peer][reg][q + 1];
                            if (hi == lo) {
                                continue;
                            }
                        }
                        final int to = lo + rnd.nextInt(hi - lo);
                        final int length = 1 + rnd.nextInt(hi - to);
                        final int from = rnd.nextInt(len - length + 1);
                        step.ops.get(q).add(new Op(rnd.nextBoolean() ? PUT : HP_PUT, peer, reg, from, to, length));
                        counts[peer][reg]++;
                    }
                    case GET -> {
                        final int length = 1 + rnd.nextInt(Math.min(len, GETBUF));
                        step.ops.get(q).add(new Op(GET, peer, reg, rnd.nextInt(len - length + 1),
                            rnd.nextInt(GETBUF - length + 1), length));
                    }
                    default -> step.ops.get(q).add(new Op(SEND, peer, 0, 0, 0, rnd.nextInt(6)));
                }
            }
        }
    }

    /** @return p+1 cut points of [0, len): segment i is [c[i], c[i+1]), assigned to source i */
    private static int[] cut(final SplittableRandom rnd, final int len, final int p) {
        final int[] c = new int[p + 1];
        if (rnd.nextBoolean()) {
            // one source owns the whole area: long puts (several frames with the smallest inbox)
            final int owner = rnd.nextInt(p);
            for (int i = owner + 1; i <= p; i++) {
                c[i] = len;
            }
            return c;
        }
        for (int i = 1; i < p; i++) {
            c[i] = rnd.nextInt(len + 1);
        }
        c[p] = len;
        Arrays.sort(c, 1, p);
        return c;
    }

    // ------------------------------------------------------------------ shared local computation

    static int initial(final int pid, final int reg, final int i) {
        return 1000 * pid + 100 * reg + i;
    }

    /** The local computation of superstep {@code s} on {@code pid}, after its commits. */
    static void mix(final int pid, final int s, final List<int[]> areas, final boolean[] active, final int[] getbuf,
        final int messages) {
        int first = -1;
        for (int r = 0; r < active.length; r++) {
            if (!active[r]) {
                continue;
            }
            final int[] a = areas.get(r);
            for (int i = 0; i < a.length; i++) {
                a[i] = a[i] * 31 + i + 7 * pid + 13 * s;
            }
            if (first < 0) {
                first = r;
            }
        }
        if (first >= 0) {
            final int[] a = areas.get(first);
            for (int i = 0; i < getbuf.length; i++) {
                a[i % a.length] += getbuf[i];
            }
            a[0] += messages * 1_000_003;
        }
    }

    static byte[] payload(final int[] area, final int length) {
        final byte[] b = new byte[length];
        for (int i = 0; i < length; i++) {
            b[i] = (byte) area[i % area.length];
        }
        return b;
    }

    /** What a process holds at the end: every registration ever pushed, the get buffer, the messages received. */
    record Snapshot(List<int[]> areas, int[] getbuf, List<String> log) {
        String describeDifference(final Snapshot other) {
            if (areas.size() != other.areas.size()) {
                return "registrations: " + areas.size() + " vs " + other.areas.size();
            }
            for (int r = 0; r < areas.size(); r++) {
                final int i = Arrays.mismatch(areas.get(r), other.areas.get(r));
                if (i >= 0) {
                    return "r" + r + "[" + i + "] of " + areas.get(r).length + ": " + areas.get(r)[i] + " vs "
                        + other.areas.get(r)[i];
                }
            }
            final int g = Arrays.mismatch(getbuf, other.getbuf);
            if (g >= 0) {
                return "getbuf[" + g + "]: " + getbuf[g] + " vs " + other.getbuf[g];
            }
            if (!log.equals(other.log)) {
                return "messages: " + log + " vs " + other.log;
            }
            return null;
        }
    }

    // ------------------------------------------------------------------ execution through the BSP API

    BspProgram program(final Snapshot[] out) {
        return bsp -> run(bsp, out);
    }

    /**
     * Runs this program under {@code config} (its process count set here) and fails, with the message
     * {@code report} makes of what went wrong, unless every process ends as in {@code expected}.
     *
     * @param expected      the reference's final state per process ({@link #reference()})
     * @param config        the run's configuration: sync, transport or machine
     * @param syncTimeoutNs how long a sync may wait before the run fails
     * @param report        turns what diverged into the failure message (mode, seed, replay command)
     */
    void assertRunAgrees(final Snapshot[] expected, final BspConfig config, final long syncTimeoutNs,
        final UnaryOperator<String> report) {
        final Snapshot[] actual = new Snapshot[procs];
        try {
            BspRuntime.run(config.procs(procs).syncTimeoutNs(syncTimeoutNs), program(actual));
        } catch (final RuntimeException e) {
            fail(report.apply("the run failed: " + e), e);
        }
        for (int q = 0; q < procs; q++) {
            final String diff = expected[q].describeDifference(actual[q]);
            if (diff != null) {
                fail(report.apply("pid " + q + " differs from the reference (expected vs actual) in " + diff));
            }
        }
    }

    private void run(final Bsp bsp, final Snapshot[] out) {
        final int me = bsp.pid();
        final List<int[]> areas = new ArrayList<>();
        final List<Reg> regs = new ArrayList<>();
        final int[] getbuf = new int[GETBUF];
        final List<String> log = new ArrayList<>();
        final byte[] tag = new byte[2];
        final byte[] buf = new byte[16];
        for (int s = 0; s < steps.size(); s++) {
            final Step step = steps.get(s);
            for (int r = 0; r < step.active.length; r++) {
                if (step.active[r]) {
                    bsp.commit(regs.get(r), step.commits[me][r]);
                }
            }
            int received = 0;
            while (bsp.getTag(tag) >= 0) {
                final int n = bsp.move(buf, 0, buf.length);
                log.add(tag[0] + "." + tag[1] + ":" + Arrays.toString(Arrays.copyOf(buf, n)));
                received++;
            }
            mix(me, s, areas, step.active, getbuf, received);
            int k = 0;
            for (final Op op : step.ops.get(me)) {
                switch (op.kind) {
                    case PUT -> bsp.put(op.peer, areas.get(op.reg), op.from, regs.get(op.reg), op.to, op.length);
                    case HP_PUT -> bsp.hpPut(op.peer, Arrays.copyOf(areas.get(op.reg), areas.get(op.reg).length),
                        op.from, regs.get(op.reg), op.to, op.length);
                    case GET -> bsp.get(op.peer, regs.get(op.reg), op.from, getbuf, op.to, op.length);
                    default -> bsp.send(op.peer, new byte[] {(byte) me, (byte) k},
                        payload(areas.get(firstActive(step)), op.length));
                }
                k++;
            }
            for (final int len : step.pushLengths) {
                final int[] a = new int[len];
                for (int i = 0; i < len; i++) {
                    a[i] = initial(me, areas.size(), i);
                }
                areas.add(a);
                regs.add(bsp.pushReg(a));
            }
            for (final int r : step.pops) {
                bsp.popReg(regs.get(r));
            }
            if (s == 0) {
                bsp.setTagSize(2);
            }
            if (s < steps.size() - 1) {
                if (step.exchange) {
                    RelaxedSync.requestExchange(bsp);
                }
                bsp.sync();
            }
        }
        out[me] = new Snapshot(areas, getbuf, log);
    }

    private static int firstActive(final Step step) {
        for (int r = 0; r < step.active.length; r++) {
            if (step.active[r]) {
                return r;
            }
        }
        throw new IllegalStateException("a send without an active registration");
    }

    // ------------------------------------------------------------------ the sequential reference

    /** Runs the program sequentially with BSPlib's semantics and the runtime's ordering rules. */
    Snapshot[] reference() {
        final int p = procs;
        final List<List<int[]>> areas = new ArrayList<>();
        final int[][] getbuf = new int[p][GETBUF];
        final List<List<String>> logs = new ArrayList<>();
        List<List<String[]>> queues = new ArrayList<>();
        for (int q = 0; q < p; q++) {
            areas.add(new ArrayList<>());
            logs.add(new ArrayList<>());
            queues.add(new ArrayList<>());
        }
        for (int s = 0; s < steps.size(); s++) {
            final Step step = steps.get(s);
            // local computation of every process
            final List<List<int[]>> puts = new ArrayList<>(); // per source: {dst, reg, to, values...}
            final List<List<String[]>> sends = new ArrayList<>(); // per source: {dst, logged text}
            for (int q = 0; q < p; q++) {
                for (final String[] m : queues.get(q)) {
                    logs.get(q).add(m[0]);
                }
                mix(q, s, areas.get(q), step.active, getbuf[q], queues.get(q).size());
                final List<int[]> mine = new ArrayList<>();
                for (final Op op : step.ops.get(q)) {
                    if (op.kind == PUT || op.kind == HP_PUT) {
                        final int[] rec = new int[3 + op.length];
                        rec[0] = op.peer;
                        rec[1] = op.reg;
                        rec[2] = op.to;
                        System.arraycopy(areas.get(q).get(op.reg), op.from, rec, 3, op.length);
                        mine.add(rec);
                    }
                }
                puts.add(mine);
                final List<String[]> sent = new ArrayList<>();
                int k = 0;
                for (final Op op : step.ops.get(q)) {
                    if (op.kind == SEND) {
                        final byte[] pl = payload(areas.get(q).get(firstActive(step)), op.length);
                        sent.add(new String[] {Integer.toString(op.peer), q + "." + k + ":" + Arrays.toString(pl)});
                    }
                    k++;
                }
                sends.add(sent);
            }
            if (s == steps.size() - 1) {
                break;
            }
            // the sync: gets read before any put is written
            final List<List<int[]>> gets = new ArrayList<>(); // per requester: {owner, to, values...}
            for (int q = 0; q < p; q++) {
                final List<int[]> mine = new ArrayList<>();
                for (final Op op : step.ops.get(q)) {
                    if (op.kind == GET) {
                        final int[] rec = new int[2 + op.length];
                        rec[0] = op.peer;
                        rec[1] = op.to;
                        System.arraycopy(areas.get(op.peer).get(op.reg), op.from, rec, 2, op.length);
                        mine.add(rec);
                    }
                }
                gets.add(mine);
            }
            final List<List<String[]>> next = new ArrayList<>();
            for (int d = 0; d < p; d++) {
                next.add(new ArrayList<>());
                for (int src = 0; src < p; src++) {
                    for (final int[] g : gets.get(d)) {
                        if (g[0] == src) {
                            System.arraycopy(g, 2, getbuf[d], g[1], g.length - 2);
                        }
                    }
                    for (final int[] put : puts.get(src)) {
                        if (put[0] == d) {
                            System.arraycopy(put, 3, areas.get(d).get(put[1]), put[2], put.length - 3);
                        }
                    }
                    for (final String[] m : sends.get(src)) {
                        if (Integer.parseInt(m[0]) == d) {
                            next.get(d).add(new String[] {m[1]});
                        }
                    }
                }
            }
            queues = next;
            for (int q = 0; q < p; q++) {
                for (final int len : step.pushLengths) {
                    final int[] a = new int[len];
                    for (int i = 0; i < len; i++) {
                        a[i] = initial(q, areas.get(q).size(), i);
                    }
                    areas.get(q).add(a);
                }
            }
        }
        final Snapshot[] out = new Snapshot[p];
        for (int q = 0; q < p; q++) {
            out[q] = new Snapshot(areas.get(q), getbuf[q], logs.get(q));
        }
        return out;
    }

    @Override
    public String toString() {
        final StringBuilder sb = new StringBuilder("program seed=" + seed + ", P=" + procs + ", registrations "
            + regLengths + ":");
        for (int s = 0; s < steps.size(); s++) {
            final Step step = steps.get(s);
            sb.append("\n  superstep ").append(s).append(step.exchange ? " [exchange]" : " [relaxed]");
            if (!step.pushLengths.isEmpty()) {
                sb.append(" push ").append(step.pushLengths);
            }
            if (!step.pops.isEmpty()) {
                sb.append(" pop r").append(step.pops);
            }
            for (int q = 0; q < procs; q++) {
                sb.append("\n    pid ").append(q).append(": commit ").append(Arrays.toString(step.commits[q]))
                    .append(' ').append(step.ops.get(q));
            }
        }
        return sb.toString();
    }
}
