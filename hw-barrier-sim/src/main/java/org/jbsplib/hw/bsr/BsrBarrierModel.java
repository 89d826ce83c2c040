package org.jbsplib.hw.bsr;

import java.util.Random;

import org.jbsplib.hw.model.AbstractBarrierModel;
import org.jbsplib.hw.model.EpisodeReport;
import org.jbsplib.hw.model.Parameters;
import org.jbsplib.hw.model.Time;

/**
 * A barrier of all processes over a modelled wormhole network with BSR-tree barrier support: the processes sit on
 * randomly chosen switches (seeded), the first episode builds the tree, later ones use it.
 *
 * <p>Threading: see {@link AbstractBarrierModel}.
 *
 * <pre>{@code
 * BarrierModel m = new BsrBarrierModel(BsrParameters.schema().parse("bsr/mesh:preempt=0"), 16);
 * }</pre>
 */
public final class BsrBarrierModel extends AbstractBarrierModel {
    private final BsrNetwork network;
    private final long[] arrivalPs;

    public BsrBarrierModel(final Parameters p, final int parties) {
        super(p.name(), parties);
        final BsrTopology topo = topology(p);
        if (parties > topo.switches()) {
            throw new IllegalArgumentException("bsr: parties=" + parties + " exceeds switches=" + topo.switches());
        }
        final int center = p.getInt(BsrParameters.CENTER, 0, parties - 1);
        this.network = new BsrNetwork(topo, placement(topo.switches(), parties, (long) p.get(BsrParameters.SEED)),
            center, p);
        this.arrivalPs = new long[parties];
    }

    /** @return the network the parameters describe */
    public static BsrTopology topology(final Parameters p) {
        final int switches = p.getInt(BsrParameters.SWITCHES, 1, 1 << 14);
        final long seed = (long) p.get(BsrParameters.SEED);
        if (p.getInt(BsrParameters.TOPOLOGY, 0, 1) == 0) {
            return BsrTopology.randomIrregular(switches, p.getInt(BsrParameters.SWITCH_PORTS, 1, 64), seed);
        }
        final int side = (int) Math.ceil(Math.sqrt(switches));
        return BsrTopology.mesh(side, side);
    }

    /** @return {@code parties} distinct switches drawn at random with {@code seed} */
    public static int[] placement(final int switches, final int parties, final long seed) {
        final int[] all = new int[switches];
        for (int i = 0; i < switches; i++) {
            all[i] = i;
        }
        final Random random = new Random(seed ^ 0x5DEECE66DL);
        for (int i = 0; i < parties; i++) {
            final int j = i + random.nextInt(switches - i);
            final int t = all[i];
            all[i] = all[j];
            all[j] = t;
        }
        return java.util.Arrays.copyOf(all, parties);
    }

    /** @return the network, for inspection of the tree (read it only between episodes) */
    public BsrNetwork network() {
        return network;
    }

    @Override
    protected EpisodeReport simulate(final long episode, final long[] arrivalNs, final long[] releaseNs) {
        final long origin = Time.origin(arrivalNs);
        for (int m = 0; m < arrivalNs.length; m++) {
            arrivalPs[m] = Time.relPs(arrivalNs[m], origin);
        }
        network.runEpisode(episode, arrivalPs);
        for (int m = 0; m < arrivalNs.length; m++) {
            releaseNs[m] = origin + Time.ceilNs(network.releasePs(m));
        }
        return EpisodeReport.builder(name(), episode, arrivalNs.length)
            .messages(network.messages())
            .hops(network.hops())
            .flits(network.flitHops())
            .preemptions(network.preemptions())
            .span(arrivalNs, releaseNs)
            .build();
    }
}
