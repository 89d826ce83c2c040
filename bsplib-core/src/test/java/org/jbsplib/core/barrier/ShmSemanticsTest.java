package org.jbsplib.core.barrier;

import org.jbsplib.core.BspConfig;
import org.jbsplib.core.BspSemanticsSuite;

/** The core semantics suite under the classic sync, phase 1 on the {@code shm} barrier. */
class ShmSemanticsTest extends BspSemanticsSuite {
    @Override
    protected BspConfig config(final int p) {
        return new BspConfig().procs(p).syncMode("org").barrier("shm");
    }
}
