package org.jbsplib.core.barrier;

class ShmBarrierConformanceTest extends BarrierConformanceSuite {
    @Override
    protected String barrierSpec() {
        return "shm";
    }
}
