package org.jbsplib.core;

import org.jbsplib.core.sync.ClassicSync;

/**
 * The semantics suite under the classic sync with the smallest inbox (4 KiB rings, 512-byte frames) and no eager
 * streams: every stream is fragmented, flow-controlled and moved by rendezvous (in frames: {@code org.direct=never},
 * as between JVMs; {@link ClassicSmallFramesDirectSemanticsTest} runs the same with direct streams).
 */
class ClassicSmallFramesSemanticsTest extends BspSemanticsSuite {
    @Override
    protected BspConfig config(final int p) {
        return new BspConfig().procs(p).syncMode("org").ringCapacityBytes(4096).eagerLimitBytes(0)
            .option(ClassicSync.DIRECT_OPTION, "never");
    }
}
