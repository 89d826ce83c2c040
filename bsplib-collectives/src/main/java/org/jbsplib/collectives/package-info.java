/**
 * Collective operations for BSP programs, written on the {@link org.jbsplib.api.Bsp} interface only (this module
 * depends on {@code bsplib-api} alone), so they run under every transport and sync mode:
 * {@link org.jbsplib.collectives.Collectives} holds one process's scratch registrations and offers broadcast,
 * reduce/allReduce, scan, gather/allGather, scatter, allToAll/allToAllv and a sample sort on every array type the
 * API registers ({@code byte[]}, {@code int[]}, {@code long[]}, {@code double[]});
 * {@link org.jbsplib.collectives.ByteBinaryOperator} is the {@code byte} operator the JDK lacks.
 *
 * <p>Every collective calls {@code commit(reg, k)} with the exact number of puts it expects after each of its
 * syncs, so under the relaxed barrier synchronization a process waits only for the processes that send to it,
 * as the relaxed-barrier paper proposes for broadcast, fold, scan, gather, scatter and sort. The class comment of
 * {@code Collectives} gives the rules (supersteps, what the caller may touch, registrations) and each method its
 * cost in the BSP model.
 */
package org.jbsplib.collectives;
