package org.jbsplib.trace;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.wire.DocumentContext;

/**
 * Reads a trace directory: every JVM's queue ({@code DIR/jvm-*}), merged into one {@link Trace}. Each queue's
 * {@code System.nanoTime()} values are moved onto the wall clock with its header's pair of clock readings, so the
 * JVMs of a run share one time line (to the precision of their wall clocks); virtual times are taken as they are.
 *
 * <pre>{@code
 * Trace t = TraceReader.read(Path.of("trace-out"));
 * }</pre>
 */
public final class TraceReader {
    private TraceReader() {
    }

    /**
     * @param dir a directory a traced run wrote
     * @return the merged trace
     * @throws IllegalArgumentException naming {@code dir} when it holds no trace, or queues of different runs
     */
    public static Trace read(final Path dir) {
        final List<Path> queues = queues(dir);
        final List<Queue> read = new ArrayList<>();
        for (final Path q : queues) {
            read.add(readQueue(q));
        }
        final Queue first = read.get(0);
        for (final Queue q : read) {
            if (q.procs != first.procs || q.virtual != first.virtual) {
                throw new IllegalArgumentException("trace=" + dir + " mixes runs: " + q.dir + " has procs=" + q.procs
                    + " but " + first.dir + " has procs=" + first.procs);
            }
        }
        return merge(first, read);
    }

