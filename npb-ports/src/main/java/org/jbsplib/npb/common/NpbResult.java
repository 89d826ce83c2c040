package org.jbsplib.npb.common;

import java.util.Map;

import org.jbsplib.core.RunResult;

/**
 * The outcome of one NPB run, printed by the NPB-style report and written to {@code --json}.
 *
 * @param kernel     {@code ft} or {@code lu}
 * @param npbClass   the class letter
 * @param size       the problem size as NPB prints it, e.g. {@code "256x256x128"}
 * @param iterations the number of iterations (time steps)
 * @param verified   whether every verification value was within epsilon
 * @param seconds    the benchmark's timed section, seconds (max over processes)
 * @param mops       Mop/s by NPB's formula for this kernel
 * @param run        the BSP run with per-process synchronization statistics
 * @param details    kernel-specific extras for the report and JSON (e.g. computed vs reference values,
 *                   supersteps), insertion-ordered
 */
public record NpbResult(String kernel, char npbClass, String size, int iterations, boolean verified,
                        double seconds, double mops, RunResult run, Map<String, Object> details) {
}
