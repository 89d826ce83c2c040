package org.jbsplib.hw.nic;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.jbsplib.hw.model.EventQueue;
import org.jbsplib.hw.model.Parameters;
import org.jbsplib.hw.model.Time;

/**
 * Discrete-event model of a Myrinet/GM cluster running barriers: {@code nodes} nodes, each with one NIC serving
 * {@code portsPerNic} GM ports (one process each) and one host CPU per process.
 *
 * <p>The NIC is one LANai processor: every state-machine action (SDMA accepting a barrier token or preparing a
 * packet, RECV taking a packet in, RDMA handling a barrier packet or DMAing to the host) takes {@code nicActionNs}
 * and actions of all ports queue FIFO for it; this is how several concurrent barriers on one NIC slow each other.
 * Packets reach the peer NIC {@code networkNs} after their preparation ends (wormhole: transmission overlaps the
 * receive). The host spends {@code hostSendNs} posting a send or barrier token and {@code hostRecvNs} processing a
 * received message or completion event.
 *
 * <p>Unexpected barrier messages are kept in a record per local port and connection (source node): a bit per source
 * port (§3.1, §4.3). A second unexpected message from the same source before the first is consumed is a protocol
 * error and fails the run. Initialization and cleanup (§3.2): a barrier packet reaching a closed port is recorded as
 * such; when the port opens those records are rejected with a NACK, and the sender's NIC retransmits only if the
 * sending port has not been closed or reopened since.
 *
 * <p>Threading: confined to one thread (the {@link NicBarrierModel} runs it under its episode lock).
 */
public final class NicCluster {
    private static final int EV_POST = 1;
    private static final int EV_NIC_REQ = 2;
    private static final int EV_NIC_DONE = 3;
    private static final int EV_ARRIVE = 4;
    private static final int EV_HOST_REQ = 5;
    private static final int EV_HOST_DONE = 6;
    private static final int EV_HOST_CONTINUE = 7;
    private static final int EV_OPEN = 8;

    // NIC actions
    private static final int A_TOKEN = 1;
    private static final int A_SDMA = 2;
    private static final int A_HSDMA = 3;
    private static final int A_RECV = 4;
    private static final int A_HANDLE = 5;
    private static final int A_RDMA = 6;
    private static final int A_NOTIFY = 7;
    private static final int A_NACK = 8;
    private static final int A_RETX = 9;

    // host jobs
    private static final int H_MESSAGE = 1;
    private static final int H_COMPLETION = 2;

    private static final int PKT_BARRIER = 0;
    private static final int PKT_NACK = 1;

    private final long hostSendPs;
    private final long hostSendBusyPs;
    private final long hostRecvPs;
    private final long hostRecvBusyPs;
    private final long nicActionPs;
    private final long networkPs;
    private final int nodes;
    private final int ports;
    private final int endpoints;
    private final long[] nicFree;
    private final long[] hostFree;
    private final boolean[] open;
    private final int[] incarnation;
    private final int[] record;
    private final int[] closedRecord;
    private final int[] closedIncarnation;
    private final int[] token;
    private final List<Group> groups = new ArrayList<>();
    private final EventQueue queue = new EventQueue(256);
    private long messages;
    private long nacks;
    private long retransmissions;
    private long nicActions;

    private static final class Group {
        final NicAlgorithm algorithm;
        final int[] endpoints;
        final int[][] programs;
        final int[] pc;
        final long[] completePs;

        Group(final NicAlgorithm algorithm, final int[] endpoints, final int fanOut) {
            this.algorithm = algorithm;
            this.endpoints = endpoints;
            final int n = endpoints.length;
            programs = new int[n][];
            for (int m = 0; m < n; m++) {
                programs[m] = algorithm.gatherBroadcast()
                    ? NicPrograms.gatherBroadcast(m, n, fanOut)
                    : NicPrograms.pairwiseExchange(m, n);
            }
            pc = new int[n];
            completePs = new long[n];
            Arrays.fill(completePs, -1);
        }
    }

    /** Builds a cluster from {@link NicParameters} values. */
    public NicCluster(final Parameters p, final int nodes, final int portsPerNic) {
        this(p.get(NicParameters.HOST_SEND_NS), p.get(NicParameters.HOST_SEND_BUSY_NS),
            p.get(NicParameters.HOST_RECV_NS), p.get(NicParameters.HOST_RECV_BUSY_NS),
            p.get(NicParameters.NIC_ACTION_NS), p.get(NicParameters.NETWORK_NS), nodes, portsPerNic);
    }

