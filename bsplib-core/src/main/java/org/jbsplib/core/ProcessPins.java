package org.jbsplib.core;

import java.util.concurrent.atomic.AtomicBoolean;

import org.jbsplib.core.affinity.CpuAffinity;

/**
 * The CPUs of one run's processes under {@link Pinning}: decided once when the run starts, applied by each
 * process's thread to itself.
 *
 * <p>Threading: immutable once made; {@link #pin(int)} acts on the calling thread.
 */
final class ProcessPins {
    private static final ProcessPins NONE = new ProcessPins(null);
    private static final AtomicBoolean WARNED = new AtomicBoolean();

    /** CPU of each pid, or null when the run pins nothing. */
    private final int[] cpus;

    private ProcessPins(final int[] cpus) {
        this.cpus = cpus;
    }

    /**
     * Decides the run's CPUs. Where pinning was asked for ({@link Pinning#ON}) and does not apply, says why on
     * standard error, once per JVM.
     *
     * @param config    the concluded configuration
     * @param allLocal  whether this JVM runs every process
     * @return the run's pins
     */
    static ProcessPins plan(final BspConfig config, final boolean allLocal) {
        final Pinning mode = config.pinning();
        if (!mode.pins()) {
            return NONE;
        }
        final int[] allowed = CpuAffinity.unavailableReason() == null ? CpuAffinity.cpus(CpuAffinity.current())
            : null;
        final String reason = whyNot(config, allLocal, allowed);
        if (reason != null) {
            if (mode == Pinning.ON && WARNED.compareAndSet(false, true)) {
                System.err.println("bsplib: pin=on pins no process: " + reason);
            }
            return NONE;
        }
        final int[] cpus = new int[config.procs()];
        System.arraycopy(allowed, 0, cpus, 0, cpus.length);
        return new ProcessPins(cpus);
    }

    /** @return why the run's processes cannot be pinned, or null */
    static String whyNot(final BspConfig config, final boolean allLocal, final int[] allowed) {
        final String unavailable = CpuAffinity.unavailableReason();
        final int p = config.procs();
        if (unavailable != null) {
            return unavailable;
        }
        if (config.onMachineModel()) {
            return "the processes run on machine=" + config.machine() + ", not on the host's cores";
        }
        if (config.threadKind() != ThreadKind.PLATFORM) {
            return "the processes run on " + config.threadKind() + " threads (pinning needs platform threads)";
        }
        if (!allLocal) {
            return "transport=" + config.transport() + " runs the processes in several JVMs";
        }
        if (p > config.cores()) {
            return "procs=" + p + " exceeds cores=" + config.cores();
        }
        if (allowed == null || p > allowed.length) {
            return "procs=" + p + " exceeds the " + (allowed == null ? 0 : allowed.length)
                + " CPUs this thread may use " + java.util.Arrays.toString(allowed);
        }
        return null;
    }

    /** @return the CPU of {@code pid}, or -1 when the run pins nothing */
    int cpu(final int pid) {
        return cpus == null ? -1 : cpus[pid];
    }

    /**
     * Pins the calling thread to the CPU of {@code pid}.
     *
     * @return the pin (close it on the same thread to restore the previous mask), or null when the run pins nothing
     */
    CpuAffinity.Pin pin(final int pid) {
        return cpus == null ? null : CpuAffinity.pinCurrentThread(cpus[pid]);
    }
}
