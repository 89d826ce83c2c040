package org.jbsplib.core;

/**
 * The semantics suite on the virtual-time machine with two processes running at once ({@code parallel=2}), under
 * the classic two-phase sync.
 */
class VirtualParallelClassicSemanticsTest extends BspSemanticsSuite {
    @Override
    protected BspConfig config(final int p) {
        return new BspConfig().procs(p).syncMode("org").machine("virtual:infiniband;parallel=2");
    }
}
