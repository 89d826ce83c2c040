package org.jbsplib.hw.reflex;

import org.jbsplib.hw.model.BarrierModel;
import org.jbsplib.hw.model.BarrierModelContract;

class ReflexInfinibandContractTest extends BarrierModelContract {
    @Override
    protected BarrierModel newModel(int parties) {
        return new ReflexBarrierModel(ReflexParameters.schema().parse("reflex/infiniband"), parties);
    }
}