    /** @return the subdirectories {@code run-i} of {@code dir} that hold a queue, in run order */
    private static List<String> repeatedRuns(final Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.getFileName().toString().matches("run-\\d+") && Files.isDirectory(p.resolve(
                TraceLayout.QUEUE_PREFIX + "0"))).map(p -> p.getFileName().toString())
                .sorted(Comparator.comparingInt(n -> Integer.parseInt(n.substring(4)))).toList();
        }
    }

    private static List<Path> queues(final Path dir) {
        if (!Files.isDirectory(dir)) {
            throw new IllegalArgumentException("trace=" + dir + " is not a directory");
        }
        try (Stream<Path> s = Files.list(dir)) {
            final List<Path> found = s.filter(p -> Files.isDirectory(p)
                && p.getFileName().toString().startsWith(TraceLayout.QUEUE_PREFIX)).sorted().toList();
            if (found.isEmpty()) {
                final List<String> runs = repeatedRuns(dir);
                if (!runs.isEmpty()) {
                    // ./bsp npb ... --repeat N --trace DIR traces run i into DIR/run-i
                    throw new IllegalArgumentException("trace=" + dir + " holds the traces of a repeated run ("
                        + String.join(", ", runs) + "): give one of them, e.g. " + dir.resolve(runs.get(0)));
                }
                throw new IllegalArgumentException("trace=" + dir + " holds no trace (no " + TraceLayout.QUEUE_PREFIX
                    + "* queue): run a program with --trace " + dir);
            }
            return found;
        } catch (final IOException e) {
            throw new UncheckedIOException("trace=" + dir + ": " + e.getMessage(), e);
        }
    }

    /** One JVM's queue, its times still on its own clock. */
    private static final class Queue {
        final Path dir;
        int procs = -1;
        boolean virtual;
        long epochNs;
        long nanoTimeNs;
        String sync = "";
        String barrier = "";
        String transport = "";
        String machine = "";
        final List<Trace.Step> steps = new ArrayList<>();
        final List<Trace.CommitCall> commits = new ArrayList<>();

        Queue(final Path dir) {
            this.dir = dir;
        }

        long offset() {
            return virtual ? 0 : epochNs - nanoTimeNs;
        }
    }

    private static Queue readQueue(final Path dir) {
        final Queue q = new Queue(dir);
        try (ChronicleQueue queue = ChronicleTraceProvider.queue(dir, true);
             ExcerptTailer tailer = queue.createTailer()) {
            while (true) {
                try (DocumentContext dc = tailer.readingDocument()) {
                    if (!dc.isPresent()) {
                        break;
                    }
                    readDocument(q, dc.wire().bytes());
                }
            }
        }
        if (q.procs < 0) {
            throw new IllegalArgumentException("trace queue " + dir + " has no header: it was not written by a traced "
                + "run, or the run could not start");
        }
        return q;
    }

    private static void readDocument(final Queue q, final Bytes<?> b) {
        final int kind = b.readInt();
        if (kind == TraceLayout.BATCH) {
            for (int i = 0, n = b.readInt(); i < n; i++) {
                readRecord(q, b, b.readInt());
            }
        } else {
            readRecord(q, b, kind);
        }
    }

    private static void readRecord(final Queue q, final Bytes<?> b, final int kind) {
        switch (kind) {
            case TraceLayout.HEADER -> {
                final int version = b.readInt();
                if (version != TraceLayout.VERSION) {
                    throw new IllegalArgumentException("trace queue " + q.dir + " has layout version=" + version
                        + ", this reader knows " + TraceLayout.VERSION);
                }
                q.procs = b.readInt();
                q.epochNs = b.readLong();
                q.nanoTimeNs = b.readLong();
                q.virtual = b.readInt() != 0;
                q.sync = b.readUtf8();
                q.barrier = b.readUtf8();
                q.transport = b.readUtf8();
                q.machine = b.readUtf8();
            }
            case TraceLayout.SUPERSTEP -> {
                final int pid = b.readInt();
                final long superstep = b.readLong();
                final long[] v = new long[11];
                for (int i = 0; i < v.length; i++) {
                    v[i] = b.readLong();
                }
                final int puts = b.readInt();
                final int gets = b.readInt();
                final int sends = b.readInt();
                final long[] waited = new long[b.readInt()];
                for (int w = 0; w < waited.length; w++) {
                    waited[w] = b.readLong();
                }
                q.steps.add(new Trace.Step(pid, superstep, v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8], v[9],
                    puts, gets, sends, v[10], waited));
            }
            case TraceLayout.PROCESS -> b.readInt();
            case TraceLayout.COMMIT -> q.commits.add(new Trace.CommitCall(b.readInt(), b.readLong(), b.readLong(),
                b.readLong(), b.readLong(), b.readInt(), b.readInt()));
            default -> throw new IllegalArgumentException("trace queue " + q.dir + " holds a record of kind=" + kind
                + ", not one of a trace");
        }
    }

    private static Trace merge(final Queue first, final List<Queue> queues) {
        final int p = first.procs;
        long origin = Long.MAX_VALUE;
        for (final Queue q : queues) {
            for (final Trace.Step s : q.steps) {
                origin = Math.min(origin, s.startNs() + q.offset());
            }
        }
        final List<List<Trace.Step>> steps = new ArrayList<>();
        final List<List<Trace.CommitCall>> commits = new ArrayList<>();
        for (int i = 0; i < p; i++) {
            steps.add(new ArrayList<>());
            commits.add(new ArrayList<>());
        }
        for (final Queue q : queues) {
            final long shift = q.offset() - origin;
            for (final Trace.Step s : q.steps) {
                steps.get(s.pid()).add(new Trace.Step(s.pid(), s.superstep(), s.startNs() + shift,
                    s.syncStartNs() + shift, s.syncNs(), s.commitNs(), s.barrierNs(), s.waitNs(), s.bytesOut(),
                    s.bytesIn(), s.framesOut(), s.framesIn(), s.puts(), s.gets(), s.sends(), s.modelledNs(),
                    s.waitedFor()));
            }
            for (final Trace.CommitCall c : q.commits) {
                commits.get(c.pid()).add(new Trace.CommitCall(c.pid(), c.superstep(), c.startNs() + shift, c.ns(),
                    c.waitNs(), c.reg(), c.n()));
            }
        }
        for (int i = 0; i < p; i++) {
            steps.get(i).sort(Comparator.comparingLong(Trace.Step::superstep));
            steps.set(i, List.copyOf(steps.get(i)));
            commits.set(i, List.copyOf(commits.get(i)));
        }
        return new Trace(p, first.sync, first.barrier, first.transport, first.machine, first.virtual, queues.size(),
            List.copyOf(steps), List.copyOf(commits));
    }
}
