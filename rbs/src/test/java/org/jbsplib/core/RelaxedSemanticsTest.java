package org.jbsplib.core;

import org.jbsplib.rbs.ExchangePolicy;

/**
 * The core semantics suite under the relaxed sync with its default policy: supersteps use the count exchange
 * until every process has committed, then are relaxed (the suite reads received data only after commit).
 * In package {@code org.jbsplib.core} to inherit the suite's package-private tests.
 */
class RelaxedSemanticsTest extends BspSemanticsSuite {
    @Override
    protected BspConfig config(final int p) {
        return new BspConfig().procs(p).syncMode("rbs").option(ExchangePolicy.OPTION, "auto");
    }
}
