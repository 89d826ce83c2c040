package org.jbsplib.core;

/**
 * The semantics suite on the virtual-time machine with two processes running at once ({@code parallel=2}), under
 * the relaxed barrier synchronization.
 */
class VirtualParallelSemanticsTest extends BspSemanticsSuite {
    @Override
    protected BspConfig config(final int p) {
        return new BspConfig().procs(p).syncMode("rbs").machine("virtual:sp2-us;parallel=2");
    }
}
