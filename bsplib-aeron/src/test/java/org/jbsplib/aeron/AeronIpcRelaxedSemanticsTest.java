package org.jbsplib.aeron;

import org.jbsplib.core.BspConfig;
import org.jbsplib.core.BspSemanticsSuite;

/** The semantics suite under the relaxed sync over {@code aeron-ipc} (every process in this JVM, embedded driver). */
class AeronIpcRelaxedSemanticsTest extends BspSemanticsSuite {
    @Override
    protected BspConfig config(final int p) {
        return new BspConfig().procs(p).syncMode("rbs").transport(AeronIpcTransportProvider.NAME);
    }
}
