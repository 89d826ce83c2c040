package org.jbsplib.hw.bsr;

import java.util.Arrays;
import java.util.SplittableRandom;

import org.jbsplib.hw.model.EventQueue;
import org.jbsplib.hw.model.Parameters;
import org.jbsplib.hw.model.Time;

/**
 * Routers of a {@link BsrTopology} running the BSR-tree barrier for one group, worm by worm.
 *
 * <p><b>First episode (initialization, §2, Fig. 4).</b> Each member sends a reduction message with BSR node tag (BNT) 0
 * to the center by unicast routing. Every router a message passes updates its status table for the input channel (as it
 * routes the header out, so in the order the messages reach the next router on that channel): BNT 0
 * records the source as child; a non-BSR router that already has a child on another channel becomes a branch (BSR)
 * node, puts itself in the "new BSR node" field and sets BNT 1; a BSR router sets BNT 2. BNT 1 replaces the child of
 * that channel by the new BSR node and becomes 2 at a BSR router. BNT 2 changes nothing. When the center has all
 * reductions it distributes along the recorded children; each BSR node learns its parent from that message.
 *
 * <p><b>Later episodes.</b> A BSR node sends one reduction to its parent once it has one from every child and from its
 * own processor (if a member); the center then distributes down the tree.
 *
 * <p><b>Timing (Table 1, in cycles).</b> A header entering a router is read from the input buffer, routed and
 * arbitrated, then crosses the crossbar and the link; the link stays busy for all flits of the worm. The receiving
 * barrier unit gets the tail flits and does the reliability handling. The software overhead {@code softwareCycles}
 * (send + receive) is split between the member's send and its release.
 *
 * <p><b>Data traffic (§3, §4.1).</b> Each episode, each of a directed link's {@code virtualChannels} (k) virtual
 * channels carries a data worm with probability {@code congestionProbability} (p), drawn for the channel barrier
 * worms use first; when all k are busy, the link's flit flow is blocked with probability
 * {@code flowBlockedProbability} (pf). Data worms hold the link for {@code congestionCycles} (Δ) from the barrier's
 * start ({@code congestionOrigin=0}, §4.2) or from when the barrier worm reaches the link ({@code congestionOrigin=1},
 * the analysis of §4.1: a blocked hop waits Δ). In addition, {@code congestedMembers} members drawn at random have all
 * their output links held (§4.2: "the congestion members cannot forward barrier messages"). A barrier worm that meets
 * a busy channel, by switch architecture ({@code preempt=1}) or without preempting ({@code preempt=0}):
 * <ul>
 *   <li>architecture 1 (Fig. 7): takes a free virtual channel if there is one, else preempts one;</li>
 *   <li>architecture 2 (Fig. 9): only its one fixed virtual channel can be preempted: preempts it when busy;</li>
 *   <li>architecture 3 (Fig. 10): free channel if any; all busy: preempts while the flow moves, waits when blocked;</li>
 *   <li>no preempting (the baseline schemes): waits until the data worm on its channel has passed.</li>
 * </ul>
 * A preempted hop costs {@code preemptCycles} (padding request 6 + virtual channel switch 2) + two crossbars + the
 * link, 12 cycles with Table 1's values, and no routing step (§4.2). With k = 1 and pf = 0, architectures 1, 2 and 3
 * behave alike.
 *
 * <p><b>Finite buffers.</b> With {@code bufferMessages} = B > 0, each input channel of a router buffers at most B
 * barrier messages (§4.1 assumes one whole message per virtual channel) and serves them in order: a header moves on
 * only when the next router's input buffer has room, and until then it holds its own buffer, so the messages behind
 * it wait too, whatever their destination (the saturation tree of §4.2). A buffer's room is freed when the message's
 * tail has left it (or, at the destination, when it is consumed). B = 0: unbounded, a worm waits only for its link.
 *
 * <p><b>Schemes.</b> {@code scheme=0} is the BSR tree above. {@code scheme=1} (star) and {@code scheme=2} (a static
 * binary combining tree of the members, ordered by route length to the center: the baseline "Tree" whose structure is
 * computed beforehand with global knowledge, [4], [5]) need no initialization: their first episode is like any other.
 *
 * <p>Threading: confined to one thread.
 */
