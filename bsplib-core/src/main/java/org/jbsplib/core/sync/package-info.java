/**
 * Synchronization protocols. {@link org.jbsplib.core.sync.ClassicSync} is the two-phase sync of the Oxford BSP
 * toolset: phase 1 exchanges counts (and is the barrier), phase 2 moves the data. Other modes (the relaxed
 * barrier synchronization of module {@code rbs}) plug in through {@link org.jbsplib.core.sync.SyncProtocolFactory}.
 */
package org.jbsplib.core.sync;
