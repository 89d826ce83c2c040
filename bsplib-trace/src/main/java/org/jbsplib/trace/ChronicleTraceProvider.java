package org.jbsplib.trace;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import jdk.jfr.EventType;
import jdk.jfr.FlightRecorder;
import net.openhft.chronicle.queue.ChronicleQueue;
import org.jbsplib.core.BspConfig;
import org.jbsplib.core.trace.TraceProvider;
import org.jbsplib.core.trace.TraceSink;

/**
 * The trace journal, found by {@link java.util.ServiceLoader}: a run with a trace directory gets one Chronicle
 * queue per JVM in {@code DIR/jvm-<lowest pid of the JVM>}; a run without one is traced for JFR only, when a flight
 * recording that enables the {@link JfrEvents} is running as it starts.
 */
public final class ChronicleTraceProvider implements TraceProvider {
    /** Chronicle sends usage analytics unless this property is set; set here before any Chronicle class loads. */
    static final String ANALYTICS_PROP = "chronicle.analytics.disable";

    static {
        if (System.getProperty(ANALYTICS_PROP) == null) {
            System.setProperty(ANALYTICS_PROP, "true");
        }
    }

    /** Creates the provider (ServiceLoader). */
    public ChronicleTraceProvider() {
    }

    @Override
    public TraceSink open(final Path dir, final BspConfig config, final int[] localPids) {
        if (dir == null) {
            return jfrWanted() ? new JournalSink(null, config, localPids) : null;
        }
        if (localPids.length == 0) {
            return null;
        }
        final Path queueDir = dir.resolve(TraceLayout.QUEUE_PREFIX + localPids[0]);
        if (Files.exists(queueDir)) {
            throw new IllegalArgumentException("trace=" + dir + " already holds a trace (" + queueDir + "): give an "
                + "empty or new directory");
        }
        try {
            Files.createDirectories(queueDir);
        } catch (final IOException e) {
            // a directory the user named that cannot be used is bad input, as the one that already holds a trace
            throw new IllegalArgumentException("trace=" + dir + ": cannot create " + queueDir + ": " + e, e);
        }
        return new JournalSink(queue(queueDir, false), config, localPids);
    }

    /**
     * Opens a trace queue; going through this class sets {@value #ANALYTICS_PROP} before Chronicle loads.
     *
     * @param dir      the queue's directory
     * @param readOnly whether to open it for reading only
     * @return the queue
     */
    static ChronicleQueue queue(final Path dir, final boolean readOnly) {
        return ChronicleQueue.singleBuilder(dir).readOnly(readOnly).build();
    }

    /** @return whether a running flight recording enables one of the events (without starting the recorder) */
    static boolean jfrWanted() {
        if (!FlightRecorder.isInitialized()) {
            return false;
        }
        for (final Class<? extends jdk.jfr.Event> c : java.util.List.of(JfrEvents.Superstep.class,
            JfrEvents.Sync.class, JfrEvents.Commit.class, JfrEvents.BarrierEpisode.class)) {
            if (EventType.getEventType(c).isEnabled()) {
                return true;
            }
        }
        return false;
    }
}
