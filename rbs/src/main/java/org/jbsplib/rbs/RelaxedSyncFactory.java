package org.jbsplib.rbs;

import org.jbsplib.core.BspProcess;
import org.jbsplib.core.sync.SyncProtocol;
import org.jbsplib.core.sync.SyncProtocolFactory;

/** The {@code rbs} sync mode: {@link RelaxedSync}. */
public final class RelaxedSyncFactory implements SyncProtocolFactory {
    /** The mode's name. */
    public static final String NAME = "rbs";

    // The runtime creates the protocols of one run one after the other, on one thread, before starting them.
    private WaitBoard board;
    private Object boardRun;

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "relaxed barrier synchronization (Kim, Ha, Jhon): req/ack with superstep timestamps, and commit";
    }

    @Override
    public SyncProtocol create(final BspProcess process) {
        final Object run = process.endpoint().control();
        if (board == null || boardRun != run) {
            board = new WaitBoard(process.nprocs());
            boardRun = run;
        }
        return new RelaxedSync(process, board);
    }
}
