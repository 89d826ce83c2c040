package org.jbsplib.npb.common;

import java.io.PrintStream;

import org.jbsplib.core.BspConfig;

/**
 * A NAS Parallel Benchmark kernel ported to the BSP API, found with {@link java.util.ServiceLoader}
 * (register in {@code META-INF/services/org.jbsplib.npb.common.NpbKernel}) by the {@code ./bsp npb} command.
 */
public interface NpbKernel {
    /** @return the kernel's name on the command line: {@code ft}, {@code lu} */
    String name();

    /** @return the NPB classes this port supports, e.g. {@code "SWABC"} */
    String classes();

    /**
     * Runs one benchmark and verifies it against the official NPB values.
     *
     * @param npbClass the class letter (S, W, A, B, C)
     * @param config   the BSP configuration (procs, sync, barrier, ...); not yet concluded
     * @param progress where to print progress lines ({@code null} when quiet)
     * @return the result, verified or not; {@code null} in a JVM that did not run pid 0 when the processes run in
     *     several JVMs (the JVM of pid 0 reports, as rank 0 does in NPB's MPI versions)
     * @throws IllegalArgumentException for an unsupported class or process count, naming the value
     */
    NpbResult run(char npbClass, BspConfig config, PrintStream progress) throws Exception;

    /**
     * Estimates the heap the benchmark's data takes on one process (the largest share), for a check before a run.
     *
     * @param npbClass the class letter
     * @param config   the configuration (procs, kernel options); not yet concluded
     * @return bytes, on the safe side
     * @throws IllegalArgumentException for an unsupported class or process count, naming the value
     */
    long heapBytesPerProcess(char npbClass, BspConfig config);

    /** @return the kernel options {@link #run} reads from {@link BspConfig#options()} ({@code ft.lanes}, ...) */
    default java.util.Set<String> optionKeys() {
        return java.util.Set.of();
    }
}
