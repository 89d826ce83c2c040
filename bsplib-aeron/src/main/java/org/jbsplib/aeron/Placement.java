package org.jbsplib.aeron;

import java.io.File;
import java.util.Map;

/**
 * Which processes of a run this JVM hosts, and where the media driver is. A launcher ({@code ./bsp ... --transport
 * aeron-ipc}) passes them as system properties; a cluster's own launcher ({@code mpirun}, {@code srun}) through its
 * environment variables, read when the properties are absent. With neither, this JVM hosts every process and starts
 * its own embedded media driver (one JVM, useful for tests and for comparing transports).
 *
 * <p>JVM {@code j} of {@code n} hosts processes {@code j*K .. j*K+K-1} where {@code K} is the ranks per JVM, so
 * {@code n * K} must equal the run's number of processes.
 *
 * @param jvmRank     this JVM's rank among the run's JVMs
 * @param jvms        how many JVMs the run has
 * @param ranksPerJvm processes per JVM
 * @param aeronDir    the media driver's directory, or {@code null} for an embedded driver
 */
public record Placement(int jvmRank, int jvms, int ranksPerJvm, String aeronDir) {
    /** System property: this JVM's rank. */
    public static final String RANK_PROP = "bsplib.rank";
    /** System property: the number of JVMs. */
    public static final String JVMS_PROP = "bsplib.jvms";
    /** System property: processes per JVM (default 1). */
    public static final String RANKS_PER_JVM_PROP = "bsplib.ranksPerJvm";
    /** System property: the media driver's directory (the launcher's driver). */
    public static final String AERON_DIR_PROP = "bsplib.aeron.dir";
    /**
     * System property: the directory in which new media driver directories ({@code jbsplib-aeron-*}) are made; by
     * default {@code /dev/shm} where it exists, else {@code java.io.tmpdir}.
     */
    public static final String DRIVER_ROOT_PROP = "bsplib.aeron.driverRoot";
    /** Rank and size variables of cluster launchers, in the order they are tried. */
    static final String[][] ENV_RANK_SIZE = {
        {"OMPI_COMM_WORLD_RANK", "OMPI_COMM_WORLD_SIZE"},
        {"PMI_RANK", "PMI_SIZE"},
        {"SLURM_PROCID", "SLURM_NTASKS"},
    };

    /**
     * @return the directory in which new media driver directories are made: {@link #DRIVER_ROOT_PROP} when set, else
     *     {@code /dev/shm} where it exists, else {@code java.io.tmpdir}
     * @throws IllegalArgumentException if {@link #DRIVER_ROOT_PROP} names no directory, naming its value
     */
    public static File driverRoot() {
        final String root = System.getProperty(DRIVER_ROOT_PROP);
        if (root != null) {
            if (!new File(root).isDirectory()) {
                throw new IllegalArgumentException("-D" + DRIVER_ROOT_PROP + "=" + root + " is not a directory");
            }
            return new File(root);
        }
        final File shm = new File("/dev/shm");
        return shm.isDirectory() ? shm : new File(System.getProperty("java.io.tmpdir"));
    }

    /**
     * @param nprocs the run's number of processes
     * @param props  the system properties to read
     * @param env    the environment to read when the properties are absent
     * @return this JVM's placement
     * @throws IllegalArgumentException if the values do not fit together, naming them
     */
    public static Placement of(final int nprocs, final Map<?, ?> props, final Map<String, String> env) {
        final String dir = (String) props.get(AERON_DIR_PROP);
        final int perJvm = intOf(RANKS_PER_JVM_PROP, props.get(RANKS_PER_JVM_PROP), 1);
        int rank = -1;
        int jvms = -1;
        if (props.get(RANK_PROP) != null) {
            rank = intOf(RANK_PROP, props.get(RANK_PROP), -1);
            jvms = intOf(JVMS_PROP, props.get(JVMS_PROP), nprocs / perJvm);
        } else {
            for (final String[] vars : ENV_RANK_SIZE) {
                if (env.get(vars[0]) != null && env.get(vars[1]) != null) {
                    rank = intOf(vars[0], env.get(vars[0]), -1);
                    jvms = intOf(vars[1], env.get(vars[1]), -1);
                    break;
                }
            }
        }
        if (rank < 0) {
            return new Placement(0, 1, nprocs, dir);
        }
        if (perJvm < 1 || jvms < 1 || rank >= jvms || (long) jvms * perJvm != nprocs) {
            throw new IllegalArgumentException("rank=" + rank + " of jvms=" + jvms + " with ranksPerJvm=" + perJvm
                + " does not give procs=" + nprocs + " (jvms * ranksPerJvm must equal procs, 0 <= rank < jvms)");
        }
        if (dir == null) {
            throw new IllegalArgumentException(AERON_DIR_PROP + "=null: a JVM of a run over several JVMs (rank="
                + rank + " of " + jvms + ") needs the directory of the host's media driver (-D" + AERON_DIR_PROP
                + "=DIR; ./bsp starts one and sets it)");
        }
        return new Placement(rank, jvms, perJvm, dir);
    }

