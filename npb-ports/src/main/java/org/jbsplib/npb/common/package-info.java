/**
 * What the NAS Parallel Benchmark ports share: the {@link org.jbsplib.npb.common.NpbKernel} SPI and its
 * {@link org.jbsplib.npb.common.NpbResult}, the official verification values
 * ({@link org.jbsplib.npb.common.VerificationData}, read from the classpath copy of
 * {@code shared/npb/verification.json}), kernel options carried in the run's configuration
 * ({@link org.jbsplib.npb.common.NpbOptions}), the NPB-style report and JSON
 * ({@link org.jbsplib.npb.common.NpbReport}) and the {@code ./bsp npb} command
 * ({@link org.jbsplib.npb.common.NpbCommand}).
 *
 * <p>A kernel plugs in by implementing {@code NpbKernel} and listing itself in
 * {@code META-INF/services/org.jbsplib.npb.common.NpbKernel}:
 * <pre>{@code
 * ./bsp npb ft --class A --procs 4 --sync rbs --json ft-a-4.json
 * }</pre>
 */
package org.jbsplib.npb.common;
