package org.jbsplib.hw.spi;

import org.jbsplib.core.barrier.BarrierConformanceSuite;

class HostGbConformanceTest extends BarrierConformanceSuite {
    @Override
    protected String barrierSpec() {
        return "host-gb:mode=account";
    }
}
