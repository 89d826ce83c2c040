/**
 * The tracing hook of the runtime: a {@link org.jbsplib.core.trace.TraceProvider} found by
 * {@link java.util.ServiceLoader} opens a {@link org.jbsplib.core.trace.TraceSink} per run and JVM, whose
 * {@link org.jbsplib.core.trace.SuperstepTracer}s receive one call of primitives per process and superstep (and per
 * {@code commit}). {@link org.jbsplib.core.trace.Tracing} finds the provider. The journal, the reader and the JFR
 * events live in the {@code bsplib-trace} module; when no run is traced, a process's tracer field is null and the
 * hook costs one null check per sync and commit.
 */
package org.jbsplib.core.trace;
