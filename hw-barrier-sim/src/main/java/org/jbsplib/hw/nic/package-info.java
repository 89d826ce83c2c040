/**
 * NIC-based and host-based barriers over Myrinet/GM (Buntinas, Panda, Sadayappan): gather-and-broadcast (GB) and
 * pairwise exchange (PE), run either by a modelled NIC (one LANai processor serializing the SDMA, RECV and RDMA state
 * machine actions) or by the host. {@link org.jbsplib.hw.nic.NicCluster} is the discrete-event model;
 * {@link org.jbsplib.hw.nic.NicBarrierModel} drives it as a {@link org.jbsplib.hw.model.BarrierModel};
 * {@link org.jbsplib.hw.nic.NicCalibration} fits the per-step costs to the paper's PE figures.
 */
package org.jbsplib.hw.nic;
