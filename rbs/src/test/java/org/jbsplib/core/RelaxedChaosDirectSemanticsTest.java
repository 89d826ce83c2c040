package org.jbsplib.core;

import org.jbsplib.rbs.RelaxedSync;

/**
 * The core semantics suite under the relaxed sync on the chaos transport with every stream that waits for its ack
 * direct: only control frames (req, ack, the direct stream's end and answer) meet the random delays.
 */
class RelaxedChaosDirectSemanticsTest extends BspSemanticsSuite {
    @Override
    protected BspConfig config(final int p) {
        return new BspConfig().procs(p).syncMode("rbs").chaosSeed(20261124L + p).option(RelaxedSync.DIRECT_OPTION,
            "always");
    }
}
