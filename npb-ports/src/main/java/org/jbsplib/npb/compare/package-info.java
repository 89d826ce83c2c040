/**
 * {@code ./bsp compare}: the relaxed-barrier paper's experiment (Figures 5 and 6) as one command. The
 * {@link org.jbsplib.npb.compare.CompareCommand} runs a matrix of {@link org.jbsplib.npb.compare.Configuration}s with a
 * warm-up and repeats each ({@code CompareRunner}), keeps every run as a {@link org.jbsplib.npb.compare.RunRecord} in
 * {@link org.jbsplib.npb.compare.Results} ({@code results.json}, {@code results.csv}), summarizes the measured runs
 * ({@link org.jbsplib.npb.compare.ConfigSummary}: medians and ranges; failed runs and warm-ups never count), and draws
 * ({@link org.jbsplib.npb.compare.CompareCharts}) and reports ({@link org.jbsplib.npb.compare.CompareReport}) with the
 * bsplib-report module.
 *
 * <pre>{@code
 * ./bsp compare --kernels ft,lu --class S --procs 1,2,4 --sync org,rbs --repeat 2 --out cmp
 * }</pre>
 */
package org.jbsplib.npb.compare;