public final class BsrNetwork {
    private static final int EV_ARRIVE = 1;
    private static final int EV_HEADER = 2;
    private static final int EV_CONSUMED = 3;
    private static final int EV_LEAVE = 4;
    private static final int NONE = -1;

    private static final byte LINK_FREE = 0;
    private static final byte LINK_OWN_BUSY = 1;
    private static final byte LINK_ALL_BUSY = 2;
    private static final byte LINK_BLOCKED = 3;

    private static final int GO = 0;
    private static final int PREEMPT = 1;
    private static final int WAIT = 2;

    private static final int REDUCE_INIT = 0;
    private static final int REDUCE = 1;
    private static final int DISTRIBUTE = 2;

    private final BsrTopology topo;
    private final int[][] nb;
    private final int[] memberSwitch;
    private final int[] memberAt;
    private final int center;
    private final int centerMember;
    private final long cyclePs;
    private final long halfSoftwarePs;
    private final long beforeLinkPs;
    private final long headerLinkPs;
    private final long preemptedHeaderLinkPs;
    private final long linkBusyPs;
    private final long consumePs;
    private final long preemptPs;
    private final int flits;
    private final boolean preempt;
    private final double congestionProbability;
    private final long congestionPs;
    private final long seed;
    private final int scheme;
    private final int architecture;
    private final int virtualChannels;
    private final double flowBlockedProbability;
    private final boolean congestionFromArrival;
    private final int congestedMembers;
    private final int[] memberScratch;
    private final int bufferMessages;

    // finite input buffers (bufferMessages > 0): per switch and input slot, a FIFO of messages (intrusive list through
    // msgNext), the messages in it or on their way to it, and the heads waiting upstream for room in it
    private int[][] bufHead;
    private int[][] bufTail;
    private int[][] bufCount;
    private boolean[][] bufLeaving;
    private int[][] waitHead;
    private int[][] waitTail;
    private int[] msgNext = new int[64];
    private int[] msgWaitNext = new int[64];
    private int[] msgSlot = new int[64];
    private int[] waitingAt = new int[64];
    private long blockedHops;

    // status tables and the tree
    private final int[][] childVia;
    private final boolean[] bsr;
    private final int[] parent;
    private int[][] children;
    private boolean treeBuilt;

    // per episode
    private final long[][] linkFree;
    private final long[][] dataUntil;
    private final byte[][] linkState;
    private final int[] pending;
    private final long[] releasePs;
    private final EventQueue queue = new EventQueue(256);
    private int initReceived;
    private boolean centerArrived;
    private boolean distributionStarted;
    private int[] msgKind = new int[64];
    private int[] msgSrc = new int[64];
    private int[] msgDst = new int[64];
    private int[] msgBnt = new int[64];
    private int[] msgNewBsr = new int[64];
    private int messages;
    private long hops;
    private long flitHops;
    private long preemptions;

