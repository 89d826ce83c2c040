package org.jbsplib.core;

/** The semantics suite under the classic two-phase sync on the threads transport. */
class ClassicSemanticsTest extends BspSemanticsSuite {
    @Override
    protected BspConfig config(final int p) {
        return new BspConfig().procs(p).syncMode("org");
    }
}
