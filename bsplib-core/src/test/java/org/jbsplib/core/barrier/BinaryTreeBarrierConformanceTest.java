package org.jbsplib.core.barrier;

class BinaryTreeBarrierConformanceTest extends BarrierConformanceSuite {
    @Override
    protected String barrierSpec() {
        return "tree:fanout=2";
    }
}
