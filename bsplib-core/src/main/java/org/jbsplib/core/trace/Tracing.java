package org.jbsplib.core.trace;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;

import org.jbsplib.core.BspConfig;

/**
 * Finds the {@link TraceProvider}s with {@link ServiceLoader} and opens a run's {@link TraceSink}.
 *
 * <pre>{@code
 * TraceSink sink = Tracing.open(config, new int[] {0, 1, 2, 3});  // null when nothing traces the run
 * }</pre>
 */
public final class Tracing {
    /** The module that provides the trace journal, named in the error when it is missing. */
    public static final String MODULE = "bsplib-trace (org.jbsplib:bsplib-trace)";

    private Tracing() {
    }

    /** @return every provider on the class path, in the order {@link ServiceLoader} finds them */
    public static List<TraceProvider> providers() {
        final List<TraceProvider> found = new ArrayList<>();
        for (final TraceProvider p : ServiceLoader.load(TraceProvider.class)) {
            found.add(p);
        }
        return found;
    }

    /**
     * Checks that a run asking for a trace directory can have one.
     *
     * @param dir the trace directory a configuration names
     * @throws IllegalStateException naming {@code dir} and the missing module if no provider is on the class path
     */
    public static void requireProvider(final Path dir) {
        if (providers().isEmpty()) {
            throw missing(dir);
        }
    }

    private static IllegalStateException missing(final Path dir) {
        return new IllegalStateException("trace=" + dir + " needs the module " + MODULE + " on the class path: "
            + "no " + TraceProvider.class.getName() + " was found");
    }

    /**
     * Opens the sink of a run's processes in this JVM: the first provider's for a run with a trace directory,
     * otherwise the first provider that wants to trace it anyway.
     *
     * @param config    the run's concluded configuration
     * @param localPids the processes this JVM runs, ascending
     * @return the sink, or {@code null} when the run is not traced
     * @throws IllegalStateException if the configuration names a trace directory and no provider is found
     */
    public static TraceSink open(final BspConfig config, final int[] localPids) {
        final Path dir = config.traceDir();
        final List<TraceProvider> found = providers();
        if (dir != null && found.isEmpty()) {
            throw missing(dir);
        }
        for (final TraceProvider p : found) {
            final TraceSink sink = p.open(dir, config, localPids);
            if (sink != null) {
                return sink;
            }
        }
        return null;
    }
}
