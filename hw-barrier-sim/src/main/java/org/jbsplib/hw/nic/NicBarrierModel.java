package org.jbsplib.hw.nic;

import org.jbsplib.hw.model.AbstractBarrierModel;
import org.jbsplib.hw.model.EpisodeReport;
import org.jbsplib.hw.model.Parameters;
import org.jbsplib.hw.model.Time;

/**
 * A NIC-based or host-based GB/PE barrier over a modelled Myrinet/GM cluster: pid {@code p} is GM port
 * {@code p % processesPerNic} on node {@code p / processesPerNic}. Each episode posts every process's barrier at its
 * arrival time (host-based: the host starts the algorithm; NIC-based: the host posts the barrier token and only polls
 * for the completion event, a fuzzy barrier) and steps the {@link NicCluster} until all completion events reached the
 * hosts.
 *
 * <p>With {@code fanOut=0} the GB fan-out is chosen once, at construction, as the one with the lowest modelled latency
 * for simultaneous arrivals, as the paper reports the minimum over all dimensions.
 *
 * <p>Threading: see {@link AbstractBarrierModel}; the cluster is stepped under the episode lock.
 *
 * <pre>{@code
 * Parameters p = NicParameters.schema("nic-pe").parse("nic-pe/lanai43");
 * BarrierModel m = new NicBarrierModel(p, NicAlgorithm.NIC_PE, 16);
 * }</pre>
 */
public final class NicBarrierModel extends AbstractBarrierModel {
    private final NicCluster cluster;
    private final int group;
    private final int fanOut;

    public NicBarrierModel(final Parameters p, final NicAlgorithm algorithm, final int parties) {
        super(p.name(), parties);
        if (!p.backend().equalsIgnoreCase(algorithm.backend())) {
            throw new IllegalArgumentException("nic: parameters of backend=" + p.backend() + " given to algorithm="
                + algorithm.backend());
        }
        final int ppn = p.getInt(NicParameters.PROCESSES_PER_NIC, 1, 30);
        final int requestedFanOut = p.getInt(NicParameters.FAN_OUT, 0, 0xFFFF);
        this.fanOut = requestedFanOut > 0 ? requestedFanOut : bestFanOut(p, algorithm, parties, ppn);
        this.cluster = newCluster(p, parties, ppn);
        this.group = cluster.addGroup(algorithm, endpoints(cluster, parties, ppn), fanOut);
    }

    /** @return the GB fan-out in use (1 for PE, where it does not matter) */
    public int fanOut() {
        return fanOut;
    }

    /** @return the modelled latency of one episode with simultaneous arrivals, ns */
    public static double simultaneousLatencyNs(final Parameters p, final NicAlgorithm algorithm, final int parties,
        final int fanOut) {
        final int ppn = p.getInt(NicParameters.PROCESSES_PER_NIC, 1, 30);
        final NicCluster c = newCluster(p, parties, ppn);
        final int g = c.addGroup(algorithm, endpoints(c, parties, ppn), Math.max(1, fanOut));
        for (int m = 0; m < parties; m++) {
            c.post(g, m, 0);
        }
        c.run();
        long last = 0;
        for (int m = 0; m < parties; m++) {
            last = Math.max(last, c.completionPs(g, m));
        }
        return last / (double) Time.PS_PER_NS;
    }

    /**
     * The paper's metric (§5: "we ran 100,000 barriers consecutively and took the average latency"): every process
     * enters the next barrier as soon as its host has seen the previous one complete, so one barrier's broadcast
     * overlaps the next one's gather on the NICs and early messages are recorded as unexpected.
     *
     * @param barriers how many barriers run back to back, >= 1
     * @return the time until the last process saw the last barrier complete, divided by {@code barriers}, ns
     */
    public static double backToBackLatencyNs(final Parameters p, final NicAlgorithm algorithm, final int parties,
        final int fanOut, final int barriers) {
        if (barriers < 1) {
            throw new IllegalArgumentException("nic: barriers=" + barriers + " must be >= 1");
        }
        final int ppn = p.getInt(NicParameters.PROCESSES_PER_NIC, 1, 30);
        final NicCluster c = newCluster(p, parties, ppn);
        final int g = c.addGroup(algorithm, endpoints(c, parties, ppn), Math.max(1, fanOut));
        final long[] done = new long[parties];
        for (int b = 0; b < barriers; b++) {
            for (int m = 0; m < parties; m++) {
                c.post(g, m, done[m]);
            }
            c.run();
            for (int m = 0; m < parties; m++) {
                done[m] = c.completionPs(g, m);
                if (done[m] < 0) {
                    throw new IllegalStateException("nic: member " + m + " did not complete barrier " + b);
                }
            }
        }
        long last = 0;
        for (final long d : done) {
            last = Math.max(last, d);
        }
        return last / (double) Time.PS_PER_NS / barriers;
    }

    /** @return the fan-out in [1, parties-1] with the lowest {@link #backToBackLatencyNs} over {@code barriers} */
    public static int bestBackToBackFanOut(final Parameters p, final NicAlgorithm algorithm, final int parties,
        final int barriers) {
        if (!algorithm.gatherBroadcast() || parties <= 2) {
            return 1;
        }
        int best = 1;
        double bestNs = Double.MAX_VALUE;
        for (int k = 1; k < parties; k++) {
            final double ns = backToBackLatencyNs(p, algorithm, parties, k, barriers);
            if (ns < bestNs) {
                bestNs = ns;
                best = k;
            }
        }
        return best;
    }

    /** @return the fan-out in [1, parties-1] with the lowest simultaneous-arrival latency */
    public static int bestFanOut(final Parameters p, final NicAlgorithm algorithm, final int parties, final int ppn) {
        if (!algorithm.gatherBroadcast() || parties <= 2) {
            return 1;
        }
        int best = 1;
        double bestNs = Double.MAX_VALUE;
        for (int k = 1; k < parties; k++) {
            final double ns = simultaneousLatencyNs(p, algorithm, parties, k);
            if (ns < bestNs) {
                bestNs = ns;
                best = k;
            }
        }
        return best;
    }

    private static NicCluster newCluster(final Parameters p, final int parties, final int ppn) {
        return new NicCluster(p, (parties + ppn - 1) / ppn, ppn);
    }

    private static int[] endpoints(final NicCluster c, final int parties, final int ppn) {
        final int[] eps = new int[parties];
        for (int pid = 0; pid < parties; pid++) {
            eps[pid] = c.endpoint(pid / ppn, pid % ppn);
        }
        return eps;
    }

    @Override
    protected EpisodeReport simulate(final long episode, final long[] arrivalNs, final long[] releaseNs) {
        final long origin = Time.origin(arrivalNs);
        cluster.resetClock();
        for (int pid = 0; pid < arrivalNs.length; pid++) {
            cluster.post(group, pid, Time.relPs(arrivalNs[pid], origin));
        }
        cluster.run();
        for (int pid = 0; pid < arrivalNs.length; pid++) {
            final long done = cluster.completionPs(group, pid);
            if (done < 0) {
                throw new IllegalStateException(name() + ": pid=" + pid + " never completed episode " + episode);
            }
            releaseNs[pid] = origin + Time.ceilNs(done);
        }
        if (cluster.hasPendingRecords()) {
            throw new IllegalStateException(name() + ": unexpected-message records left after episode " + episode);
        }
        return EpisodeReport.builder(name(), episode, arrivalNs.length)
            .messages(cluster.messages())
            .hops(cluster.messages())
            .span(arrivalNs, releaseNs)
            .build();
    }
}
