package org.jbsplib.hw.spi;

import java.util.Map;

import org.jbsplib.api.spi.Barrier;
import org.jbsplib.api.spi.BarrierChannel;
import org.jbsplib.api.spi.BarrierProvider;
import org.jbsplib.hw.HwBarrierModels;
import org.jbsplib.hw.model.Parameters;
import org.jbsplib.hw.model.ReleaseMode;

/**
 * The barrier SPI face of one hardware model. Options: {@code preset} (a preset name of the backend), {@code mode}
 * ({@code emulate}, the default, or {@code account}) and any parameter key of the backend, e.g.
 * {@code papers:preset=papers0-2op,portOpsPerSec=1e6}. The model is one object per run: on a transport whose
 * processes share memory, every process calls it ({@link HwBarrier}); elsewhere pid 0 holds it and the arrivals
 * travel to it in frames ({@link HwMessageBarrier}), in both modes where the processes read one clock (one host,
 * e.g. {@code aeron-ipc}) and in {@code account} mode only where they do not ({@code aeron-udp}).
 */
public abstract class HwBarrierProvider implements BarrierProvider {
    /** Option naming the preset. */
    public static final String PRESET = "preset";
    /** Option naming the release mode. */
    public static final String MODE = "mode";

    private final String backend;

    protected HwBarrierProvider(final String backend) {
        this.backend = backend;
    }

    @Override
    public final String name() {
        return backend;
    }

    /** Runs everywhere: on shared memory, or with the arrivals in frames to pid 0's model. */
    @Override
    public final boolean needsSharedMemory() {
        return false;
    }

    /** Both modes where the processes read one clock; {@code account} only elsewhere. */
    @Override
    public final String supportOn(final boolean sharedMemory, final boolean sharedClock) {
        return sharedMemory || sharedClock ? "" : "mode=account";
    }

    @Override
    public final Barrier create(final BarrierChannel channel, final Map<String, String> options) {
        final String spec = spec(backend, options);
        final Parameters parameters = HwBarrierModels.parameters(spec); // fails on unknown keys or bad values
        final ReleaseMode mode = ReleaseMode.parse(options.getOrDefault(MODE, "emulate"));
        final int nprocs = channel.nprocs();
        if (!channel.sharedMemory()) {
            if (channel.virtualTime()) {
                throw new IllegalArgumentException("barrier=" + backend + " on a virtual-time machine needs a "
                    + "transport whose processes share memory, not transport=" + channel.transport());
            }
            if (mode == ReleaseMode.EMULATE && !channel.sharedClock()) {
                throw new IllegalArgumentException("barrier=" + backend + ":mode=emulate holds each process until "
                    + "a release time on one clock, but the processes of transport=" + channel.transport()
                    + " may run on several hosts with clocks of their own; use mode=account (the arrivals are "
                    + "stamped on pid 0's clock as they reach its model)");
            }
            return new HwMessageBarrier(channel, channel.pid() == 0 ? HwBarrierModels.create(spec, nprocs) : null,
                mode, backend);
        }
        final HwBarrier.Shared shared = channel.sharedState("org.jbsplib.hw.spi:" + parameters,
            () -> new HwBarrier.Shared(HwBarrierModels.create(spec, nprocs), nprocs));
        return new HwBarrier(channel, shared, mode, backend);
    }

    /** @return the model spec {@code backend[/preset][:key=value,...]} for SPI options */
    static String spec(final String backend, final Map<String, String> options) {
        final StringBuilder sb = new StringBuilder(backend);
        final String preset = options.get(PRESET);
        if (preset != null) {
            sb.append('/').append(preset);
        }
        char sep = ':';
        for (Map.Entry<String, String> e : options.entrySet()) {
            if (e.getKey().equals(PRESET) || e.getKey().equals(MODE)) {
                continue;
            }
            sb.append(sep).append(e.getKey()).append('=').append(e.getValue());
            sep = ',';
        }
        return sb.toString();
    }

    /** {@code papers}: the PAPERS unit. */
    public static final class Papers extends HwBarrierProvider {
        public Papers() {
            super("papers");
        }

        @Override
        public String description() {
            return "model of the PAPERS unit (printer-port barrier hardware, Purdue); presets papers0, papers0-2op";
        }
    }

    /** {@code reflex}: the Reflex ring. */
    public static final class Reflex extends HwBarrierProvider {
        public Reflex() {
            super("reflex");
        }

        @Override
        public String description() {
            return "model of the Reflex barrier (ring of switches, credit flow control); presets tile64, infiniband";
        }
    }

    /** {@code bsr}: the BSR tree on a wormhole network. */
    public static final class Bsr extends HwBarrierProvider {
        public Bsr() {
            super("bsr");
        }

        @Override
        public String description() {
            return "model of the BSR-tree barrier on a wormhole network; presets irregular, irregular-ts1000, mesh";
        }
    }

    /** {@code nic-gb}. */
    public static final class NicGb extends HwBarrierProvider {
        public NicGb() {
            super("nic-gb");
        }

        @Override
        public String description() {
            return "model of the NIC-based gather-broadcast barrier over Myrinet/GM; presets lanai43, lanai72";
        }
    }

    /** {@code nic-pe}. */
    public static final class NicPe extends HwBarrierProvider {
        public NicPe() {
            super("nic-pe");
        }

        @Override
        public String description() {
            return "model of the NIC-based pairwise-exchange barrier over Myrinet/GM; presets lanai43, lanai72";
        }
    }

    /** {@code host-gb}. */
    public static final class HostGb extends HwBarrierProvider {
        public HostGb() {
            super("host-gb");
        }

        @Override
        public String description() {
            return "model of the host-based gather-broadcast barrier over Myrinet/GM; presets lanai43, lanai72";
        }
    }

    /** {@code host-pe}. */
    public static final class HostPe extends HwBarrierProvider {
        public HostPe() {
            super("host-pe");
        }

        @Override
        public String description() {
            return "model of the host-based pairwise-exchange barrier over Myrinet/GM; presets lanai43, lanai72";
        }
    }
}
