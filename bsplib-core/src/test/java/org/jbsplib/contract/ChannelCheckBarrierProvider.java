package org.jbsplib.contract;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.jbsplib.api.spi.Barrier;
import org.jbsplib.api.spi.BarrierChannel;
import org.jbsplib.api.spi.BarrierProvider;

/**
 * Backend {@code channelcheck} (tests only), written as a user's backend is, on the SPI alone: every process sends
 * every other one frame per episode and is released when it has P-1 frames of that episode. Its {@code create}
 * records what the channel answers to misuse, for {@link BarrierChannelContractTest}.
 */
public final class ChannelCheckBarrierProvider implements BarrierProvider {
    /** What each process's channel answered, by pid: one line per check. */
    static final Map<Integer, List<String>> SEEN = new ConcurrentHashMap<>();

    @Override
    public String name() {
        return "channelcheck";
    }

    @Override
    public String description() {
        return "tests only: all-to-all frames, checking the channel's answers to misuse";
    }

    @Override
    public Barrier create(final BarrierChannel channel, final Map<String, String> options) {
        final List<String> seen = new CopyOnWriteArrayList<>();
        SEEN.put(channel.pid(), seen);
        final int me = channel.pid();
        final int p = channel.nprocs();
        record(seen, "type=16", () -> channel.send((me + 1) % p, BarrierChannel.MAX_TYPE + 1, 1L));
        record(seen, "type=-1", () -> channel.send((me + 1) % p, -1, 1L));
        record(seen, "dst=own", () -> channel.send(me, 0, 1L));
        record(seen, "dst=P", () -> channel.send(p, 0, 1L));
        record(seen, "too long", () -> channel.send((me + 1) % p, 0,
            new UnsafeBuffer(new byte[channel.maxFrameLength() + 1]), 0, channel.maxFrameLength() + 1));
        record(seen, "signal", () -> channel.signal((me + 1) % p, 0L));
        seen.add("shared=" + (channel.sharedMemory() ? channel.sharedState("channelcheck", Object::new) : "none"));
        return new Barrier() {
            private long episode;
            private final long[] frames = new long[2];
            private boolean released = true;

            @Override
            public void arrive() {
                if (!released) {
                    throw new IllegalStateException("channelcheck: arrive() twice in episode " + episode);
                }
                episode++;
                released = p == 1;
                for (int q = 0; q < p; q++) {
                    if (q != me) {
                        channel.send(q, 0, episode);
                    }
                }
                isReleased();
            }

            @Override
            public boolean isReleased() {
                if (!released && frames[(int) (episode & 1)] == p - 1) {
                    frames[(int) (episode & 1)] = 0;
                    released = true;
                }
                return released;
            }

            @Override
            public void onFrame(final int srcPid, final int type, final DirectBuffer buffer, final int offset,
                final int length) {
                frames[(int) (buffer.getLong(offset) & 1)]++; // a process is at most one episode ahead
            }

            @Override
            public long episode() {
                return episode;
            }
        };
    }

    private static void record(final List<String> seen, final String what, final Runnable call) {
        try {
            call.run();
            seen.add(what + ": no exception");
        } catch (final RuntimeException e) {
            seen.add(what + ": " + e.getClass().getSimpleName() + ": " + e.getMessage());
        }
    }
}