    /**
     * @param memberSwitch the switch of each member (distinct)
     * @param centerMember the member whose switch is the center
     */
    public BsrNetwork(final BsrTopology topo, final int[] memberSwitch, final int centerMember, final Parameters p) {
        this.topo = topo;
        this.memberSwitch = memberSwitch.clone();
        this.memberAt = new int[topo.switches()];
        Arrays.fill(memberAt, -1);
        for (int m = 0; m < memberSwitch.length; m++) {
            final int s = memberSwitch[m];
            if (s < 0 || s >= topo.switches() || memberAt[s] >= 0) {
                throw new IllegalArgumentException("bsr: member " + m + " switch=" + s + " is out of range or taken");
            }
            memberAt[s] = m;
        }
        if (centerMember < 0 || centerMember >= memberSwitch.length) {
            throw new IllegalArgumentException("bsr: centerMember=" + centerMember + " outside the group");
        }
        this.centerMember = centerMember;
        this.center = memberSwitch[centerMember];
        this.cyclePs = Time.ps(p.getPositive(BsrParameters.CYCLE_NS));
        final int link = p.getInt(BsrParameters.LINK_CYCLES, 1, 1000);
        this.flits = p.getInt(BsrParameters.BARRIER_FLITS, 1, 64);
        this.halfSoftwarePs = cyclePs * p.getInt(BsrParameters.SOFTWARE_CYCLES, 0, 1_000_000) / 2;
        this.beforeLinkPs = cyclePs * (p.getInt(BsrParameters.BUFFER_READ_CYCLES, 0, 1000)
            + p.getInt(BsrParameters.ROUTE_CYCLES, 0, 1000) + p.getInt(BsrParameters.ARBITRATION_CYCLES, 0, 1000));
        final int crossbar = p.getInt(BsrParameters.CROSSBAR_CYCLES, 0, 1000);
        this.headerLinkPs = cyclePs * (crossbar + link);
        this.preemptedHeaderLinkPs = cyclePs * (2L * crossbar + link);
        this.linkBusyPs = cyclePs * (long) link * flits;
        this.consumePs = cyclePs * ((long) link * (flits - 1) + p.getInt(BsrParameters.RELIABILITY_CYCLES, 0, 1000));
        this.preemptPs = cyclePs * p.getInt(BsrParameters.PREEMPT_CYCLES, 0, 1_000_000);
        this.preempt = p.getBoolean(BsrParameters.PREEMPT);
        this.congestionProbability = p.get(BsrParameters.CONGESTION_PROBABILITY);
        if (congestionProbability > 1) {
            throw new IllegalArgumentException("bsr: key=" + BsrParameters.CONGESTION_PROBABILITY + " value="
                + congestionProbability + " must be in [0, 1]");
        }
        this.congestionPs = cyclePs * p.getInt(BsrParameters.CONGESTION_CYCLES, 0, Integer.MAX_VALUE);
        this.seed = (long) p.get(BsrParameters.SEED);
        this.scheme = p.getInt(BsrParameters.SCHEME, 0, 2);
        this.architecture = p.getInt(BsrParameters.SWITCH_ARCHITECTURE, 1, 3);
        this.virtualChannels = p.getInt(BsrParameters.VIRTUAL_CHANNELS, 1, 64);
        this.flowBlockedProbability = p.get(BsrParameters.FLOW_BLOCKED_PROBABILITY);
        if (flowBlockedProbability < 0 || flowBlockedProbability > 1) {
            throw new IllegalArgumentException("bsr: key=" + BsrParameters.FLOW_BLOCKED_PROBABILITY + " value="
                + flowBlockedProbability + " must be in [0, 1]");
        }
        this.congestionFromArrival = p.getInt(BsrParameters.CONGESTION_ORIGIN, 0, 1) == 1;
        this.congestedMembers = p.getInt(BsrParameters.CONGESTED_MEMBERS, 0, memberSwitch.length);
        this.memberScratch = new int[memberSwitch.length];
        this.bufferMessages = p.getInt(BsrParameters.BUFFER_MESSAGES, 0, 1_000_000);
        final int n = topo.switches();
        nb = new int[n][];
        for (int sw = 0; sw < n; sw++) {
            nb[sw] = topo.neighbors(sw);
        }
        childVia = new int[n][];
        linkFree = new long[n][];
        dataUntil = new long[n][];
        linkState = new byte[n][];
        for (int s = 0; s < n; s++) {
            final int deg = nb[s].length;
            childVia[s] = new int[deg];
            Arrays.fill(childVia[s], -1);
            linkFree[s] = new long[deg];
            dataUntil[s] = new long[deg];
            linkState[s] = new byte[deg];
        }
        bsr = new boolean[n];
        for (int s : memberSwitch) {
            bsr[s] = true; // initially only the members are BSR nodes
        }
        parent = new int[n];
        Arrays.fill(parent, -1);
        pending = new int[n];
        releasePs = new long[memberSwitch.length];
        if (bufferMessages > 0) {
            bufHead = new int[n][];
            bufTail = new int[n][];
            bufCount = new int[n][];
            bufLeaving = new boolean[n][];
            waitHead = new int[n][];
            waitTail = new int[n][];
            for (int s = 0; s < n; s++) {
                final int deg = nb[s].length;
                bufHead[s] = new int[deg];
                bufTail[s] = new int[deg];
                bufCount[s] = new int[deg];
                bufLeaving[s] = new boolean[deg];
                waitHead[s] = new int[deg];
                waitTail[s] = new int[deg];
            }
        }
        if (scheme != BsrParameters.SCHEME_BSR) {
            buildStaticTree();
        }
    }

