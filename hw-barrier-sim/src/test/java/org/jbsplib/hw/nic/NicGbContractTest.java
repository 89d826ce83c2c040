package org.jbsplib.hw.nic;

import org.jbsplib.hw.model.BarrierModel;
import org.jbsplib.hw.model.BarrierModelContract;

class NicGbContractTest extends BarrierModelContract {
    @Override
    protected BarrierModel newModel(int parties) {
        return new NicBarrierModel(NicParameters.schema("nic-gb").parse("nic-gb/lanai43"),
            NicAlgorithm.NIC_GB, parties);
    }
}
