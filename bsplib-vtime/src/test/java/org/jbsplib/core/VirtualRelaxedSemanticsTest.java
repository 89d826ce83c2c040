package org.jbsplib.core;

/** The semantics suite under the relaxed barrier synchronization on the virtual-time machine. */
class VirtualRelaxedSemanticsTest extends BspSemanticsSuite {
    @Override
    protected BspConfig config(final int p) {
        return new BspConfig().procs(p).syncMode("rbs").machine("virtual:sp2-us");
    }
}
