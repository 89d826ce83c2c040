package org.jbsplib.core;

/**
 * The semantics suite under the classic sync with the smallest inbox (4 KiB rings, 512-byte frames) and no eager
 * streams: every stream is fragmented, flow-controlled and moved by rendezvous.
 */
class ClassicSmallFramesSemanticsTest extends BspSemanticsSuite {
    @Override
    protected BspConfig config(final int p) {
        return new BspConfig().procs(p).syncMode("org").ringCapacityBytes(4096).eagerLimitBytes(0);
    }
}
