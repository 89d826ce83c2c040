/**
 * Example BSP programs, runnable with {@code ./bsp example NAME}: the broadcast of Figure 1 of the
 * relaxed-barrier paper, an inner product, and a BSMP message exchange. Each prints its lines in pid order (one
 * superstep per pid, the BSP way of ordering output) and keeps its result for tests and {@code --json}.
 */
package org.jbsplib.core.examples;
