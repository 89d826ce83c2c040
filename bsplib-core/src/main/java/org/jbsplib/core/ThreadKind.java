package org.jbsplib.core;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.Locale;

/**
 * The kind of thread that runs each BSP process on the {@code threads} transport.
 *
 * <p>Virtual threads (Java 21 and newer) hand control from one process to another in well under a microsecond
 * where platform threads need the operating system's scheduler (about 10 µs on a 2-core machine), so processes
 * beyond the cores run best on them. The runtime compiles for Java 17 and reaches them through method handles;
 * on Java 17 {@link #AUTO} means {@link #PLATFORM} and {@link #VIRTUAL} is refused. A process on a virtual thread
 * never spins while it waits: it yields, then parks.
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
    /** Virtual threads when the JVM has them and P exceeds the cores, else platform threads (the default). */
    AUTO;

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
     * @return the kind a run of {@code procs} processes on {@code cores} cores uses: {@link #PLATFORM} or
     *         {@link #VIRTUAL}
     * @throws IllegalArgumentException for {@link #VIRTUAL} on a JVM without virtual threads
     */
    public ThreadKind resolve(final int procs, final int cores) {
        return switch (this) {
            case PLATFORM -> PLATFORM;
            case VIRTUAL -> {
                if (!virtualAvailable()) {
                    throw new IllegalArgumentException("threads=virtual needs Java 21 or newer, this JVM is Java "
                        + Runtime.version().feature() + " (use threads=platform or auto)");
                }
                yield VIRTUAL;
            }
            case AUTO -> virtualAvailable() && procs > cores ? VIRTUAL : PLATFORM;
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
