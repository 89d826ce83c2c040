package org.jbsplib.hw.model;

/**
 * What one barrier episode cost on the modelled hardware: the modelled latency and the counts of the modelled
 * events that produced it. Counts a model does not have stay 0.
 *
 * <p>{@code latencyNs} is the time from the last arrival to the last modelled release. For simultaneous arrivals it is
 * the barrier latency the papers report.
 */
public final class EpisodeReport {
    private final String backend;
    private final long episode;
    private final int parties;
    private final long latencyNs;
    private final long lastArrivalNs;
    private final long lastReleaseNs;
    private final long portOperations;
    private final long flits;
    private final long hops;
    private final long messages;
    private final long preemptions;

    private EpisodeReport(final Builder b) {
        this.backend = b.backend;
        this.episode = b.episode;
        this.parties = b.parties;
        this.lastArrivalNs = b.lastArrivalNs;
        this.lastReleaseNs = b.lastReleaseNs;
        this.latencyNs = b.lastReleaseNs - b.lastArrivalNs;
        this.portOperations = b.portOperations;
        this.flits = b.flits;
        this.hops = b.hops;
        this.messages = b.messages;
        this.preemptions = b.preemptions;
    }

    /** @return a builder for one episode of {@code backend} */
    public static Builder builder(final String backend, final long episode, final int parties) {
        return new Builder(backend, episode, parties);
    }

    public String backend() {
        return backend;
    }

    public long episode() {
        return episode;
    }

    public int parties() {
        return parties;
    }

    /** @return modelled time from the last arrival to the last release, ns */
    public long latencyNs() {
        return latencyNs;
    }

    public long lastArrivalNs() {
        return lastArrivalNs;
    }

    public long lastReleaseNs() {
        return lastReleaseNs;
    }

    /** @return printer-port operations performed by all PEs (PAPERS) */
    public long portOperations() {
        return portOperations;
    }

    /** @return flits moved through switches (Reflex, BSR) */
    public long flits() {
        return flits;
    }

    /** @return switch-to-switch hops taken by all messages */
    public long hops() {
        return hops;
    }

    /** @return messages or packets sent */
    public long messages() {
        return messages;
    }

    /** @return channels preempted from data worms (BSR) */
    public long preemptions() {
        return preemptions;
    }

    @Override
    public String toString() {
        return backend + " episode=" + episode + " P=" + parties + " latencyNs=" + latencyNs
            + " portOps=" + portOperations + " flits=" + flits + " hops=" + hops + " messages=" + messages
            + " preemptions=" + preemptions;
    }

    /** Mutable counts filled by a model while it steps one episode. */
    public static final class Builder {
        private final String backend;
        private final long episode;
        private final int parties;
        private long lastArrivalNs;
        private long lastReleaseNs;
        private long portOperations;
        private long flits;
        private long hops;
        private long messages;
        private long preemptions;

        private Builder(final String backend, final long episode, final int parties) {
            this.backend = backend;
            this.episode = episode;
            this.parties = parties;
        }

        public Builder portOperations(final long n) {
            portOperations += n;
            return this;
        }

        public Builder flits(final long n) {
            flits += n;
            return this;
        }

        public Builder hops(final long n) {
            hops += n;
            return this;
        }

        public Builder messages(final long n) {
            messages += n;
            return this;
        }

        public Builder preemptions(final long n) {
            preemptions += n;
            return this;
        }

        /** Sets the time span from the arrays of one episode. */
        public Builder span(final long[] arrivalNs, final long[] releaseNs) {
            long a = Long.MIN_VALUE;
            long r = Long.MIN_VALUE;
            for (int i = 0; i < arrivalNs.length; i++) {
                a = Math.max(a, arrivalNs[i]);
                r = Math.max(r, releaseNs[i]);
            }
            lastArrivalNs = a;
            lastReleaseNs = r;
            return this;
        }

        public EpisodeReport build() {
            return new EpisodeReport(this);
        }
    }
}
