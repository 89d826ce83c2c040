package org.jbsplib.core;

import org.jbsplib.core.sync.ClassicSync;

/**
 * The semantics suite under the classic sync with every stream direct and every direct copy of 16 bytes or more split
 * between the two processes it concerns ({@code org.splitBytes=16}): receivers share their puts with the senders,
 * getters their gets with the owners, wherever the order of writes allows.
 */
class ClassicSplitSemanticsTest extends BspSemanticsSuite {
    @Override
    protected BspConfig config(final int p) {
        return new BspConfig().procs(p).syncMode("org").option(ClassicSync.DIRECT_OPTION, "always")
            .option(ClassicSync.SPLIT_OPTION, "16");
    }
}
