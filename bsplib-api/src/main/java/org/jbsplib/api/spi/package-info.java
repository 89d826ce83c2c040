/**
 * Service-provider interfaces of JBSPlib: the split-phase barrier that the synchronization protocols run on.
 *
 * <p>A barrier backend is a {@link org.jbsplib.api.spi.BarrierProvider} registered in
 * {@code META-INF/services/org.jbsplib.api.spi.BarrierProvider} and chosen by name ({@code --barrier NAME} on the
 * command line, {@code bsplib.barrier} or {@code BspConfig.barrier(...)} in code, with options as
 * {@code name:key=value,...}). For each run the runtime creates one {@link org.jbsplib.api.spi.Barrier} per process
 * and gives it a {@link org.jbsplib.api.spi.BarrierChannel}, its only way to reach the other processes.
 */
package org.jbsplib.api.spi;
