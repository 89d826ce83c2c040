package org.jbsplib.examples.barrier;

import java.util.Map;

import org.jbsplib.api.spi.Barrier;
import org.jbsplib.api.spi.BarrierChannel;
import org.jbsplib.api.spi.BarrierProvider;

/** Registers {@link RingBarrier} as backend {@code ring} (see {@code META-INF/services} of the tests). */
public final class RingBarrierProvider implements BarrierProvider {
    @Override
    public String name() {
        return "ring";
    }

    @Override
    public String description() {
        return "example: a token around a ring of processes, then a release along it (user-written, tests only)";
    }

    @Override
    public Barrier create(final BarrierChannel channel, final Map<String, String> options) {
        if (!options.isEmpty()) {
            throw new IllegalArgumentException("barrier ring takes no options, got " + options);
        }
        return new RingBarrier(channel);
    }
}
