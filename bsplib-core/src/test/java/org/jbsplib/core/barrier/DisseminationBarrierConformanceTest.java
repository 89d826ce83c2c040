package org.jbsplib.core.barrier;

class DisseminationBarrierConformanceTest extends BarrierConformanceSuite {
    @Override
    protected String barrierSpec() {
        return "dissemination";
    }
}
