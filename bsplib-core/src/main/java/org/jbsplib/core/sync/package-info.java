/**
 * Synchronization protocols. {@link org.jbsplib.core.sync.ClassicSync} is the two-phase sync of the Oxford BSP
 * toolset: phase 1 exchanges counts (and is the barrier), phase 2 moves the data. Other modes (the relaxed
 * barrier synchronization of module {@code rbs}) plug in through {@link org.jbsplib.core.sync.SyncProtocolFactory},
 * which may name presets of its options ({@code --sync org:paper}, parsed by {@link org.jbsplib.core.sync.SyncSpec}).
 * The exchange superstep both syncs run (counts, gets, registrations, streams written in pid order) is
 * {@link org.jbsplib.core.sync.ExchangeSuperstep}, once; the split copies of large direct streams, which the classic
 * sync shares with other modes through {@link org.jbsplib.core.sync.SplitStreams}, are one mechanism too. A protocol sees its process only through
 * {@link org.jbsplib.core.sync.SyncProcess} and records into {@link org.jbsplib.core.sync.SyncRecorder}, so this
 * package depends on neither {@code org.jbsplib.core} nor the CLI; it runs on {@code org.jbsplib.core.barrier} and
 * {@code org.jbsplib.core.transport}.
 */
package org.jbsplib.core.sync;
