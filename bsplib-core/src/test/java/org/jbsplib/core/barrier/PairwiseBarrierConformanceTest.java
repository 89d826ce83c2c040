package org.jbsplib.core.barrier;

class PairwiseBarrierConformanceTest extends BarrierConformanceSuite {
    @Override
    protected String barrierSpec() {
        return "pairwise";
    }
}