    /** Star or static binary tree of the members: known before the first episode, no initialization. */
    private void buildStaticTree() {
        final int members = memberSwitch.length;
        final Integer[] order = new Integer[members];
        for (int m = 0; m < members; m++) {
            order[m] = m;
        }
        final int[] hopsToCenter = new int[members];
        for (int m = 0; m < members; m++) {
            hopsToCenter[m] = m == centerMember ? -1 : topo.routeLength(memberSwitch[m], center);
        }
        Arrays.sort(order, (a, b) -> hopsToCenter[a] != hopsToCenter[b]
            ? Integer.compare(hopsToCenter[a], hopsToCenter[b]) : Integer.compare(a, b));
        final int[] childCount = new int[members];
        final int[] parentMember = new int[members];
        for (int i = 1; i < members; i++) {
            final int up = scheme == BsrParameters.SCHEME_STAR ? 0 : (i - 1) / 2;
            parentMember[i] = up;
            childCount[up]++;
        }
        children = new int[topo.switches()][];
        for (int i = 0; i < members; i++) {
            children[memberSwitch[order[i]]] = new int[childCount[i]];
        }
        final int[] filled = new int[members];
        for (int i = 1; i < members; i++) {
            final int up = parentMember[i];
            parent[memberSwitch[order[i]]] = memberSwitch[order[up]];
            children[memberSwitch[order[up]]][filled[up]++] = memberSwitch[order[i]];
        }
        treeBuilt = true;
    }

    /** Per-hop latency {@code T_b} of Theorem 2 in cycles: header through one router and link, tail, handling. */
    public static int perHopCycles(final Parameters p) {
        return p.getInt(BsrParameters.BUFFER_READ_CYCLES, 0, 1000) + p.getInt(BsrParameters.ROUTE_CYCLES, 0, 1000)
            + p.getInt(BsrParameters.ARBITRATION_CYCLES, 0, 1000) + p.getInt(BsrParameters.CROSSBAR_CYCLES, 0, 1000)
            + p.getInt(BsrParameters.LINK_CYCLES, 0, 1000) * p.getInt(BsrParameters.BARRIER_FLITS, 1, 64)
            + p.getInt(BsrParameters.RELIABILITY_CYCLES, 0, 1000);
    }

    public int center() {
        return center;
    }

    public boolean treeBuilt() {
        return treeBuilt;
    }

    /** @return whether switch {@code s} is a node of the BSR tree (a member or a branch node) */
    public boolean isBsrNode(final int s) {
        return bsr[s];
    }

    /** @return the BSR children of switch {@code s} (empty before the tree is built or for non-BSR switches) */
    public int[] bsrChildren(final int s) {
        return children == null || children[s] == null ? new int[0] : children[s].clone();
    }

    /** @return the BSR parent of {@code s}, -1 for the center or a non-BSR switch */
    public int bsrParent(final int s) {
        return parent[s];
    }

    /**
     * @return {@code max D_T(x_i, center)}: the most links a reduction or distribution message crosses between a
     * member and the center along the BSR tree
     */
    public int maxTreeDepthHops() {
        if (!treeBuilt) {
            throw new IllegalStateException("bsr: maxTreeDepthHops: the tree is not built yet");
        }
        int max = 0;
        for (int s : memberSwitch) {
            int up = 0;
            int down = 0;
            for (int x = s; x != center; x = parent[x]) {
                up += topo.routeLength(x, parent[x]);
                down += topo.routeLength(parent[x], x);
            }
            max = Math.max(max, Math.max(up, down));
        }
        return max;
    }

    public long releasePs(final int member) {
        return releasePs[member];
    }

    public long messages() {
        return messages;
    }

    public long hops() {
        return hops;
    }

    public long flitHops() {
        return flitHops;
    }

    public long preemptions() {
        return preemptions;
    }

    /** @return hops of the last episode on which a header found the next input buffer full and waited */
    public long blockedHops() {
        return blockedHops;
    }

