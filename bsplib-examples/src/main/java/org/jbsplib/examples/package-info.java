/**
 * Classic BSP example programs for {@code ./bsp example NAME}, built on {@code bsplib-collectives}: sample sort,
 * dense LU with partial pivoting (2-D cyclic), a radix-2 FFT, a sparse matrix-vector product with {@code get}, the
 * inner product, and one example per collective; each checks itself against a sequential computation
 * ({@link org.jbsplib.examples.CheckedExample}). Also {@code ./bsp bench params}, the BSP machine parameters r, g
 * and l ({@link org.jbsplib.examples.BenchParamsCommand}).
 */
package org.jbsplib.examples;
