package org.jbsplib.hw.spi;

import org.jbsplib.core.barrier.BarrierConformanceSuite;

class HostPeConformanceTest extends BarrierConformanceSuite {
    @Override
    protected String barrierSpec() {
        return "host-pe:mode=account";
    }
}