    /**
     * @param hostSendNs     latency from the host starting a send until the NIC sees the token
     * @param hostSendBusyNs the part of it the host CPU is busy (the rest is the NIC noticing the token and overlaps
     *                       the host's next work); at most {@code hostSendNs}
     * @param hostRecvNs     latency from a message or completion event reaching host memory until the host has
     *                       processed it
     * @param hostRecvBusyNs the part of it the host CPU is busy (the rest is polling delay); at most
     *                       {@code hostRecvNs}
     */
    public NicCluster(final double hostSendNs, final double hostSendBusyNs, final double hostRecvNs,
        final double hostRecvBusyNs,
        final double nicActionNs, final double networkNs, final int nodes, final int portsPerNic) {
        if (hostRecvBusyNs > hostRecvNs) {
            throw new IllegalArgumentException("nic: hostRecvBusyNs=" + hostRecvBusyNs + " exceeds hostRecvNs="
                + hostRecvNs);
        }
        if (hostSendBusyNs > hostSendNs) {
            throw new IllegalArgumentException("nic: hostSendBusyNs=" + hostSendBusyNs + " exceeds hostSendNs="
                + hostSendNs);
        }
        if (nodes < 1) {
            throw new IllegalArgumentException("nic: nodes=" + nodes + " must be >= 1");
        }
        if (portsPerNic < 1 || portsPerNic > 30) {
            throw new IllegalArgumentException("nic: portsPerNic=" + portsPerNic + " must be in [1, 30]");
        }
        this.hostSendPs = Time.ps(hostSendNs);
        this.hostSendBusyPs = Time.ps(hostSendBusyNs);
        this.hostRecvPs = Time.ps(hostRecvNs);
        this.hostRecvBusyPs = Time.ps(hostRecvBusyNs);
        this.nicActionPs = Time.ps(nicActionNs);
        this.networkPs = Time.ps(networkNs);
        this.nodes = nodes;
        this.ports = portsPerNic;
        this.endpoints = nodes * portsPerNic;
        nicFree = new long[nodes];
        hostFree = new long[endpoints];
        open = new boolean[endpoints];
        Arrays.fill(open, true);
        incarnation = new int[endpoints];
        Arrays.fill(incarnation, 1);
        record = new int[endpoints * nodes];
        closedRecord = new int[endpoints * nodes];
        closedIncarnation = new int[endpoints * endpoints];
        token = new int[endpoints];
        Arrays.fill(token, -1);
    }

    /** @return the endpoint id of {@code port} on {@code node} */
    public int endpoint(final int node, final int port) {
        if (node < 0 || node >= nodes || port < 0 || port >= ports) {
            throw new IllegalArgumentException("nic: node=" + node + ", port=" + port + " outside " + nodes
                + " nodes x " + ports + " ports");
        }
        return node * ports + port;
    }

    /**
     * Declares a barrier group over distinct endpoints.
     *
     * @param fanOut GB tree fan-out (ignored by PE), >= 1
     * @return the group id
     */
    public int addGroup(final NicAlgorithm algorithm, final int[] members, final int fanOut) {
        if (members.length < 1 || members.length > 0xFFFF) {
            throw new IllegalArgumentException("nic: group size=" + members.length + " must be in [1, 65535]");
        }
        if (algorithm.gatherBroadcast() && fanOut < 1) {
            throw new IllegalArgumentException("nic: fanOut=" + fanOut + " must be >= 1");
        }
        final boolean[] seen = new boolean[endpoints];
        for (int ep : members) {
            if (ep < 0 || ep >= endpoints || seen[ep]) {
                throw new IllegalArgumentException("nic: member endpoint=" + ep + " is out of range or repeated");
            }
            seen[ep] = true;
        }
        groups.add(new Group(algorithm, members.clone(), fanOut));
        return groups.size() - 1;
    }

    /** Process {@code member} of {@code group} enters the barrier at {@code atPs}. */
    public void post(final int group, final int member, final long atPs) {
        final Group g = groups.get(group);
        if (member < 0 || member >= g.endpoints.length) {
            throw new IllegalArgumentException("nic: member=" + member + " outside group " + group);
        }
        g.pc[member] = 0;
        g.completePs[member] = -1;
        queue.add(atPs, EV_POST, group, member, 0);
    }