    /** Runs one episode; member {@code m} arrives at {@code arrivalPs[m]}. */
    public void runEpisode(final long episode, final long[] arrivalPs) {
        queue.clear();
        messages = 0;
        hops = 0;
        flitHops = 0;
        preemptions = 0;
        blockedHops = 0;
        initReceived = 0;
        centerArrived = false;
        distributionStarted = false;
        Arrays.fill(releasePs, -1);
        drawCongestion(new SplittableRandom(seed * 31 + episode));
        if (bufferMessages > 0) {
            for (int s = 0; s < bufHead.length; s++) {
                Arrays.fill(bufHead[s], NONE);
                Arrays.fill(bufTail[s], NONE);
                Arrays.fill(bufCount[s], 0);
                Arrays.fill(bufLeaving[s], false);
                Arrays.fill(waitHead[s], NONE);
                Arrays.fill(waitTail[s], NONE);
            }
        }
        if (treeBuilt) {
            for (int s = 0; s < pending.length; s++) {
                pending[s] = bsr[s] ? children[s].length + (memberAt[s] >= 0 ? 1 : 0) : 0;
            }
        }
        for (int m = 0; m < arrivalPs.length; m++) {
            queue.add(arrivalPs[m] + halfSoftwarePs, EV_ARRIVE, m, 0, 0);
        }
        while (!queue.isEmpty()) {
            queue.poll();
            final long t = queue.time();
            switch (queue.kind()) {
                case EV_ARRIVE -> onArrive(t, queue.a());
                case EV_HEADER -> onHeader(t, queue.a(), queue.b(), queue.c());
                case EV_CONSUMED -> onConsumed(t, queue.a(), queue.b());
                case EV_LEAVE -> onLeave(t, queue.a(), queue.b());
                default -> throw new IllegalStateException("bsr: unknown event kind=" + queue.kind());
            }
        }
        for (int m = 0; m < releasePs.length; m++) {
            if (releasePs[m] < 0) {
                throw new IllegalStateException("bsr: member " + m + " at switch " + memberSwitch[m]
                    + " was never released in episode " + episode);
            }
        }
        treeBuilt = true;
    }

    /**
     * Draws the data traffic of one episode (same random stream as with one virtual channel when k = 1 and pf = 0):
     * per link, the barrier's own virtual channel, then the k - 1 others, then the flow; then the congested members.
     */
    private void drawCongestion(final SplittableRandom random) {
        final long until = congestionFromArrival ? Long.MAX_VALUE : congestionPs;
        for (int s = 0; s < linkFree.length; s++) {
            Arrays.fill(linkFree[s], 0);
            for (int i = 0; i < dataUntil[s].length; i++) {
                byte state = LINK_FREE;
                if (congestionProbability > 0 && random.nextDouble() < congestionProbability) {
                    boolean all = true;
                    for (int v = 1; v < virtualChannels && all; v++) {
                        all = random.nextDouble() < congestionProbability;
                    }
                    state = all ? allBusy(random) : LINK_OWN_BUSY;
                }
                linkState[s][i] = state;
                dataUntil[s][i] = state == LINK_FREE ? 0 : until;
            }
        }
        if (congestedMembers > 0) {
            final int members = memberScratch.length;
            for (int m = 0; m < members; m++) {
                memberScratch[m] = m;
            }
            for (int i = 0; i < congestedMembers; i++) {
                final int j = i + random.nextInt(members - i);
                final int m = memberScratch[j];
                memberScratch[j] = memberScratch[i];
                memberScratch[i] = m;
                final int s = memberSwitch[m];
                for (int slot = 0; slot < linkState[s].length; slot++) {
                    linkState[s][slot] = allBusy(random);
                    dataUntil[s][slot] = until;
                }
            }
        }
    }

    private byte allBusy(final SplittableRandom random) {
        return flowBlockedProbability > 0 && random.nextDouble() < flowBlockedProbability ? LINK_BLOCKED
            : LINK_ALL_BUSY;
    }

    /** @return what a barrier worm does on a link in {@code state} whose data worm has not passed yet */
    private int action(final byte state) {
        if (!preempt) {
            return state == LINK_FREE ? GO : WAIT;
        }
        return switch (architecture) {
            case 1 -> state >= LINK_ALL_BUSY ? PREEMPT : GO;
            case 2 -> state != LINK_FREE ? PREEMPT : GO;
            default -> state == LINK_ALL_BUSY ? PREEMPT : state == LINK_BLOCKED ? WAIT : GO;
        };
    }

    private void onArrive(final long t, final int m) {
        final int s = memberSwitch[m];
        if (treeBuilt) {
            contribute(t, s);
        } else if (m == centerMember) {
            centerArrived = true;
            startInitDistribution(t);
        } else {
            send(t, REDUCE_INIT, s, center);
        }
    }

