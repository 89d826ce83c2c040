package org.jbsplib.core;

import org.jbsplib.core.transport.DenseCountsTransport;

/**
 * The semantics suite under the classic sync with the dense count exchange in shared memory: a threads transport
 * that does not let COUNT frames be left out, as between JVMs.
 */
class ClassicDenseCountsSemanticsTest extends BspSemanticsSuite {
    @Override
    protected BspConfig config(final int p) {
        return new BspConfig().procs(p).syncMode("org").transport(DenseCountsTransport.NAME);
    }
}
