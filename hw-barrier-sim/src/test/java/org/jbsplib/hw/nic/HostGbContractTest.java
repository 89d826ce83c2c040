package org.jbsplib.hw.nic;

import org.jbsplib.hw.model.BarrierModel;
import org.jbsplib.hw.model.BarrierModelContract;

class HostGbContractTest extends BarrierModelContract {
    @Override
    protected BarrierModel newModel(int parties) {
        return new NicBarrierModel(NicParameters.schema("host-gb").parse("host-gb/lanai72"),
            NicAlgorithm.HOST_GB, parties);
    }
}
