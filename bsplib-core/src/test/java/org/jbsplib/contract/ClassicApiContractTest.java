package org.jbsplib.contract;

import org.jbsplib.core.BspConfig;

/** The API contract under the classic two-phase sync on the threads transport. */
class ClassicApiContractTest extends ApiContractSuite {
    @Override
    protected BspConfig config(final int p) {
        return new BspConfig().procs(p).syncMode("org");
    }
}
