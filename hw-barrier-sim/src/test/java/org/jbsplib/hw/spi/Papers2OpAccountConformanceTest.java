package org.jbsplib.hw.spi;

import org.jbsplib.core.barrier.BarrierConformanceSuite;

class Papers2OpAccountConformanceTest extends BarrierConformanceSuite {
    @Override
    protected String barrierSpec() {
        return "papers:preset=papers0-2op,mode=account";
    }
}
