package org.jbsplib.core;

import org.jbsplib.core.sync.ClassicSync;

/**
 * The semantics suite under the classic sync with the smallest inbox (4 KiB rings, 512-byte frames), no eager
 * streams and the default {@code org.direct=auto}: every stream that has data goes direct, and the only frames are
 * the small control frames (counts, get requests, END, DONE), which the tiny inboxes still hold back.
 */
class ClassicSmallFramesDirectSemanticsTest extends BspSemanticsSuite {
    @Override
    protected BspConfig config(final int p) {
        return new BspConfig().procs(p).syncMode("org").ringCapacityBytes(4096).eagerLimitBytes(0)
            .option(ClassicSync.DIRECT_OPTION, "auto");
    }
}
