package org.jbsplib.core;

import org.jbsplib.core.sync.ClassicSync;

/**
 * The core semantics suite under the classic sync on the chaos transport with every stream direct and every direct
 * copy of 16 bytes or more split ({@code org.splitBytes=16}): the SPLIT and SPLIT_DONE frames pass the chaos
 * decorator with the other control frames, delayed and reordered across pairs.
 */
class ClassicChaosSplitSemanticsTest extends BspSemanticsSuite {
    @Override
    protected BspConfig config(final int p) {
        return new BspConfig().procs(p).syncMode("org").chaosSeed(5353L + p).option(ClassicSync.DIRECT_OPTION,
            "always").option(ClassicSync.SPLIT_OPTION, "16");
    }
}
