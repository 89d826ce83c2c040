package org.jbsplib.hw.spi;

import org.jbsplib.core.barrier.BarrierConformanceSuite;

class ReflexConformanceTest extends BarrierConformanceSuite {
    @Override
    protected String barrierSpec() {
        return "reflex";
    }
}
