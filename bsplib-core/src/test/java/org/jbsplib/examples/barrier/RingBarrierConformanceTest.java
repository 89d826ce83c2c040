package org.jbsplib.examples.barrier;

import org.jbsplib.core.barrier.BarrierConformanceSuite;

/** The user-written backend passes the same suite as the built-in ones. */
class RingBarrierConformanceTest extends BarrierConformanceSuite {
    @Override
    protected String barrierSpec() {
        return "ring";
    }
}
