package org.jbsplib.hw.papers;

import org.jbsplib.hw.model.BarrierModel;
import org.jbsplib.hw.model.BarrierModelContract;

class Papers2OpContractTest extends BarrierModelContract {
    @Override
    protected BarrierModel newModel(int parties) {
        return new PapersBarrierModel(PapersParameters.schema().parse("papers/papers0-2op"), parties);
    }
}
