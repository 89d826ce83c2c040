package org.jbsplib.core.trace;

import java.nio.file.Path;

import org.jbsplib.core.BspConfig;

/**
 * Tracing found by {@link java.util.ServiceLoader} (the {@code bsplib-trace} module provides one), so that a trace
 * journal's dependencies stay off the core's class path. The runtime asks the providers once per run; a run that
 * nobody traces pays nothing but a null check per sync and commit.
 *
 * <pre>{@code
 * // META-INF/services/org.jbsplib.core.trace.TraceProvider names the implementation
 * TraceSink sink = provider.open(dir, config, localPids);   // null: this run is not traced
 * }</pre>
 */
public interface TraceProvider {
    /**
     * Opens the sink of one run's processes in this JVM.
     *
     * @param dir       the trace directory ({@link BspConfig#traceDir()}), or {@code null} when the run asked for no
     *                  journal: a provider may still trace (e.g. when a flight recording wants its events)
     * @param config    the run's concluded configuration
     * @param localPids the processes this JVM runs, ascending
     * @return the sink, or {@code null} when {@code dir} is null and the provider has nothing to record
     */
    TraceSink open(Path dir, BspConfig config, int[] localPids);
}
