package org.jbsplib.core.barrier;

import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import org.agrona.DirectBuffer;
import org.jbsplib.api.spi.Barrier;
import org.jbsplib.api.spi.BarrierChannel;
import org.jbsplib.api.spi.BarrierProvider;

/**
 * Backend {@code closecount} (tests only): the central barrier, counting the ports a run closes, so that a test can
 * check that the runtime closes every process's barrier.
 */
public final class CloseCountingBarrierProvider implements BarrierProvider {
    /** Barriers closed since the last reset. */
    static final AtomicInteger CLOSED = new AtomicInteger();

    @Override
    public String name() {
        return "closecount";
    }

    @Override
    public String description() {
        return "tests only: the central barrier, counting closed ports";
    }

    @Override
    public Barrier create(final BarrierChannel channel, final Map<String, String> options) {
        final Barrier inner = Barriers.provider("central").create(channel, options);
        return new Barrier() {
            @Override
            public void arrive() {
                inner.arrive();
            }

            @Override
            public boolean isReleased() {
                return inner.isReleased();
            }

            @Override
            public void onFrame(final int srcPid, final int type, final DirectBuffer buffer, final int offset,
                final int length) {
                inner.onFrame(srcPid, type, buffer, offset, length);
            }

            @Override
            public long episode() {
                return inner.episode();
            }

            @Override
            public void close() {
                inner.close();
                CLOSED.incrementAndGet();
            }
        };
    }
}
