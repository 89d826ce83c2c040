package org.jbsplib.core;

import org.jbsplib.core.sync.ClassicSync;

/**
 * The core semantics suite under the classic sync on the chaos transport with every stream direct: only control
 * frames (counts, get requests, END, DONE) pass the chaos decorator, and they may be delayed and reordered across
 * pairs.
 */
class ClassicChaosDirectSemanticsTest extends BspSemanticsSuite {
    @Override
    protected BspConfig config(final int p) {
        return new BspConfig().procs(p).syncMode("org").chaosSeed(4343L + p).option(ClassicSync.DIRECT_OPTION,
            "always");
    }
}
