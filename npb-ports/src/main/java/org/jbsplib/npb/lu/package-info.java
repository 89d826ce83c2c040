/**
 * NAS LU on the BSP API: the SSOR solver of the NPB LU benchmark over NPB's 2-D grid of processes, its pipelined
 * wavefronts written as one superstep per k-plane stage, verified against the official values of
 * {@code npb/verification.json}. {@link org.jbsplib.npb.lu.LuKernel} is the {@code lu} kernel of
 * {@code ./bsp npb}.
 */
package org.jbsplib.npb.lu;
