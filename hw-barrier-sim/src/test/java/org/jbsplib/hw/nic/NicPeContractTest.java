package org.jbsplib.hw.nic;

import org.jbsplib.hw.model.BarrierModel;
import org.jbsplib.hw.model.BarrierModelContract;

class NicPeContractTest extends BarrierModelContract {
    @Override
    protected BarrierModel newModel(int parties) {
        return new NicBarrierModel(NicParameters.schema("nic-pe").parse("nic-pe/lanai43"),
            NicAlgorithm.NIC_PE, parties);
    }
}
