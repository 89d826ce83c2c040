/**
 * Barrier backends that synchronize BSP processes through models of barrier hardware described in four papers:
 * the PAPERS unit ({@link org.jbsplib.hw.papers}), the Reflex ring barrier ({@link org.jbsplib.hw.reflex}), the
 * BSR tree on a wormhole network ({@link org.jbsplib.hw.bsr}) and NIC-based barriers over Myrinet/GM
 * ({@link org.jbsplib.hw.nic}). Shared parameter parsing, episode reports and the emulate/account release clock live
 * in {@link org.jbsplib.hw.model}; {@link org.jbsplib.hw.HwBarrierModels} creates a model from a spec string.
 */
package org.jbsplib.hw;
