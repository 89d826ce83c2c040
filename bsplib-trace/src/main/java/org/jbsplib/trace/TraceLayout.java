package org.jbsplib.trace;

/**
 * The journal's record layout: every document of a trace queue starts with an int kind. One {@link #HEADER} per
 * queue (the run, written when the JVM opens it), one {@link #PROCESS} per process of the JVM, then {@link #BATCH}es
 * holding one fixed-size {@link #SUPERSTEP} record per process and superstep and one {@link #COMMIT} per
 * {@code commit()} call, little-endian; each process appends its own records in order, from an in-memory buffer
 * when it is full and when the run ends, up to {@code DOCUMENT_RECORDS} (4096) per batch.
 *
 * <pre>
 * BATCH      int kind, int count, then count records (SUPERSTEP or COMMIT) of one process
 * SUPERSTEP  int kind, int pid, long superstep, long startNs, long syncStartNs, long syncNs, long commitNs,
 *            long barrierNs, long waitNs, long bytesOut, long bytesIn, long framesOut, long framesIn,
 *            long modelledNs, int puts, int gets, int sends, int words, long[words] waitedFor
 * COMMIT     int kind, int pid, long superstep, long startNs, long ns, long waitNs, int reg, int n
 * PROCESS    int kind, int pid
 * HEADER     int kind, int version, int procs, long epochNs, long nanoTimeNs, int virtualClock (0/1),
 *            utf8 sync, utf8 barrier, utf8 transport, utf8 machine, int locals, int[locals] localPids
 * </pre>
 * {@code words} is {@code ceil(procs / 64)} for the whole run, so superstep records have one size per run.
 * {@code epochNs} and {@code nanoTimeNs} were read together when the JVM opened its queue: the reader puts the
 * queues of several JVMs on one time line with them.
 */
public final class TraceLayout {
    /** The run's description, first in every queue. */
    public static final int HEADER = 0x42535048;
    /** One process's superstep. */
    public static final int SUPERSTEP = 1;
    /** One commit call. */
    public static final int COMMIT = 2;
    /** A process's tracer was made (written before the run starts, so that no superstep pays for the first write). */
    public static final int PROCESS = 3;
    /** A process's records, appended together: int count, then that many SUPERSTEP or COMMIT records. */
    public static final int BATCH = 4;
    /** The layout's version, in the header (2: commit records carry their waiting, reg and n). */
    public static final int VERSION = 2;
    /** The name of each JVM's queue directory inside a trace directory: this prefix and the JVM's lowest pid. */
    public static final String QUEUE_PREFIX = "jvm-";

    private TraceLayout() {
    }

    /**
     * @param procs the run's processes
     * @return the words of a superstep record's waited-for bit set
     */
    public static int words(final int procs) {
        return (procs + 63) >>> 6;
    }

    /**
     * @param procs the run's processes
     * @return the bytes of one superstep record (the larger of the two kinds of record in a batch)
     */
    public static int superstepBytes(final int procs) {
        return 4 * 2 + 8 * 12 + 4 * 4 + 8 * words(procs);
    }
}
