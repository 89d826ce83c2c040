package org.jbsplib.aeron;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The endpoints of an {@code aeron-udp} run, read from a host file ({@code --hosts FILE}): one line per JVM (one
 * media driver each), in rank order, with the address the others reach it at, how many processes it hosts and the
 * UDP port of its first process's inbox. The processes of a line are consecutive: line {@code j} hosts pids
 * {@code j*K .. j*K+K-1} and pid {@code j*K+i} listens on {@code port+i}. Every line hosts the same number of
 * processes (the ranks per JVM). Blank lines and text after {@code #} are ignored.
 *
 * <pre>
 * # address    ranks  first-port
 * 10.0.0.1     2      40100        # pids 0 and 1, ports 40100 and 40101
 * 10.0.0.2     2      40100        # pids 2 and 3
 * </pre>
 *
 * <p>Several JVMs on one host are several lines with the same address and ports that do not overlap. Immutable.
 *
 * @param lines the JVMs, in rank order
 */
public record Hosts(List<Line> lines) {
    /** System property: the host file, when {@code --hosts} is not given (a program started by {@code mpirun}). */
    public static final String HOSTS_PROP = "bsplib.hosts";
    /** The {@link org.jbsplib.core.BspConfig#option} key {@code --hosts} sets. */
    public static final String HOSTS_OPTION = "hosts";

    /**
     * One JVM of the run.
     *
     * @param address   the host's address (name or IP) the other JVMs send to
     * @param ranks     the processes this JVM hosts
     * @param firstPort the UDP port of its first process's inbox (0: any free port, in one JVM only)
     */
    public record Line(String address, int ranks, int firstPort) {
    }

    /** Copies the lines. */
    public Hosts {
        lines = List.copyOf(lines);
    }

    /**
     * @param nprocs the run's number of processes
     * @return every process in one JVM on the loopback interface, on ports the operating system picks
     */
    public static Hosts loopback(final int nprocs) {
        return new Hosts(List.of(new Line("127.0.0.1", nprocs, 0)));
    }

    /**
     * Reads and checks a host file.
     *
     * @param file the file
     * @return its hosts
     * @throws IllegalArgumentException if the file cannot be read or a line is malformed, naming the line
     */
    public static Hosts read(final Path file) {
        final List<String> text;
        try {
            text = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (final IOException | UncheckedIOException e) {
            throw new IllegalArgumentException("hosts=" + file + " cannot be read: " + e, e);
        }
        return parse(file.toString(), text);
    }

    /**
     * @param name  the file's name, for messages
     * @param text  its lines
     * @return the hosts
     * @throws IllegalArgumentException if a line is malformed, naming the file, the line and the value
     */
    static Hosts parse(final String name, final List<String> text) {
        final List<Line> lines = new ArrayList<>();
        final Map<String, Integer> taken = new HashMap<>();
        for (int n = 0; n < text.size(); n++) {
            final int hash = text.get(n).indexOf('#');
            final String line = (hash < 0 ? text.get(n) : text.get(n).substring(0, hash)).strip();
            if (line.isEmpty()) {
                continue;
            }
            final String at = name + ":" + (n + 1);
            final String[] f = line.split("\\s+");
            if (f.length != 3) {
                throw new IllegalArgumentException(at + ": '" + line + "' must be 'ADDRESS RANKS FIRST-PORT'");
            }
            final int ranks = number(at, "ranks", f[1]);
            final int port = number(at, "first-port", f[2]);
            if (ranks < 1) {
                throw new IllegalArgumentException(at + ": ranks=" + ranks + " must be >= 1");
            }
            if (port < 1 || port + ranks - 1 > 65_535) {
                throw new IllegalArgumentException(at + ": first-port=" + port + " with ranks=" + ranks
                    + " must give ports in 1..65535");
            }
            if (!lines.isEmpty() && ranks != lines.get(0).ranks()) {
                throw new IllegalArgumentException(at + ": ranks=" + ranks + " differs from ranks="
                    + lines.get(0).ranks() + " of the first line (every JVM hosts the same number of processes)");
            }
            for (int p = port; p < port + ranks; p++) {
                final Integer other = taken.put(f[0] + ":" + p, n + 1);
                if (other != null) {
                    throw new IllegalArgumentException(at + ": port " + f[0] + ":" + p + " is already taken by line "
                        + other);
                }
            }
            lines.add(new Line(f[0], ranks, port));
        }
        if (lines.isEmpty()) {
            throw new IllegalArgumentException("hosts=" + name + " names no host");
        }
        return new Hosts(lines);
    }

    private static int number(final String at, final String what, final String value) {
        try {
            return Integer.parseInt(value);
        } catch (final NumberFormatException e) {
            throw new IllegalArgumentException(at + ": " + what + "=" + value + " is not an integer", e);
        }
    }

    /** @return the run's number of processes: the sum over the lines */
    public int procs() {
        return lines.size() * lines.get(0).ranks();
    }

    /** @return processes per JVM */
    public int ranksPerJvm() {
        return lines.get(0).ranks();
    }

    /**
     * @param pid a process
     * @return {@code address:port} of its inbox
     */
    public String endpoint(final int pid) {
        final Line l = lines.get(pid / ranksPerJvm());
        return l.address() + ":" + (l.firstPort() == 0 ? 0 : l.firstPort() + pid % ranksPerJvm());
    }

    /** @return the host file's text, as {@link #read} reads it */
    public String format() {
        final StringBuilder b = new StringBuilder("# address ranks first-port\n");
        for (final Line l : lines) {
            b.append(l.address()).append(' ').append(l.ranks()).append(' ').append(l.firstPort()).append('\n');
        }
        return b.toString();
    }
}
