package org.jbsplib.core.barrier;

class TreeBarrierConformanceTest extends BarrierConformanceSuite {
    @Override
    protected String barrierSpec() {
        return "tree";
    }
}
