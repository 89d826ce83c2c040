package org.jbsplib.hw.spi;

import org.jbsplib.core.barrier.BarrierConformanceSuite;

class NicGbConformanceTest extends BarrierConformanceSuite {
    @Override
    protected String barrierSpec() {
        return "nic-gb";
    }
}
