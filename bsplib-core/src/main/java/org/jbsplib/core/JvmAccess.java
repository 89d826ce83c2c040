package org.jbsplib.core;

import org.agrona.BufferUtil;

/**
 * The one JVM option JBSPlib needs: Agrona 2 (the runtime's buffers and ring buffers) reads
 * {@code jdk.internal.misc.Unsafe}, which {@code java.base} exports only when the JVM is started with
 * {@value #ADD_OPENS_OPTION} (or a jar started with {@code java -jar} has the manifest attribute
 * {@code Add-Opens: java.base/jdk.internal.misc}). Without it the first buffer fails deep inside Agrona with an
 * {@link IllegalAccessError}; {@link #check()} turns that into one line naming the option, before anything starts.
 */
final class JvmAccess {
    /** The JVM option, as given on the {@code java} command line for Agrona on the class path. */
    static final String ADD_OPENS_OPTION = "--add-opens java.base/jdk.internal.misc=ALL-UNNAMED";

    private static final String PACKAGE = "jdk.internal.misc";

    private JvmAccess() {
    }

    /**
     * Checks that {@code java.base} exports {@code jdk.internal.misc} to Agrona's module.
     *
     * @throws IllegalStateException naming the missing JVM option if it does not
     */
    static void check() {
        final Module agrona = BufferUtil.class.getModule();
        if (!Object.class.getModule().isExported(PACKAGE, agrona)) {
            final String option = agrona.isNamed()
                ? "--add-opens java.base/" + PACKAGE + "=" + agrona.getName() : ADD_OPENS_OPTION;
            throw new IllegalStateException("JBSPlib needs the JVM option " + option + " (Agrona 2 uses "
                + PACKAGE + ".Unsafe): add it to the java command line, to JDK_JAVA_OPTIONS, to surefire's argLine, "
                + "or start a jar with java -jar whose manifest has Add-Opens: java.base/" + PACKAGE);
        }
    }
}
