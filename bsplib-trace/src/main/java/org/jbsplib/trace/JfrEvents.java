package org.jbsplib.trace;

import jdk.jfr.Category;
import jdk.jfr.DataAmount;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Timespan;

/**
 * The JDK Flight Recorder events of a traced process ({@code jfr print --categories JBSPlib rec.jfr}). Each is
 * committed when its superstep or commit call has ended, with its durations in fields; a recording that enables
 * them ({@code -XX:StartFlightRecording}, or {@code jdk.jfr.Recording}) before a run starts gets them even without
 * a trace directory. Off-cost when disabled: a tracer checks {@link Event#isEnabled()} before filling any field.
 */
public final class JfrEvents {
    private JfrEvents() {
    }

    /** One process's superstep: its computation, commits and sync, and what it moved. */
    @Name("org.jbsplib.Superstep")
    @Label("BSP Superstep")
    @Category({"JBSPlib", "Superstep"})
    @Description("One superstep of one BSP process: computation from its start to sync, then the sync")
    @StackTrace(false)
    public static final class Superstep extends Event {
        @Label("Pid")
        public int pid;
        @Label("Superstep")
        public long superstep;
        @Label("Computation")
        @Timespan(Timespan.NANOSECONDS)
        @Description("from the superstep's start to sync(), commit calls included")
        public long computeNs;
        @Label("Commit")
        @Timespan(Timespan.NANOSECONDS)
        public long commitNs;
        @Label("Sync")
        @Timespan(Timespan.NANOSECONDS)
        public long syncNs;
        @Label("Waiting")
        @Timespan(Timespan.NANOSECONDS)
        public long waitNs;
        @Label("Bytes Out")
        @DataAmount
        public long bytesOut;
        @Label("Bytes In")
        @DataAmount
        public long bytesIn;
        @Label("Frames Out")
        public long framesOut;
        @Label("Frames In")
        public long framesIn;
        @Label("Puts")
        public int puts;
        @Label("Gets")
        public int gets;
        @Label("Sends")
        public int sends;
        @Label("Waited For")
        @Description("bit q set: the process waited for pid q (pids 0..63; RBS)")
        public long waitedFor;
    }

    /** One sync call. */
    @Name("org.jbsplib.Sync")
    @Label("BSP Sync")
    @Category({"JBSPlib", "Sync"})
    @StackTrace(false)
    public static final class Sync extends Event {
        @Label("Pid")
        public int pid;
        @Label("Superstep")
        public long superstep;
        @Label("Sync")
        @Timespan(Timespan.NANOSECONDS)
        public long syncNs;
        @Label("Barrier")
        @Timespan(Timespan.NANOSECONDS)
        public long barrierNs;
        @Label("Waiting")
        @Timespan(Timespan.NANOSECONDS)
        public long waitNs;
        @Label("Bytes Out")
        @DataAmount
        public long bytesOut;
        @Label("Bytes In")
        @DataAmount
        public long bytesIn;
    }

    /** One {@code commit(reg, n)} call: its time, the part of it spent waiting for updates, reg and n. */
    @Name("org.jbsplib.Commit")
    @Label("BSP Commit")
    @Category({"JBSPlib", "Commit"})
    @StackTrace(false)
    public static final class Commit extends Event {
        @Label("Pid")
        public int pid;
        @Label("Superstep")
        public long superstep;
        @Label("Commit")
        @Timespan(Timespan.NANOSECONDS)
        public long commitNs;
        @Label("Waiting")
        @Timespan(Timespan.NANOSECONDS)
        @Description("the part of the commit spent idle waiting for the registration's updates (RBS)")
        public long waitNs;
        @Label("Registration")
        @Description("the registration's slot, reg#slot in error messages")
        public int reg;
        @Label("Updates")
        @Description("n of commit(reg, n)")
        public int n;
    }

    /** The barrier episode of one sync (classic phase 1, the RBS count exchange). */
    @Name("org.jbsplib.BarrierEpisode")
    @Label("BSP Barrier Episode")
    @Category({"JBSPlib", "Barrier"})
    @StackTrace(false)
    public static final class BarrierEpisode extends Event {
        @Label("Pid")
        public int pid;
        @Label("Superstep")
        public long superstep;
        @Label("Barrier")
        @Timespan(Timespan.NANOSECONDS)
        public long barrierNs;
        @Label("Modelled Latency")
        @Timespan(Timespan.NANOSECONDS)
        @Description("the hardware model's latency of the episode, 0 without a model")
        public long modelledNs;
    }
}