    /**
     * Closes a port now (its process died): its barrier state is dropped, including the unexpected messages recorded
     * for it while it was open (§3.2: they were meant for the dead process, never for the port's next owner).
     */
    public void closePort(final int ep) {
        open[ep] = false;
        token[ep] = -1;
        Arrays.fill(record, ep * nodes, (ep + 1) * nodes, 0);
    }

    /** Opens {@code ep} at {@code atPs} with a new incarnation; earlier records for it are rejected then. */
    public void openPortAt(final int ep, final long atPs) {
        queue.add(atPs, EV_OPEN, ep, 0, 0);
    }

    /** Runs events until none is left. */
    public void run() {
        while (!queue.isEmpty()) {
            queue.poll();
            final long t = queue.time();
            switch (queue.kind()) {
                case EV_POST -> onPost(t, queue.a(), queue.b());
                case EV_NIC_REQ -> onNicRequest(t, queue.a(), queue.b(), queue.c());
                case EV_NIC_DONE -> onNicDone(t, queue.a(), queue.b(), queue.c());
                case EV_ARRIVE -> nicRequest(t, A_RECV, queue.a(), queue.b(), queue.c());
                case EV_HOST_REQ -> onHostRequest(t, queue.a(), queue.b(), queue.c());
                case EV_HOST_DONE -> onHostDone(t, queue.a(), queue.b(), queue.c());
                case EV_HOST_CONTINUE -> runHost(queue.a(), t);
                case EV_OPEN -> onOpen(t, queue.a());
                default -> throw new IllegalStateException("nic: unknown event kind=" + queue.kind());
            }
        }
    }

    /** @return when the member's host saw the barrier complete, or -1 if it has not */
    public long completionPs(final int group, final int member) {
        return groups.get(group).completePs[member];
    }

    /** Resets timing and counters for a new episode; records and port states persist. */
    public void resetClock() {
        queue.clear();
        Arrays.fill(nicFree, 0);
        Arrays.fill(hostFree, 0);
        messages = 0;
        nacks = 0;
        retransmissions = 0;
        nicActions = 0;
    }

    public long messages() {
        return messages;
    }

    public long nacks() {
        return nacks;
    }

    public long retransmissions() {
        return retransmissions;
    }

    public long nicActions() {
        return nicActions;
    }

    /** @return whether any unexpected-message record bit is set (it must not be between episodes) */
    public boolean hasPendingRecords() {
        for (int r : record) {
            if (r != 0) {
                return true;
            }
        }
        return false;
    }

    // ---------------------------------------------------------------- implementation

    private int gid(final int group, final int member) {
        return group << 16 | member;
    }

    private void onPost(final long t, final int group, final int member) {
        final Group g = groups.get(group);
        final int ep = g.endpoints[member];
        if (!open[ep]) {
            throw new IllegalStateException("nic: post on closed endpoint=" + ep);
        }
        if (g.algorithm.onNic()) {
            // gm_barrier_send_with_callback(): the host builds the token, the SDMA machine picks it up
            final long free = hostBusy(ep, t, hostSendBusyPs);
            queue.add(free - hostSendBusyPs + hostSendPs, EV_NIC_REQ, A_TOKEN, gid(group, member), 0);
        } else {
            if (token[ep] != -1) {
                throw new IllegalStateException("nic: endpoint=" + ep + " posted a barrier while one is in progress");
            }
            token[ep] = gid(group, member);
            runHost(ep, t);
        }
    }

    private long hostBusy(final int ep, final long t, final long cost) {
        final long start = Math.max(t, hostFree[ep]);
        hostFree[ep] = start + cost;
        return hostFree[ep];
    }

    private void nicRequest(final long t, final int action, final int x, final int y, final int z) {
        // the ARRIVE event carries (src, dst, info); others carry their own arguments
        queue.add(t, EV_NIC_REQ, action, x, pack(y, z));
    }

    private static int pack(final int y, final int z) {
        return y << 16 | (z & 0xFFFF);
    }

    private void onNicRequest(final long t, final int action, final int x, final int yz) {
        final int node = nodeOfAction(action, x, yz);
        final long start = Math.max(t, nicFree[node]);
        nicFree[node] = start + nicActionPs;
        nicActions++;
        queue.add(nicFree[node], EV_NIC_DONE, action, x, yz);
    }

