package org.jbsplib.hw.spi;

import org.jbsplib.core.barrier.BarrierConformanceSuite;

class PapersConformanceTest extends BarrierConformanceSuite {
    @Override
    protected String barrierSpec() {
        return "papers";
    }
}
