package org.jbsplib.core;

import org.jbsplib.rbs.ExchangePolicy;
import org.jbsplib.rbs.RelaxedSync;

/**
 * The core semantics suite under the relaxed sync with every stream direct ({@code rbs.direct=always} and no eager
 * streams): receivers copy from the senders' outboxes and hpPut sources instead of reading frames, in relaxed and
 * exchange supersteps.
 */
class RelaxedDirectSemanticsTest extends BspSemanticsSuite {
    @Override
    protected BspConfig config(final int p) {
        return new BspConfig().procs(p).syncMode("rbs").option(ExchangePolicy.OPTION, "auto").eagerLimitBytes(0)
            .option(RelaxedSync.DIRECT_OPTION, "always");
    }
}