    private int nodeOfAction(final int action, final int x, final int yz) {
        return switch (action) {
            case A_TOKEN, A_SDMA, A_NOTIFY -> endpointOf(x) / ports;
            case A_HSDMA, A_NACK, A_RETX -> x / ports; // x is the sending endpoint
            default -> (yz >>> 16) / ports; // RECV/HANDLE/RDMA run at the destination
        };
    }

    private int endpointOf(final int gid) {
        return groups.get(gid >>> 16).endpoints[gid & 0xFFFF];
    }

    private void onNicDone(final long t, final int action, final int x, final int yz) {
        final int y = yz >>> 16;
        final int z = yz & 0xFFFF;
        switch (action) {
            case A_TOKEN -> {
                token[endpointOf(x)] = x;
                runNic(x, t, 1);
            }
            case A_SDMA -> {
                final Group g = groups.get(x >>> 16);
                final int m = x & 0xFFFF;
                emit(t, endpointOf(x), g.endpoints[NicPrograms.peer(g.programs[m][g.pc[m]])], PKT_BARRIER);
                g.pc[m]++;
                runNic(x, t, 0);
            }
            case A_HSDMA -> emit(t, x, y, PKT_BARRIER);
            case A_RECV -> {
                // x = src endpoint, y = dst endpoint, z = packet kind << 8 | incarnation
                if (isNicEndpoint(y) || (z >>> 8) == PKT_NACK) {
                    nicRequest(t, A_HANDLE, x, y, z);
                } else {
                    nicRequest(t, A_RDMA, x, y, z);
                }
            }
            case A_HANDLE -> onHandle(t, x, y, z);
            case A_RDMA -> queue.add(t, EV_HOST_REQ, H_MESSAGE, y, x);
            case A_NOTIFY -> {
                queue.add(t, EV_HOST_REQ, H_COMPLETION, endpointOf(x), x);
                final Group g = groups.get(x >>> 16);
                g.pc[x & 0xFFFF]++;
                runNic(x, t, 0);
            }
            case A_NACK -> {
                // x = the endpoint rejecting (closed-then-opened), y = the original sender
                nacks++;
                queue.add(t + networkPs, EV_ARRIVE, x, y, PKT_NACK << 8 | z);
            }
            case A_RETX -> {
                retransmissions++;
                emit(t, x, y, PKT_BARRIER);
            }
            default -> throw new IllegalStateException("nic: unknown action=" + action);
        }
    }

    private boolean isNicEndpoint(final int ep) {
        final int gid = token[ep];
        if (gid >= 0) {
            return groups.get(gid >>> 16).algorithm.onNic();
        }
        for (Group g : groups) {
            for (int e : g.endpoints) {
                if (e == ep) {
                    return g.algorithm.onNic();
                }
            }
        }
        return true;
    }

    private void emit(final long t, final int src, final int dst, final int kind) {
        messages++;
        queue.add(t + networkPs, EV_ARRIVE, src, dst, kind << 8 | (incarnation[src] & 0xFF));
    }

    private void onHandle(final long t, final int src, final int dst, final int info) {
        final int kind = info >>> 8;
        final int inc = info & 0xFF;
        if (kind == PKT_NACK) {
            // we (dst) sent src a barrier packet it rejected: resend only if our port was not closed since
            if (open[dst] && inc == (incarnation[dst] & 0xFF)) {
                nicRequest(t, A_RETX, dst, src, 0);
            }
            return;
        }
        final int slot = dst * nodes + src / ports;
        final int bit = 1 << (src % ports);
        if (!open[dst]) {
            closedRecord[slot] |= bit;
            closedIncarnation[dst * endpoints + src] = inc;
            return;
        }
        deliver(t, dst, src, slot, bit, true);
    }

    private void deliver(final long t, final int dst, final int src, final int slot, final int bit, final boolean nic) {
        final int gid = token[dst];
        if (gid >= 0) {
            final Group g = groups.get(gid >>> 16);
            final int m = gid & 0xFFFF;
            final int[] prog = g.programs[m];
            final int pc = g.pc[m];
            if (pc < prog.length && NicPrograms.kind(prog[pc]) == NicPrograms.WAIT
                && g.endpoints[NicPrograms.peer(prog[pc])] == src) {
                g.pc[m]++;
                if (nic) {
                    runNic(gid, t, 0);
                } else {
                    runHost(dst, t);
                }
                return;
            }
        }
        if ((record[slot] & bit) != 0) {
            throw new IllegalStateException("nic: second unexpected barrier message from endpoint=" + src
                + " to endpoint=" + dst + " before the first was consumed");
        }
        record[slot] |= bit;
    }