    private void send(final long t, final int kind, final int from, final int to) {
        if (messages == msgKind.length) {
            final int cap = messages * 2;
            msgKind = Arrays.copyOf(msgKind, cap);
            msgSrc = Arrays.copyOf(msgSrc, cap);
            msgDst = Arrays.copyOf(msgDst, cap);
            msgBnt = Arrays.copyOf(msgBnt, cap);
            msgNewBsr = Arrays.copyOf(msgNewBsr, cap);
            msgNext = Arrays.copyOf(msgNext, cap);
            msgWaitNext = Arrays.copyOf(msgWaitNext, cap);
            msgSlot = Arrays.copyOf(msgSlot, cap);
            waitingAt = Arrays.copyOf(waitingAt, cap);
        }
        final int id = messages++;
        msgKind[id] = kind;
        msgSrc[id] = from;
        msgDst[id] = to;
        msgBnt[id] = 0;
        msgNewBsr[id] = -1;
        msgNext[id] = NONE;
        msgWaitNext[id] = NONE;
        msgSlot[id] = NONE;
        queue.add(t, EV_HEADER, from, id, -1);
    }

    private void onHeader(final long t, final int s, final int id, final int prev) {
        msgSlot[id] = prev < 0 ? NONE : slotOf(s, prev);
        if (bufferMessages > 0 && prev >= 0) {
            // into the input buffer of the channel from prev (room was reserved by the sender); only its head moves
            final int in = msgSlot[id];
            msgNext[id] = NONE;
            if (bufTail[s][in] == NONE) {
                bufHead[s][in] = id;
            } else {
                msgNext[bufTail[s][in]] = id;
            }
            bufTail[s][in] = id;
            if (bufHead[s][in] != id || bufLeaving[s][in]) {
                return; // the message before it has not left (the whole of it) yet
            }
        }
        forward(t, s, id);
    }

    /** Moves the header of {@code id}, at the head of its buffer at {@code s} (or injected there), one hop on. */
    private void forward(final long t, final int s, final int id) {
        if (s == msgDst[id]) {
            routed(s, id);
            queue.add(t + consumePs, EV_CONSUMED, s, id, 0);
            if (bufferMessages > 0 && msgSlot[id] != NONE) {
                leaving(s, id);
                queue.add(t + consumePs, EV_LEAVE, s, msgSlot[id], 0);
            }
            return;
        }
        final int next = topo.nextHop(s, msgDst[id]);
        final int slot = slotOf(s, next);
        if (bufferMessages > 0) {
            final int in = slotOf(next, s);
            if (bufCount[next][in] >= bufferMessages) {
                // full: wait (holding this buffer, so whatever queues behind waits too) until it drains
                blockedHops++;
                if (waitTail[next][in] == NONE) {
                    waitHead[next][in] = id;
                } else {
                    msgWaitNext[waitTail[next][in]] = id;
                }
                waitTail[next][in] = id;
                msgWaitNext[id] = NONE;
                waitingAt[id] = s;
                return;
            }
            bufCount[next][in]++;
        }
        routed(s, id);
        long start = Math.max(t + beforeLinkPs, linkFree[s][slot]);
        long headerPs = headerLinkPs;
        if (dataUntil[s][slot] == Long.MAX_VALUE) {
            dataUntil[s][slot] = start + congestionPs; // congestionOrigin=1: the data worm is met now
        }
        if (dataUntil[s][slot] > start) {
            final int action = action(linkState[s][slot]);
            if (action == PREEMPT) {
                // §4.2: the worm takes the data worm's established virtual channel, so there is no routing step:
                // padding request and virtual channel switch (preemptCycles), then the two crossbars and the link
                preemptions++;
                start = Math.max(t + preemptPs, linkFree[s][slot]);
                headerPs = preemptedHeaderLinkPs;
            } else if (action == WAIT) {
                start = dataUntil[s][slot];
            }
        }
        linkFree[s][slot] = start + linkBusyPs;
        hops++;
        flitHops += flits;
        queue.add(start + headerPs, EV_HEADER, next, id, s);
        if (bufferMessages > 0 && msgSlot[id] != NONE) {
            leaving(s, id);
            queue.add(start + linkBusyPs, EV_LEAVE, s, msgSlot[id], 0); // the tail has left this buffer
        }
    }

