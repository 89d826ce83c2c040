package org.jbsplib.core.trace;

/**
 * Where the processes of one run in this JVM record their supersteps: one per JVM and run, opened by a
 * {@link TraceProvider} before the processes start and closed after they ended.
 *
 * <p>Threading: {@link #tracer(int)} and {@link #close()} are called by the thread that runs the run; each tracer is
 * then used by its process's thread only.
 */
public interface TraceSink extends AutoCloseable {
    /**
     * @param pid a process of this JVM
     * @return its tracer, called from its thread only
     */
    SuperstepTracer tracer(int pid);

    /** Flushes and releases what the sink holds; the tracers are not used after this. */
    @Override
    void close();
}
