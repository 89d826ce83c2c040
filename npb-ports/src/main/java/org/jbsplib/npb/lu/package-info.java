/**
 * NAS LU on the BSP API: the SSOR solver of the NPB LU benchmark over NPB's 2-D grid of processes, its pipelined
 * wavefronts written as one superstep per k-plane stage, verified against the official values of
 * {@code npb/verification.json}. {@link org.jbsplib.npb.lu.LuKernel} is the {@code lu} kernel of
 * {@code ./bsp npb}.
 *
 * <p>{@link org.jbsplib.npb.lu.LuKernel} runs one {@code LuProcess} per BSP process, the driver of SSOR; its parts
 * follow NPB's source files: {@code LuExact} (exact, setbv, setiv), {@code LuRhs} (rhs, erhs), {@code LuJacobians}
 * (jacld, jacu), {@code LuTriangular} (blts, buts), {@code LuExchange} (exchange_1, exchange_3 to 6, the
 * reductions) and {@code LuNorms} (l2norm, error, pintgr), sharing the block's arrays through {@code LuBlock}.
 */
package org.jbsplib.npb.lu;
