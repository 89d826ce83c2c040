package org.jbsplib.core;

/** The core semantics suite under the classic sync on the chaos transport: the chaos decorator keeps FIFO per pair. */
class ClassicChaosSemanticsTest extends BspSemanticsSuite {
    @Override
    protected BspConfig config(final int p) {
        return new BspConfig().procs(p).syncMode("org").chaosSeed(4242L + p);
    }
}
