package org.jbsplib.core.barrier;

class CentralBarrierConformanceTest extends BarrierConformanceSuite {
    @Override
    protected String barrierSpec() {
        return "central";
    }
}
