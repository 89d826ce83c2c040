/**
 * The relaxed barrier synchronization (sync mode {@code rbs}): {@link org.jbsplib.rbs.RelaxedSync}, the
 * producer-to-consumer req/ack protocol with superstep timestamps and {@code commit}, its per-superstep count
 * exchange fallback ({@link org.jbsplib.rbs.ExchangePolicy}), and the {@code bench-sync} CLI command comparing
 * T_sync of the classic and the relaxed sync.
 */
package org.jbsplib.rbs;