    private boolean consumeRecord(final int dst, final int src) {
        final int slot = dst * nodes + src / ports;
        final int bit = 1 << (src % ports);
        if ((record[slot] & bit) != 0) {
            record[slot] &= ~bit;
            return true;
        }
        return false;
    }

    /** Advances a NIC-run program; {@code prepBudget} packets may be prepared within the current action. */
    private void runNic(final int gid, final long t, final int prepBudget) {
        final int ep = endpointOf(gid);
        final Group g = groups.get(gid >>> 16);
        final int m = gid & 0xFFFF;
        final int[] prog = g.programs[m];
        int budget = prepBudget;
        while (g.pc[m] < prog.length) {
            final int op = prog[g.pc[m]];
            final int peerEp = g.endpoints[NicPrograms.peer(op)];
            switch (NicPrograms.kind(op)) {
                case NicPrograms.SEND -> {
                    if (budget > 0) {
                        budget--;
                        emit(t, ep, peerEp, PKT_BARRIER);
                        g.pc[m]++;
                        break;
                    }
                    queue.add(t, EV_NIC_REQ, A_SDMA, gid, 0);
                    return;
                }
                case NicPrograms.WAIT -> {
                    if (!consumeRecord(ep, peerEp)) {
                        return;
                    }
                    g.pc[m]++;
                }
                case NicPrograms.COMPLETE -> {
                    queue.add(t, EV_NIC_REQ, A_NOTIFY, gid, 0);
                    return;
                }
                default -> throw new IllegalStateException("nic: bad op=" + op);
            }
        }
        if (token[ep] == gid) {
            token[ep] = -1; // the send token goes back to the port
        }
    }

    /** Advances a host-run program. */
    private void runHost(final int ep, final long t) {
        final int gid = token[ep];
        if (gid < 0) {
            return;
        }
        final Group g = groups.get(gid >>> 16);
        final int m = gid & 0xFFFF;
        final int[] prog = g.programs[m];
        while (g.pc[m] < prog.length) {
            final int op = prog[g.pc[m]];
            final int peerEp = g.endpoints[NicPrograms.peer(op)];
            switch (NicPrograms.kind(op)) {
                case NicPrograms.SEND -> {
                    final long free = hostBusy(ep, t, hostSendBusyPs);
                    queue.add(free - hostSendBusyPs + hostSendPs, EV_NIC_REQ, A_HSDMA, ep, pack(peerEp, 0));
                    g.pc[m]++;
                    queue.add(free, EV_HOST_CONTINUE, ep, 0, 0);
                    return;
                }
                case NicPrograms.WAIT -> {
                    if (!consumeRecord(ep, peerEp)) {
                        return;
                    }
                    g.pc[m]++;
                }
                case NicPrograms.COMPLETE -> {
                    // the host leaves the barrier only after it has also posted the broadcasts that follow
                    g.pc[m]++;
                }
                default -> throw new IllegalStateException("nic: bad op=" + op);
            }
        }
        g.completePs[m] = Math.max(t, hostFree[ep]);
        token[ep] = -1;
    }

    private void onHostRequest(final long t, final int job, final int ep, final int arg) {
        // polling delay first (overlaps other host work), then the CPU processes the message
        final long free = hostBusy(ep, t + hostRecvPs - hostRecvBusyPs, hostRecvBusyPs);
        queue.add(free, EV_HOST_DONE, job, ep, arg);
    }

    private void onHostDone(final long t, final int job, final int ep, final int arg) {
        if (job == H_COMPLETION) {
            final Group g = groups.get(arg >>> 16);
            g.completePs[arg & 0xFFFF] = t;
        } else {
            final int src = arg;
            deliver(t, ep, src, ep * nodes + src / ports, 1 << (src % ports), false);
        }
    }

    private void onOpen(final long t, final int ep) {
        open[ep] = true;
        incarnation[ep]++;
        for (int srcNode = 0; srcNode < nodes; srcNode++) {
            final int slot = ep * nodes + srcNode;
            int bits = closedRecord[slot];
            closedRecord[slot] = 0;
            while (bits != 0) {
                final int port = Integer.numberOfTrailingZeros(bits);
                bits &= bits - 1;
                final int src = srcNode * ports + port;
                nicRequest(t, A_NACK, ep, src, closedIncarnation[ep * endpoints + src]);
            }
        }
    }
}
