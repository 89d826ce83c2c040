package org.jbsplib.hw.nic;

import org.jbsplib.hw.model.BarrierModel;
import org.jbsplib.hw.model.BarrierModelContract;

class HostPeContractTest extends BarrierModelContract {
    @Override
    protected BarrierModel newModel(int parties) {
        return new NicBarrierModel(NicParameters.schema("host-pe").parse("host-pe/lanai72"),
            NicAlgorithm.HOST_PE, parties);
    }
}
