package org.jbsplib.hw.spi;

import org.jbsplib.core.barrier.BarrierConformanceSuite;

class NicPeConformanceTest extends BarrierConformanceSuite {
    @Override
    protected String barrierSpec() {
        return "nic-pe:preset=lanai72";
    }
}
