package org.jbsplib.core;

import org.jbsplib.core.sync.ClassicSync;

/**
 * The semantics suite under the classic sync with {@code org.direct=unbuffered}: large streams mostly of hpPut data
 * go direct, those mostly of buffered puts and messages in frames, gets are read direct.
 */
class ClassicUnbufferedDirectSemanticsTest extends BspSemanticsSuite {
    @Override
    protected BspConfig config(final int p) {
        return new BspConfig().procs(p).syncMode("org").option(ClassicSync.DIRECT_OPTION, "unbuffered");
    }
}
