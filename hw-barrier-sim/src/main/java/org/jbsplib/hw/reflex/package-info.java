/**
 * The Reflex barrier (Anbar, Serres, El-Ghazawi): a ring of multicasting switches with credit-based flow control,
 * where a core turns its switch off by leaving its input buffer full and on by draining it, and the root runs the
 * Init / Notify / Wait of Algorithm 1 ({@link org.jbsplib.hw.reflex.ReflexRing}); timing is LogGP with a per-hop term.
 * {@link org.jbsplib.hw.reflex.ReflexBarrierModel} is the {@link org.jbsplib.hw.model.BarrierModel} over it.
 */
package org.jbsplib.hw.reflex;
