package org.jbsplib.core;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.Locale;

/**
 * The kind of thread that runs each BSP process on the {@code threads} transport.
 *
 * <p>Virtual threads (Java 21 and newer) hand control from one process to another in well under a microsecond
 * where platform threads need the operating system's scheduler (about 10 µs on a 2-core machine). A machine model
 * that runs one process at a time lives on such hand-offs, so there processes beyond the cores run on virtual
 * threads. On the host, processes that share the cores wait for each other in every sync, and there platform
 * threads were faster up to {@value #PLATFORM_PROCS_PER_CORE} processes per core (a virtual thread is not
 * preempted: a waiting one must park, and each wake-up goes through the scheduler's queue), virtual threads beyond
 * (thousands of platform threads do not even start in reasonable time). The runtime compiles for Java 17 and
 * reaches them through method handles; on Java 17 {@link #AUTO} means {@link #PLATFORM} and {@link #VIRTUAL} is
 * refused. A process on a virtual thread never spins while it waits: it parks.
 *
 * <pre>{@code
 * new BspConfig().procs(4096).threads(ThreadKind.VIRTUAL);     // or -Dbsplib.threads=virtual, --threads virtual
 * }</pre>
 */
public enum ThreadKind {
    /** One platform (operating system) thread per process. */
    PLATFORM,
    /** One virtual thread per process (Java 21+). */
    VIRTUAL,
    /**
     * The default: platform threads, except on a JVM with virtual threads when P exceeds the cores on a machine
     * model, or exceeds {@value #PLATFORM_PROCS_PER_CORE} processes per core on the host (see
     * {@link #resolve(int, int, boolean)}).
     */
    AUTO;

    /**
     * Processes per core up to which {@link #AUTO} keeps platform threads on the host. Measured on 2 cores, Java 25
     * (README, "Threads"): the empty sync at P = 8 and 32 and NPB FT and LU at P = 4, 8 and 16 ran faster on
     * platform threads, a ring of puts at P = 64 and 256 on virtual threads.
     */
    public static final int PLATFORM_PROCS_PER_CORE = 16;

    private static final MethodHandle OF_VIRTUAL;
    private static final MethodHandle NAME;
    private static final MethodHandle UNSTARTED;
    private static final MethodHandle IS_VIRTUAL;

    static {
        MethodHandle ofVirtual = null;
        MethodHandle name = null;
        MethodHandle unstarted = null;
        MethodHandle isVirtual = null;
        if (Runtime.version().feature() >= 21) { // 19 and 20 have them only as a preview
            try {
                final Class<?> builder = Class.forName("java.lang.Thread$Builder");
                final Class<?> ofVirtualType = Class.forName("java.lang.Thread$Builder$OfVirtual");
                final MethodHandles.Lookup lookup = MethodHandles.publicLookup();
                ofVirtual = lookup.findStatic(Thread.class, "ofVirtual", MethodType.methodType(ofVirtualType));
                name = lookup.findVirtual(builder, "name", MethodType.methodType(builder, String.class));
                unstarted = lookup.findVirtual(builder, "unstarted", MethodType.methodType(Thread.class,
                    Runnable.class));
                isVirtual = lookup.findVirtual(Thread.class, "isVirtual", MethodType.methodType(boolean.class));
            } catch (final ReflectiveOperationException e) {
                ofVirtual = null;
            }
        }
        OF_VIRTUAL = ofVirtual;
        NAME = name;
        UNSTARTED = unstarted;
        IS_VIRTUAL = ofVirtual == null ? null : isVirtual;
    }

    /** @return whether this JVM offers virtual threads */
    public static boolean virtualAvailable() {
        return OF_VIRTUAL != null;
    }

    /** @return whether {@code thread} is a virtual thread ({@code false} on JVMs without them) */
    public static boolean isVirtual(final Thread thread) {
        if (IS_VIRTUAL == null) {
            return false;
        }
        try {
            return (boolean) IS_VIRTUAL.invokeExact(thread);
        } catch (final Throwable t) {
            throw new IllegalStateException("Thread.isVirtual failed", t);
        }
    }

    /**
     * @param value {@code platform}, {@code virtual} or {@code auto}, any case
     * @return the kind
     * @throws IllegalArgumentException naming the value and the known kinds
     */
    public static ThreadKind parse(final String value) {
        if (value != null) {
            for (final ThreadKind k : values()) {
                if (k.name().equalsIgnoreCase(value.trim())) {
                    return k;
                }
            }
        }
        throw new IllegalArgumentException("threads=" + value + " is not a thread kind (known: platform, virtual, "
            + "auto)");
    }

    /**
     * The kind a run of {@code procs} processes on {@code cores} cores of the host uses.
     *
     * @return {@link #PLATFORM} or {@link #VIRTUAL}, as {@link #resolve(int, int, boolean)} on the host
     * @throws IllegalArgumentException for {@link #VIRTUAL} on a JVM without virtual threads
     */
    public ThreadKind resolve(final int procs, final int cores) {
        return resolve(procs, cores, false);
    }

    /**
     * The kind a run of {@code procs} processes on {@code cores} cores uses. {@link #AUTO} gives {@link #PLATFORM}
     * on a JVM without virtual threads; on one with them, {@link #VIRTUAL} when a machine model runs the processes
     * and {@code procs > cores}, or when the host runs them and {@code procs > }{@value #PLATFORM_PROCS_PER_CORE}
     * {@code × cores}; {@link #PLATFORM} otherwise.
     *
     * @param machineModel whether a machine model runs the processes one at a time (it hands control from one to
     *                     the next at every step), rather than the host's cores
     * @return {@link #PLATFORM} or {@link #VIRTUAL}
     * @throws IllegalArgumentException for {@link #VIRTUAL} on a JVM without virtual threads
     */
    public ThreadKind resolve(final int procs, final int cores, final boolean machineModel) {
        return switch (this) {
            case PLATFORM -> PLATFORM;
            case VIRTUAL -> {
                if (!virtualAvailable()) {
                    throw new IllegalArgumentException("threads=virtual needs Java 21 or newer, this JVM is Java "
                        + Runtime.version().feature() + " (use threads=platform or auto)");
                }
                yield VIRTUAL;
            }
            case AUTO -> virtualAvailable() && procs > (machineModel ? cores
                : (long) PLATFORM_PROCS_PER_CORE * cores) ? VIRTUAL : PLATFORM;
        };
    }

    /**
     * @return a new, unstarted thread of this kind ({@link #PLATFORM} threads are daemons)
     * @throws IllegalStateException for {@link #AUTO}, which must be resolved first
     */
    public Thread newThread(final String name, final Runnable task) {
        if (this == PLATFORM) {
            final Thread t = new Thread(task, name);
            t.setDaemon(true);
            return t;
        }
        if (this == AUTO || OF_VIRTUAL == null) {
            throw new IllegalStateException("newThread: kind " + this + " is not a resolved kind on this JVM (Java "
                + Runtime.version().feature() + ")");
        }
        try {
            return (Thread) UNSTARTED.invoke(NAME.invoke(OF_VIRTUAL.invoke(), name), task);
        } catch (final Throwable t) {
            throw new IllegalStateException("creating a virtual thread failed", t);
        }
    }

    /** @return the lower-case name used by the property and the CLI */
    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
