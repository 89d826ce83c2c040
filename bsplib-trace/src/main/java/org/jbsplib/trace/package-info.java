/**
 * Superstep tracing: a journal of one fixed-size record per process and superstep in a Chronicle queue per JVM
 * ({@link org.jbsplib.trace.ChronicleTraceProvider}, found by {@link java.util.ServiceLoader} when a run has
 * {@code --trace DIR} / {@link org.jbsplib.core.BspConfig#trace(java.nio.file.Path)}), JDK Flight Recorder events
 * ({@link org.jbsplib.trace.JfrEvents}), the reader that merges the JVMs' queues ({@link org.jbsplib.trace.TraceReader}),
 * and {@code ./bsp trace} ({@link org.jbsplib.trace.TraceCommand}): a summary ({@link org.jbsplib.trace.TraceSummary})
 * and a canvas timeline page ({@link org.jbsplib.trace.TimelinePage}).
 *
 * <p>The core knows only its SPI ({@link org.jbsplib.core.trace}); Chronicle Queue and its JVM flags stay off the
 * class path of programs that do not trace. See the module's README for the design and the measured overhead.
 */
package org.jbsplib.trace;
