package org.jbsplib.hw.reflex;

import org.jbsplib.hw.model.AbstractBarrierModel;
import org.jbsplib.hw.model.EpisodeReport;
import org.jbsplib.hw.model.Parameters;
import org.jbsplib.hw.model.Time;

/**
 * A barrier of all processes through a modelled Reflex ring: pid 0 is the root, pid {@code i} the core of switch
 * {@code i}. The root's Init runs when the model is built; each episode every process runs Notify at its arrival and
 * Wait right after (a full barrier is Notify followed by Wait). Buffer contents and credits carry over between
 * episodes, as in the hardware.
 *
 * <p>Threading: see {@link AbstractBarrierModel}.
 *
 * <pre>{@code
 * BarrierModel m = new ReflexBarrierModel(ReflexParameters.schema().parse("reflex/tile64"), 64);
 * }</pre>
 */
public final class ReflexBarrierModel extends AbstractBarrierModel {
    private final ReflexRing ring;
    private final long[] arrivalPs;

    public ReflexBarrierModel(final Parameters p, final int parties) {
        super(p.name(), parties);
        this.ring = new ReflexRing(p, parties);
        this.arrivalPs = new long[parties];
    }

    @Override
    protected EpisodeReport simulate(final long episode, final long[] arrivalNs, final long[] releaseNs) {
        final long origin = Time.origin(arrivalNs);
        for (int c = 0; c < arrivalNs.length; c++) {
            arrivalPs[c] = Time.relPs(arrivalNs[c], origin);
        }
        ring.runEpisode(arrivalPs);
        for (int c = 0; c < arrivalNs.length; c++) {
            releaseNs[c] = origin + Time.ceilNs(ring.releasePs(c));
        }
        return EpisodeReport.builder(name(), episode, arrivalNs.length)
            .flits(ring.flitHops())
            .hops(ring.flitHops())
            .messages(arrivalNs.length > 1 ? 3 : 0)
            .span(arrivalNs, releaseNs)
            .build();
    }
}