    /**
     * The router updates its status table as it routes a reduction header out (or takes it in at the center): in the
     * order the messages leave it, which is the order they reach the next router on that channel.
     */
    private void routed(final int s, final int id) {
        if (msgKind[id] == REDUCE_INIT && msgSlot[id] != NONE) {
            updateStatusTable(s, id, msgSlot[id]);
        }
    }

    /**
     * Takes the head {@code id} off its buffer's list as its header moves on (a worm spans two buffers for a while:
     * the list link is the next buffer's from now on); its room stays taken until {@link #onLeave}.
     */
    private void leaving(final int s, final int id) {
        final int in = msgSlot[id];
        bufHead[s][in] = msgNext[id];
        if (bufHead[s][in] == NONE) {
            bufTail[s][in] = NONE;
        }
        bufLeaving[s][in] = true;
    }

    /** The head of input buffer {@code in} at {@code s} has left: room for one waiter, and the next head moves. */
    private void onLeave(final long t, final int s, final int in) {
        bufLeaving[s][in] = false;
        bufCount[s][in]--;
        final int waiter = waitHead[s][in];
        if (waiter != NONE) {
            waitHead[s][in] = msgWaitNext[waiter];
            if (waitHead[s][in] == NONE) {
                waitTail[s][in] = NONE;
            }
            forward(t, waitingAt[waiter], waiter);
        }
        if (bufHead[s][in] != NONE) {
            forward(t, s, bufHead[s][in]);
        }
    }

    /** Fig. 4: the status table of router {@code s} for a reduction message entering through input {@code slot}. */
    private void updateStatusTable(final int s, final int id, final int slot) {
        switch (msgBnt[id]) {
            case 0 -> {
                childVia[s][slot] = msgSrc[id];
                if (bsr[s]) {
                    msgBnt[id] = 2;
                } else if (hasChildOnOtherChannel(s, slot)) {
                    bsr[s] = true;
                    msgNewBsr[id] = s;
                    msgBnt[id] = 1;
                }
            }
            case 1 -> {
                childVia[s][slot] = msgNewBsr[id];
                if (bsr[s]) {
                    msgBnt[id] = 2;
                } else if (hasChildOnOtherChannel(s, slot)) {
                    // not reachable with destination-based routing (see Theorem 1); handled as a branch anyway
                    bsr[s] = true;
                    msgNewBsr[id] = s;
                }
            }
            default -> {
                // BNT 2 carries no news
            }
        }
    }

    private boolean hasChildOnOtherChannel(final int s, final int slot) {
        for (int i = 0; i < childVia[s].length; i++) {
            if (i != slot && childVia[s][i] >= 0) {
                return true;
            }
        }
        return false;
    }

    private int slotOf(final int s, final int neighbor) {
        final int[] around = nb[s];
        for (int i = 0; i < around.length; i++) {
            if (around[i] == neighbor) {
                return i;
            }
        }
        throw new IllegalStateException("bsr: switch " + neighbor + " is not a neighbour of " + s);
    }

    private void onConsumed(final long t, final int s, final int id) {
        switch (msgKind[id]) {
            case REDUCE_INIT -> {
                initReceived++;
                startInitDistribution(t);
            }
            case REDUCE -> contribute(t, s);
            case DISTRIBUTE -> {
                if (!treeBuilt) {
                    parent[s] = msgSrc[id];
                }
                distribute(t, s);
            }
            default -> throw new IllegalStateException("bsr: bad message kind=" + msgKind[id]);
        }
    }

    private void startInitDistribution(final long t) {
        if (distributionStarted || !centerArrived || initReceived < memberSwitch.length - 1) {
            return;
        }
        distributionStarted = true;
        children = new int[topo.switches()][];
        for (int s = 0; s < children.length; s++) {
            if (!bsr[s]) {
                continue;
            }
            children[s] = Arrays.stream(childVia[s]).filter(c -> c >= 0).distinct().toArray();
        }
        distribute(t, center);
    }

    private void contribute(final long t, final int s) {
        if (--pending[s] > 0) {
            return;
        }
        if (s == center) {
            distribute(t, s);
        } else {
            send(t, REDUCE, s, parent[s]);
        }
    }

    private void distribute(final long t, final int s) {
        final int m = memberAt[s];
        if (m >= 0) {
            releasePs[m] = t + halfSoftwarePs;
        }
        for (int c : children[s]) {
            send(t, DISTRIBUTE, s, c);
        }
    }
}
