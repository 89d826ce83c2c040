package org.jbsplib.core;

import org.jbsplib.core.sync.ClassicSync;

/**
 * The semantics suite under the classic sync with every stream direct ({@code org.direct=always}): receivers copy
 * from the senders' outboxes and hpPut sources at their turn instead of reading frames.
 */
class ClassicDirectSemanticsTest extends BspSemanticsSuite {
    @Override
    protected BspConfig config(final int p) {
        return new BspConfig().procs(p).syncMode("org").option(ClassicSync.DIRECT_OPTION, "always");
    }
}
