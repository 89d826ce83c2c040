package org.jbsplib.vtime;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The named machines of {@code --machine virtual:PRESET}. Each preset's provenance is in its {@link #source}; the
 * table with the same sources is in {@code bsplib-vtime/README.md}. Where a figure is an assumption the source says
 * so. Every preset charges measured computation ({@code cpu=auto}: the thread's CPU time where it can be read) with
 * {@code cpuScale=1}; override with {@code ;cpuScale=...} to model a slower processor. Stateless.
 *
 * <pre>{@code
 * NetworkModel sp2 = Presets.get("sp2-us");
 * }</pre>
 */
public final class Presets {
    /** Myrinet link rate 1.28 Gbit/s = 160 MB/s, so G = 6.25 ns/byte (assumed for both LANai cards). */
    static final double MYRINET_G = 6.25;
    /** One 700 MHz TILE64 cycle, ns. */
    static final double TILE64_CYCLE_NS = 1e3 / 700;

    private static final Map<String, NetworkModel> PRESETS = new LinkedHashMap<>();
    private static final Map<String, String> SOURCES = new LinkedHashMap<>();

    static {
        // IBM SP2 HPS, user space (MPL/US): about 40 µs one way, 35-40 MB/s. One way = 2o + L = 40 µs; the split
        // into o = 10 µs and L = 20 µs is an assumption.
        add("sp2-us", 20_000, 10_000, 10_000, 1e9 / 35e6,
            "IBM SP2 High Performance Switch, user space (MPL/US): one-way latency about 40 us and 35-40 MB/s (M. Snir "
                + "et al., The communication software and parallel environment of the IBM SP2, IBM Systems Journal "
                + "34(2), 1995; the Univ. of Michigan SP2 as described at sdsc.edu/~majumdar/thesis/node56.html: "
                + "40 us, 40 MBytes/s with MPL). 2o + L = 40 us; o = g = 10 us, L = 20 us is an assumed split; "
                + "G = 1/(35 MB/s) = 28.6 ns/B");
        // IBM SP2 HPS over IP: "several times slower" than US. No retrieved source gives its figures: ASSUMED.
        add("sp2-ip", 100_000, 50_000, 50_000, 100.0,
            "IBM SP2 High Performance Switch, IP protocol over the same switch: ASSUMED figures, not from a "
                + "retrieved source: one way 2o + L = 200 us (5x user space), o = g = 50 us, L = 100 us, 10 MB/s "
                + "(G = 100 ns/B). The SP2 documentation (e.g. ORNL CSEP, SP2 communication methods) says only that IP "
                + "is slower than US and may share the switch with other jobs");
        // Myrinet/GM host-based pairwise exchange, fitted like hw-barrier-sim's host-pe presets: one PE round is
        // 2h + 3d + n (Buntinas, Panda, Sadayappan, eq. 1), with o = h (host Send = HRecv) and L = 3d + n.
        add("myrinet-lanai43", 17_106, 14_173, 14_173, MYRINET_G,
            "Myrinet/GM, LANai 4.3 (Buntinas, Panda, Sadayappan, NIC-based barrier over Myrinet/GM): host-based "
                + "PE barrier of 16 nodes = 102.14 us x 1.78 = 181.8 us, 4 rounds of 2o + L = 45.45 us; o = host "
                + "Send = HRecv = 14.17 us and L = SDMA + Recv + RDMA + network = 17.11 us from the same fit as "
                + "hw-barrier-sim (network 1 us assumed); G = 6.25 ns/B from the 1.28 Gbit/s link (assumed)");
        add("myrinet-lanai72", 8_359, 10_861, 10_861, MYRINET_G,
            "Myrinet/GM, LANai 7.2 (same paper): host-based PE barrier of 8 nodes = 90.24 us, 3 rounds of 2o + L = "
                + "30.08 us; o = 10.86 us, L = 8.36 us from the hw-barrier-sim fit (network 1 us assumed); "
                + "G = 6.25 ns/B (assumed)");
        add("infiniband", 7_400, 1_000, 1_000, 0.5,
            "InfiniBand, LogGP figures of Netgauge/MVAPICH measurements (T. Hoefler et al., LogGP in theory and "
                + "practice; Netgauge): L about 7.4 us (half a round trip), o about 1 us, g about 1 us, "
                + "G about 0.5 ns/B");
        // TILE64: the Reflex paper gives one 700 MHz cycle per static-network hop (section IV-A).
        add("tile64", Math.round(7 * TILE64_CYCLE_NS), Math.round(10 * TILE64_CYCLE_NS),
            Math.round(10 * TILE64_CYCLE_NS), TILE64_CYCLE_NS / 4,
            "TILE64 on-chip network (Reflex barrier paper, section IV-A: one 700 MHz cycle = 1.43 ns per hop): "
                + "L = 7 cycles (the mean 5.25 hops of an 8x8 mesh plus entering and leaving the switch), o = g = 10 "
                + "cycles (assumed, as hw-barrier-sim's reflex/tile64 overhead), G = one cycle per 32-bit word");
        add("local", 30, 40, 40, 0.1,
            "this kind of host's threads transport: a 32-byte round trip through an Agrona ManyToOneRingBuffer "
                + "between 2 busy-spinning threads measured 0.22 us median (DEPENDENCIES.md), so one way "
                + "2o + L = 0.11 us with o = g = 40 ns, L = 30 ns; G = 0.1 ns/B (about 10 GB/s memory copy)");
    }

    private Presets() {
    }

    private static void add(final String name, final long l, final long o, final long g, final double bigG,
        final String source) {
        PRESETS.put(name, new NetworkModel(name, l, o, g, bigG, CpuClock.AUTO, 1.0, 0));
        SOURCES.put(name, source);
    }

    /**
     * @param name a preset name
     * @return its model
     * @throws IllegalArgumentException naming the value and the known presets
     */
    public static NetworkModel get(final String name) {
        final NetworkModel m = PRESETS.get(name);
        if (m == null) {
            throw new IllegalArgumentException("machine preset=" + name + " is not known (known: "
                + String.join(", ", PRESETS.keySet()) + ")");
        }
        return m;
    }

    /** @return the source of a preset's figures, or {@code null} for an unknown name */
    public static String source(final String name) {
        return SOURCES.get(name);
    }

    /** @return every preset, by name, in a stable order */
    public static Map<String, NetworkModel> all() {
        return Collections.unmodifiableMap(PRESETS);
    }
}
