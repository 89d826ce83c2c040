package org.jbsplib.core;

import org.jbsplib.rbs.ExchangePolicy;
import org.jbsplib.rbs.RelaxedSync;

/**
 * The core semantics suite under the relaxed sync with every stream direct and every put or hpPut of 16 bytes or more
 * split between its receiver and its sender ({@code rbs.splitBytes=16}), wherever the order of writes allows, in
 * relaxed and exchange supersteps.
 */
class RelaxedSplitSemanticsTest extends BspSemanticsSuite {
    @Override
    protected BspConfig config(final int p) {
        return new BspConfig().procs(p).syncMode("rbs").option(ExchangePolicy.OPTION, "auto").eagerLimitBytes(0)
            .option(RelaxedSync.DIRECT_OPTION, "always").option(RelaxedSync.SPLIT_OPTION, "16");
    }
}
