package org.jbsplib.trace;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The timeline of a trace as one self-contained HTML page (no network): one lane per process, supersteps as
 * blocks, computation, commit and sync shaded apart, arrows from the process waited for to the waiter on demand,
 * zoom with the wheel and pan by dragging.
 *
 * <p>The page draws on a {@code <canvas>}, never one element per block, from compact data embedded in it: per
 * process, delta-coded integer arrays (each superstep's gap from the previous end, its computation and its sync, in
 * ns) and its counts. Where more blocks than a quarter of the pixels are visible, each pixel column is drawn once
 * with the share of computation and waiting it covers, so 30,000 supersteps (LU class A) stay fluid.
 *
 * <pre>{@code
 * TimelinePage.write(TraceReader.read(dir), Path.of("timeline.html"));
 * }</pre>
 */
public final class TimelinePage {
    private static final String TEMPLATE = "timeline.html";
    private static final String DATA = "/*DATA*/";

    private TimelinePage() {
    }

    /**
     * Writes the page.
     *
     * @param trace the trace
     * @param out   the HTML file to write
     * @throws UncheckedIOException naming {@code out} when it cannot be written
     */
    public static void write(final Trace trace, final Path out) {
        final String html = template().replace(DATA, data(trace));
        try {
            Files.writeString(out, html, StandardCharsets.UTF_8);
        } catch (final IOException e) {
            throw new UncheckedIOException("html=" + out + " cannot be written: " + e.getMessage(), e);
        }
    }

    private static String template() {
        try (InputStream in = TimelinePage.class.getResourceAsStream(TEMPLATE)) {
            if (in == null) {
                throw new IllegalStateException(TEMPLATE + " is missing from the bsplib-trace jar");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** @return the page's data as JSON, safe inside a script element */
    static String data(final Trace trace) {
        final StringBuilder sb = new StringBuilder(64 + trace.procs() * trace.supersteps() * 40);
        sb.append("{\"procs\":").append(trace.procs()).append(",\"sync\":");
        string(sb, trace.sync());
        sb.append(",\"barrier\":");
        string(sb, trace.barrier());
        sb.append(",\"supersteps\":").append(trace.supersteps()).append(",\"virtual\":").append(trace.virtualClock());
        sb.append(",\"lanes\":[");
        for (int p = 0; p < trace.procs(); p++) {
            lane(sb.append(p == 0 ? "" : ","), trace.steps().get(p));
        }
        sb.append("],\"commits\":[");
        for (int p = 0; p < trace.procs(); p++) {
            sb.append(p == 0 ? "[" : ",[");
            long t = 0;
            boolean firstValue = true;
            for (final Trace.CommitCall c : trace.commits().get(p)) {
                sb.append(firstValue ? "" : ",").append(c.startNs() - t).append(',').append(c.ns()).append(',')
                    .append(c.waitNs()).append(',').append(c.reg()).append(',').append(c.n());
                t = c.startNs();
                firstValue = false;
            }
            sb.append(']');
        }
        sb.append("],\"waits\":[");
        final long[] lastArrivals = lastArrivals(trace);
        for (int p = 0; p < trace.procs(); p++) {
            sb.append(p == 0 ? "[" : ",[");
            waits(sb, trace, p, lastArrivals);
            sb.append(']');
        }
        sb.append("]}");
        return sb.toString().replace("</", "<\\/");
    }

    private static void lane(final StringBuilder sb, final List<Trace.Step> steps) {
        final int n = steps.size();
        final long[][] cols = new long[10][n];
        long end = 0;
        for (int i = 0; i < n; i++) {
            final Trace.Step s = steps.get(i);
            cols[0][i] = s.startNs() - end;
            cols[1][i] = s.syncStartNs() - s.startNs();
            cols[2][i] = s.syncNs();
            cols[3][i] = s.commitNs();
            cols[4][i] = s.waitNs();
            cols[5][i] = s.bytesOut();
            cols[6][i] = s.bytesIn();
            cols[7][i] = s.puts();
            cols[8][i] = s.gets();
            cols[9][i] = s.sends();
            end = s.endNs();
        }
        final String[] names = {"s", "c", "y", "m", "w", "o", "i", "p", "g", "e"};
        sb.append('{');
        for (int k = 0; k < names.length; k++) {
            sb.append(k == 0 ? "\"" : ",\"").append(names[k]).append("\":[");
            for (int i = 0; i < n; i++) {
                sb.append(i == 0 ? "" : ",").append(cols[k][i]);
            }
            sb.append(']');
        }
        sb.append('}');
    }

    /**
     * @return per superstep, the pid that entered the sync last (the one a classic sync's processes wait for), or
     *     -1 where processes recorded whom they waited for (RBS)
     */
    private static long[] lastArrivals(final Trace trace) {
        final int n = trace.supersteps();
        final long[] last = new long[n];
        final boolean rbs = trace.sync().startsWith("rbs");
        for (int k = 0; k < n; k++) {
            long latest = Long.MIN_VALUE;
            last[k] = -1;
            for (int p = 0; p < trace.procs() && !rbs; p++) {
                final List<Trace.Step> steps = trace.steps().get(p);
                if (k < steps.size() && steps.get(k).syncStartNs() > latest) {
                    latest = steps.get(k).syncStartNs();
                    last[k] = p;
                }
            }
        }
        return last;
    }

    private static void waits(final StringBuilder sb, final Trace trace, final int p, final long[] lastArrivals) {
        boolean firstValue = true;
        final List<Trace.Step> steps = trace.steps().get(p);
        for (int k = 0; k < steps.size(); k++) {
            final Trace.Step s = steps.get(k);
            boolean recorded = false;
            for (int q = 0; q < trace.procs(); q++) {
                if (s.waitedFor(q)) {
                    sb.append(firstValue ? "" : ",").append(k).append(',').append(q);
                    firstValue = false;
                    recorded = true;
                }
            }
            final long last = lastArrivals[k];
            if (!recorded && last >= 0 && last != p && trace.procs() > 1) {
                sb.append(firstValue ? "" : ",").append(k).append(',').append(last);
                firstValue = false;
            }
        }
    }

    private static void string(final StringBuilder sb, final String s) {
        sb.append('"');
        for (int i = 0; i < s.length(); i++) {
            final char c = s.charAt(i);
            if (c == '"' || c == '\\') {
                sb.append('\\').append(c);
            } else if (c < 0x20) {
                sb.append(String.format("\\u%04x", (int) c));
            } else {
                sb.append(c);
            }
        }
        sb.append('"');
    }
}
