package org.jbsplib.core.util;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodType;
import java.lang.reflect.Array;
import java.lang.reflect.Method;
import java.util.Locale;
import java.util.Optional;

/**
 * Calls into the C library through the foreign-function API (Java 22+), reached by reflection because the project
 * compiles for Java 17: the thread CPU clock of the virtual-time machine and the CPU affinity of the runtime's
 * threads. Internal; not part of the public API.
 */
public final class NativeCalls {
    private NativeCalls() {
    }

    /**
     * @param what the native call, for the message (e.g. {@code sched_setaffinity})
     * @return why native calls are not tried on this JVM and system (before Java 22, or not 64-bit Linux), or null
     */
    public static String unsupportedHere(final String what) {
        final int feature = Runtime.version().feature();
        if (feature < 22) {
            return "the foreign-function API needs Java 22 or newer, this is Java " + feature;
        }
        final String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        final String arch = System.getProperty("os.arch", "");
        if (!os.contains("linux") || !(arch.equals("amd64") || arch.equals("aarch64"))) {
            return what + " is used on 64-bit Linux only, this is " + os + "/" + arch;
        }
        return null;
    }

    /**
     * Links C function {@code function} of the default library, returning an {@code int} and taking arguments of
     * the given types (each {@code int.class} or {@code long.class}; an address is a {@code long}).
     *
     * @param function   the C function's name
     * @param parameters its parameters' Java types
     * @return a handle of type {@code (parameters) int}
     * @throws ReflectiveOperationException if the foreign-function API is missing or refuses
     * @throws IllegalStateException        if the C library has no such function
     * @throws IllegalArgumentException     naming a parameter type other than int or long
     */
    public static MethodHandle linkIntFunction(final String function, final Class<?>... parameters)
        throws ReflectiveOperationException {
        return link(function, int.class, parameters);
    }

    /**
     * Links C function {@code function} of the default library, returning a 64-bit integer (or an address) and
     * taking arguments of the given types (each {@code int.class} or {@code long.class}).
     *
     * @param function   the C function's name
     * @param parameters its parameters' Java types
     * @return a handle of type {@code (parameters) long}
     * @throws ReflectiveOperationException if the foreign-function API is missing or refuses
     * @throws IllegalStateException        if the C library has no such function
     * @throws IllegalArgumentException     naming a parameter type other than int or long
     */
    public static MethodHandle linkLongFunction(final String function, final Class<?>... parameters)
        throws ReflectiveOperationException {
        return link(function, long.class, parameters);
    }

    /**
     * @param symbol a data symbol of the default library (e.g. {@code __rseq_offset})
     * @return its address
     * @throws ReflectiveOperationException if the foreign-function API is missing or refuses
     * @throws IllegalStateException        if the C library has no such symbol
     */
    public static long symbolAddress(final String symbol) throws ReflectiveOperationException {
        final Class<?> segmentType = Class.forName("java.lang.foreign.MemorySegment");
        return (long) segmentType.getMethod("address").invoke(find(symbol));
    }

    /** @return the {@code MemorySegment} of the C library's {@code symbol} */
    private static Object find(final String symbol) throws ReflectiveOperationException {
        final Class<?> linkerType = Class.forName("java.lang.foreign.Linker");
        final Class<?> lookupType = Class.forName("java.lang.foreign.SymbolLookup");
        final Object linker = linkerType.getMethod("nativeLinker").invoke(null);
        final Object lookup = linkerType.getMethod("defaultLookup").invoke(linker);
        final Optional<?> found = (Optional<?>) lookupType.getMethod("find", String.class).invoke(lookup, symbol);
        if (found.isEmpty()) {
            throw new IllegalStateException("the C library has no " + symbol);
        }
        return found.get();
    }

    private static MethodHandle link(final String function, final Class<?> result, final Class<?>... parameters)
        throws ReflectiveOperationException {
        final Class<?> linkerType = Class.forName("java.lang.foreign.Linker");
        final Class<?> segmentType = Class.forName("java.lang.foreign.MemorySegment");
        final Class<?> descriptorType = Class.forName("java.lang.foreign.FunctionDescriptor");
        final Class<?> layoutType = Class.forName("java.lang.foreign.MemoryLayout");
        final Class<?> valueLayoutType = Class.forName("java.lang.foreign.ValueLayout");
        final Class<?> optionType = Class.forName("java.lang.foreign.Linker$Option");

        final Object linker = linkerType.getMethod("nativeLinker").invoke(null);
        final Object symbol = find(function);
        final Object jint = valueLayoutType.getField("JAVA_INT").get(null);
        final Object jlong = valueLayoutType.getField("JAVA_LONG").get(null);
        final Object args = Array.newInstance(layoutType, parameters.length);
        for (int i = 0; i < parameters.length; i++) {
            if (parameters[i] == int.class) {
                Array.set(args, i, jint);
            } else if (parameters[i] == long.class) {
                Array.set(args, i, jlong);
            } else {
                throw new IllegalArgumentException("parameters[" + i + "]=" + parameters[i] + " must be int or long");
            }
        }
        final Object descriptor = descriptorType.getMethod("of", layoutType, args.getClass())
            .invoke(null, result == long.class ? jlong : jint, args);
        final Object noOptions = Array.newInstance(optionType, 0);
        final Method downcall = linkerType.getMethod("downcallHandle", segmentType, descriptorType,
            noOptions.getClass());
        final MethodHandle handle = (MethodHandle) downcall.invoke(linker, symbol, descriptor, noOptions);
        return handle.asType(MethodType.methodType(result, parameters));
    }
}