    /**
     * The placement of an {@code aeron-udp} run: the JVMs and processes per JVM from the host file, this JVM's rank
     * from {@code -Dbsplib.rank} or a cluster launcher's variables. Without a rank, a one-line file runs every
     * process here. Each JVM of a UDP run starts its own media driver, in {@code -Dbsplib.aeron.dir} when set (the
     * launcher sets it, to remove it even when the JVM is killed), else in a new temporary directory.
     *
     * @param nprocs the run's number of processes
     * @param hosts  the host file's hosts
     * @param props  the system properties to read
     * @param env    the environment to read when the properties are absent
     * @return this JVM's placement
     * @throws IllegalArgumentException if the values do not fit the host file, naming them
     */
    public static Placement ofHosts(final int nprocs, final Hosts hosts, final Map<?, ?> props,
        final Map<String, String> env) {
        if (hosts.procs() != nprocs) {
            throw new IllegalArgumentException("procs=" + nprocs + " differs from the " + hosts.procs()
                + " processes of the host file (" + hosts.lines().size() + " JVMs x " + hosts.ranksPerJvm() + ")");
        }
        int rank = -1;
        int jvms = hosts.lines().size();
        if (props.get(RANK_PROP) != null) {
            rank = intOf(RANK_PROP, props.get(RANK_PROP), -1);
            jvms = intOf(JVMS_PROP, props.get(JVMS_PROP), jvms);
        } else {
            for (final String[] vars : ENV_RANK_SIZE) {
                if (env.get(vars[0]) != null && env.get(vars[1]) != null) {
                    rank = intOf(vars[0], env.get(vars[0]), -1);
                    jvms = intOf(vars[1], env.get(vars[1]), -1);
                    break;
                }
            }
        }
        if (rank < 0 && jvms == 1) {
            return new Placement(0, 1, nprocs, null);
        }
        if (rank < 0 || rank >= jvms || jvms != hosts.lines().size()) {
            throw new IllegalArgumentException("rank=" + rank + " of jvms=" + jvms + " does not fit the host file's "
                + hosts.lines().size() + " lines (one JVM per line; set -D" + RANK_PROP + " or start the JVMs with "
                + "./bsp, mpirun or srun)");
        }
        return new Placement(rank, jvms, hosts.ranksPerJvm(), (String) props.get(AERON_DIR_PROP));
    }

    private static int intOf(final String name, final Object value, final int fallback) {
        if (value == null) {
            return fallback;
        }
        try {
            return Integer.parseInt(value.toString().trim());
        } catch (final NumberFormatException e) {
            throw new IllegalArgumentException(name + "=" + value + " is not an integer", e);
        }
    }

    /** @return whether this JVM hosts every process and its own driver */
    public boolean alone() {
        return jvms == 1;
    }

    /** @return the first process this JVM hosts */
    public int firstPid() {
        return jvmRank * ranksPerJvm;
    }

    /**
     * @param pid a process
     * @return whether this JVM hosts it
     */
    public boolean isLocal(final int pid) {
        return pid >= firstPid() && pid < firstPid() + ranksPerJvm;
    }
}
