/**
 * NAS FT on the BSP API: the 3-D FFT PDE solver of the NAS Parallel Benchmarks, written from the algorithm.
 *
 * <p>{@link org.jbsplib.npb.ft.FtKernel} is the {@code ft} kernel of {@code ./bsp npb};
 * {@link org.jbsplib.npb.ft.FtProgram} is the SPMD program; {@link org.jbsplib.npb.ft.FtPencils} one process's
 * share of the grid (NPB MPI's 1-D slab layout, or its 2-D pencil layout when P exceeds nz or ny) with the
 * FFTs and the transposes' puts; {@link org.jbsplib.npb.ft.LineFft} the blocked Stockham FFT on many lines at
 * once; {@link org.jbsplib.npb.ft.Randlc} NPB's random number generator; {@link org.jbsplib.npb.ft.SerialFt}
 * the plain serial twin the parallel kernel is checked against. Sizes and reference values come from
 * {@link org.jbsplib.npb.common.VerificationData} only.
 *
 * <pre>{@code
 * NpbResult r = new FtKernel().run('A', new BspConfig().procs(4).syncMode("org"), System.err);
 * }</pre>
 */
package org.jbsplib.npb.ft;
