package org.jbsplib.core;

/** The core semantics suite under the relaxed sync on the chaos transport (random delays and reorderings). */
class RelaxedChaosSemanticsTest extends BspSemanticsSuite {
    @Override
    protected BspConfig config(final int p) {
        return new BspConfig().procs(p).syncMode("rbs").chaosSeed(20261122L + p);
    }
}
