package org.jbsplib.core.sync;

import org.jbsplib.core.BspProcess;

/**
 * Creates a {@link SyncProtocol} per process; found with {@link java.util.ServiceLoader} by {@link #name()}
 * (register in {@code META-INF/services/org.jbsplib.core.sync.SyncProtocolFactory}).
 */
public interface SyncProtocolFactory {
    /** @return the mode's name for {@code --sync} and {@code bsplib.sync}, e.g. {@code org}, {@code rbs} */
    String name();

    /** @return a one-line description */
    String description();

    /** @return the protocol of {@code process} */
    SyncProtocol create(BspProcess process);
}
