package org.jbsplib.hw.papers;

import org.jbsplib.hw.model.AbstractBarrierModel;
import org.jbsplib.hw.model.EpisodeReport;
import org.jbsplib.hw.model.Parameters;
import org.jbsplib.hw.model.Time;

/**
 * A barrier of all processes through a modelled PAPERS unit: pid {@code p} is PE {@code p}; every episode each PE
 * starts its port-operation sequence (with the full mask and data bit 0) at its arrival time and is released when its
 * sequence ends. The unit's latches and BREGs carry over between episodes, as they do in the hardware.
 *
 * <p>Threading: see {@link AbstractBarrierModel}.
 *
 * <pre>{@code
 * BarrierModel m = new PapersBarrierModel(PapersParameters.schema().parse("papers:portOpsPerSec=1e6"), 4);
 * }</pre>
 */
public final class PapersBarrierModel extends AbstractBarrierModel {
    private final PapersCluster cluster;
    private final long[] startPs;

    public PapersBarrierModel(final Parameters p, final int parties) {
        super(p.name(), parties);
        if (parties > PapersUnit.MAX_PES) {
            throw new IllegalArgumentException("papers: parties=" + parties + " exceeds " + PapersUnit.MAX_PES);
        }
        this.cluster = new PapersCluster(p, parties);
        this.startPs = new long[parties];
    }

    @Override
    protected EpisodeReport simulate(final long episode, final long[] arrivalNs, final long[] releaseNs) {
        final long origin = Time.origin(arrivalNs);
        for (int pe = 0; pe < startPs.length; pe++) {
            startPs[pe] = Time.relPs(arrivalNs[pe], origin);
        }
        cluster.resetClock();
        cluster.exchange(startPs, null, null);
        for (int pe = 0; pe < startPs.length; pe++) {
            if (cluster.endPs(pe) < 0 || cluster.aborted(pe)) {
                throw new IllegalStateException(name() + ": PE " + pe + " did not finish episode " + episode);
            }
            releaseNs[pe] = origin + Time.ceilNs(cluster.endPs(pe));
        }
        return EpisodeReport.builder(name(), episode, startPs.length)
            .portOperations(cluster.portOperations())
            .span(arrivalNs, releaseNs)
            .build();
    }
}
