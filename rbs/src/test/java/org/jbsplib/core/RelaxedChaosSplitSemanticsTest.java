package org.jbsplib.core;

import org.jbsplib.rbs.RelaxedSync;

/**
 * The core semantics suite under the relaxed sync on the chaos transport with every stream that waits for its ack
 * direct and every put of 16 bytes or more of it split ({@code rbs.splitBytes=16}): the SPLIT and SPLIT_DONE frames
 * meet the random delays with the other control frames, so senders often find their halves taken back.
 */
class RelaxedChaosSplitSemanticsTest extends BspSemanticsSuite {
    @Override
    protected BspConfig config(final int p) {
        return new BspConfig().procs(p).syncMode("rbs").chaosSeed(20261125L + p).option(RelaxedSync.DIRECT_OPTION,
            "always").option(RelaxedSync.SPLIT_OPTION, "16");
    }
}
