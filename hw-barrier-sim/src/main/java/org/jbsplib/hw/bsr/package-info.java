/**
 * The BSR-tree barrier on a wormhole network of switches (Sun, Cheung, Lin): an arbitrary topology with deterministic
 * up&#42;/down&#42; unicast routing or a 2-D mesh with X-Y routing ({@link org.jbsplib.hw.bsr.BsrTopology});
 * routers with
 * status tables that build the BSR tree from the first barrier's reduction messages by the BNT 0/1/2 protocol of
 * Fig. 4, then reduce and distribute along it, with background data worms that barrier messages either preempt
 * (the first switch architecture of §3) or wait for ({@link org.jbsplib.hw.bsr.BsrNetwork}); and the
 * {@link org.jbsplib.hw.model.BarrierModel} over it ({@link org.jbsplib.hw.bsr.BsrBarrierModel}).
 */
package org.jbsplib.hw.bsr;
