/**
 * The JBSPlib runtime: {@link org.jbsplib.core.BspRuntime} runs a {@link org.jbsplib.api.BspProgram} on P
 * processes configured by a {@link org.jbsplib.core.BspConfig}, and returns a {@link org.jbsplib.core.RunResult}
 * with per-process synchronization statistics.
 *
 * <pre>{@code
 * RunResult result = BspRuntime.run(new BspConfig().procs(4), bsp -> {
 *     System.out.println("hello from " + bsp.pid() + " of " + bsp.nprocs());
 * });
 * }</pre>
 */
package org.jbsplib.core;
