/**
 * The PAPERS unit (Muhammad's thesis, Purdue 1995): per-PE output latches and the barrier, anti-barrier and interrupt
 * logic evaluated as the PAL equations of §5.4 ({@link org.jbsplib.hw.papers.PapersUnit}), PEs running the port
 * operation sequences of §4.2.3 and §6.5 against it in modelled time ({@link org.jbsplib.hw.papers.PapersCluster}),
 * and the {@link org.jbsplib.hw.model.BarrierModel} over both ({@link org.jbsplib.hw.papers.PapersBarrierModel}).
 */
package org.jbsplib.hw.papers;
