package org.jbsplib.contract;

import org.jbsplib.core.BspConfig;
import org.jbsplib.rbs.ExchangePolicy;

/**
 * The API contract under the relaxed sync with every superstep relaxed that may be ({@code rbs.exchange=never}, as
 * {@code rbs:paper}). In package {@code org.jbsplib.contract} to inherit the suite's package-private tests.
 */
class RelaxedApiContractTest extends ApiContractSuite {
    @Override
    protected BspConfig config(final int p) {
        return new BspConfig().procs(p).syncMode("rbs").option(ExchangePolicy.OPTION, "never");
    }
}
