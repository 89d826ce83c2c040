package org.jbsplib.core;

/**
 * What one process leaves at the end of a successful run, the unit that transports between JVMs gather
 * ({@link org.jbsplib.core.transport.Transport#gatherResults}).
 *
 * @param pid        the process
 * @param stats      its statistics
 * @param supersteps its number of supersteps (syncs + 1)
 * @param elapsedNs  from the start of the run in its JVM to the end of its program, in ns
 */
public record ProcessResult(int pid, SyncStats stats, long supersteps, long elapsedNs) {
}
