package org.jbsplib.aeron;

import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.aeron.driver.MediaDriver;
import org.agrona.CloseHelper;
import org.agrona.IoUtil;

/**
 * What a launcher started and must take down: the JVMs of a run, the media driver it runs itself (aeron-ipc) and the
 * drivers' directories. {@link #close()} kills the JVMs still running, waits for them, closes the driver and removes
 * the directories, once: at the end of the launch, or from a shutdown hook when the launcher is stopped (SIGTERM,
 * Ctrl-C), since a killed JVM cannot remove its driver's directory and nothing else would remove the launcher's.
 *
 * <p>Threading: {@link #start}, {@link #close()} and the hook synchronize on this object, so a JVM is either started
 * before the cleanup (and killed by it) or refused after it, never left running.
 *
 * <pre>{@code
 * try (LaunchedJvms jvms = new LaunchedJvms()) {
 *     jvms.removeAtEnd(dir);
 *     jvms.closeAtEnd(MediaDriver.launch(context));
 *     Process p = jvms.start(new ProcessBuilder(cmd));
 *     ...
 * }
 * }</pre>
 */
final class LaunchedJvms implements AutoCloseable {
    /** How long the cleanup waits for each killed JVM to exit. */
    static final long EXIT_WAIT_MS = 10_000;

    private final List<Process> children = new ArrayList<>();
    private final List<String> dirs = new ArrayList<>();
    private final Thread hook = new Thread(this::stop, "bsp-launcher-cleanup");
    private MediaDriver driver;
    private boolean stopped;

    /** Registers the shutdown hook that cleans up when the launcher is stopped. */
    LaunchedJvms() {
        Runtime.getRuntime().addShutdownHook(hook);
    }

    /** @param dir a driver directory to remove at the end, whether or not a driver was started on it */
    synchronized void removeAtEnd(final String dir) {
        dirs.add(dir);
    }

    /** @param d the media driver the launcher runs, closed at the end after every JVM exited */
    synchronized void closeAtEnd(final MediaDriver d) {
        driver = d;
    }

    /**
     * @param pb the JVM's command
     * @return the started JVM
     * @throws IllegalStateException if the launcher is already being stopped
     * @throws IOException           if the JVM cannot start
     */
    synchronized Process start(final ProcessBuilder pb) throws IOException {
        if (stopped) {
            throw new IllegalStateException("the launcher is stopping: JVM not started: " + pb.command());
        }
        final Process p = pb.start();
        children.add(p);
        return p;
    }

    /** @return the JVMs started so far, in order */
    synchronized List<Process> children() {
        return List.copyOf(children);
    }

    @Override
    public void close() {
        stop();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (final IllegalStateException ignored) {
            // the JVM is shutting down: the hook runs (or ran) the same cleanup
        }
    }

    private synchronized void stop() {
        if (stopped) {
            return;
        }
        stopped = true;
        children.forEach(Process::destroyForcibly);
        for (final Process p : children) {
            try {
                p.waitFor(EXIT_WAIT_MS, TimeUnit.MILLISECONDS);
            } catch (final InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        // only after every JVM exited: Aeron shuts down clients before their driver
        CloseHelper.quietClose(driver);
        // a JVM's own driver removes its directory when it closes; not when the JVM was killed
        dirs.forEach(d -> IoUtil.delete(new File(d), true));
    }
}
