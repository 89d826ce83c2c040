package org.jbsplib.hw.spi;

import org.jbsplib.core.barrier.BarrierConformanceSuite;

class BsrMeshConformanceTest extends BarrierConformanceSuite {
    @Override
    protected String barrierSpec() {
        return "bsr:preset=mesh";
    }
}
