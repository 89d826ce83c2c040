/**
 * The JBSPlib public API: the BSPlib primitive set in Java shape.
 *
 * <p>A BSP program is a {@link org.jbsplib.api.BspProgram} run by P processes (SPMD). Each process gets its own
 * {@link org.jbsplib.api.Bsp} context: {@code pid}, {@code nprocs}, {@code time}, {@code abort}; DRMA
 * ({@code pushReg}, {@code popReg}, {@code put}, {@code get}, {@code hpPut}, {@code hpGet}); BSMP
 * ({@code setTagSize}, {@code send}, {@code qsize}, {@code getTag}, {@code move}, {@code hpMove}); {@code sync}
 * and {@code commit}.
 *
 * <p>The runtime that executes programs lives in {@code bsplib-core} ({@code org.jbsplib.core.BspRuntime}).
 * Barrier backends are plugged in through {@link org.jbsplib.api.spi}.
 */
package org.jbsplib.api;
