package org.jbsplib.core;

/** The semantics suite under the classic two-phase sync on the virtual-time machine. */
class VirtualClassicSemanticsTest extends BspSemanticsSuite {
    @Override
    protected BspConfig config(final int p) {
        return new BspConfig().procs(p).syncMode("org").machine("virtual:infiniband");
    }
}
