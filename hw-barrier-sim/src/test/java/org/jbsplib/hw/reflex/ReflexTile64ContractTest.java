package org.jbsplib.hw.reflex;

import org.jbsplib.hw.model.BarrierModel;
import org.jbsplib.hw.model.BarrierModelContract;

class ReflexTile64ContractTest extends BarrierModelContract {
    @Override
    protected BarrierModel newModel(int parties) {
        return new ReflexBarrierModel(ReflexParameters.schema().parse("reflex/tile64"), parties);
    }
}
