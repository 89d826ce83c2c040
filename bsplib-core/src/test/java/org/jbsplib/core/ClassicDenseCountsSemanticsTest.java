package org.jbsplib.core;

import org.jbsplib.core.sync.ClassicSync;

/**
 * The semantics suite under the classic sync with the dense count exchange on the threads transport
 * ({@code org.counts=dense}): every process sends all P-1 COUNT frames, as between JVMs.
 */
class ClassicDenseCountsSemanticsTest extends BspSemanticsSuite {
    @Override
    protected BspConfig config(final int p) {
        return new BspConfig().procs(p).syncMode("org").option(ClassicSync.COUNTS_OPTION, "dense");
    }
}
