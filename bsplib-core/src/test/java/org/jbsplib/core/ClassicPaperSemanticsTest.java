package org.jbsplib.core;

/** The semantics suite under the classic sync's {@code paper} preset (the count exchange is the barrier). */
class ClassicPaperSemanticsTest extends BspSemanticsSuite {
    @Override
    protected BspConfig config(final int p) {
        return new BspConfig().procs(p).syncMode("org:paper");
    }
}
