package org.jbsplib.aeron;

import org.jbsplib.core.BspConfig;
import org.jbsplib.core.BspSemanticsSuite;

/** The semantics suite under the classic sync over {@code aeron-ipc} (every process in this JVM, embedded driver). */
class AeronIpcClassicSemanticsTest extends BspSemanticsSuite {
    @Override
    protected BspConfig config(final int p) {
        return new BspConfig().procs(p).syncMode("org").transport(AeronIpcTransportProvider.NAME);
    }
}
