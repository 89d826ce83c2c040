package org.jbsplib.hw.bsr;

import org.jbsplib.hw.model.BarrierModel;
import org.jbsplib.hw.model.BarrierModelContract;

class BsrIrregularContractTest extends BarrierModelContract {
    @Override
    protected BarrierModel newModel(int parties) {
        return new BsrBarrierModel(BsrParameters.schema().parse("bsr/irregular"), parties);
    }
}
