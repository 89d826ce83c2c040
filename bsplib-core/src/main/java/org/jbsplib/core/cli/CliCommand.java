package org.jbsplib.core.cli;

import java.io.PrintStream;
import java.util.List;

/**
 * A subcommand of {@code ./bsp}, found with {@link java.util.ServiceLoader} (register implementations in
 * {@code META-INF/services/org.jbsplib.core.cli.CliCommand}), so modules above the core (npb-ports, rbs, ...)
 * add commands without the core depending on them.
 *
 * <p>Every command accepts {@code --help} and {@code --json FILE}; it prints results on {@code out}, progress on
 * {@code err}, and reports bad usage by throwing {@link CliException} (one clear line, exit code 2).
 */
public interface CliCommand {
    /** @return the command word, e.g. {@code example} or {@code npb} */
    String name();

    /** @return a one-line description for {@code ./bsp --help} */
    String description();

    /** @return the full help text printed by {@code ./bsp NAME --help} */
    String help();

    /**
     * The help for a command line that asks for it: a command with subcommands ({@code ./bsp sim nic --help})
     * answers for the subcommand named in {@code args}.
     *
     * @param args the arguments after the command word, up to {@code --} (they contain {@code --help} or {@code -h})
     * @return the help text; {@link #help()} unless the command overrides this
     */
    default String help(final List<String> args) {
        return help();
    }

    /**
     * Runs the command.
     *
     * @param args the arguments after the command word
     * @param out  results
     * @param err  progress and warnings
     * @return the process exit code (0 on success)
     * @throws Exception any failure; the CLI prints one line and exits non-zero
     */
    int run(List<String> args, PrintStream out, PrintStream err) throws Exception;

    /**
     * Whether the command starts the processes of a transport between JVMs itself. When false (the default), the CLI
     * hands a command line naming such a transport ({@code --transport aeron-ipc}) to the transport's launcher, which
     * runs the same command in every JVM; a command that runs many configurations, each launched on its own
     * ({@code ./bsp compare}), says true and gets the option as it is.
     *
     * @return whether {@code --transport} is left to the command
     */
    default boolean launchesTransportsItself() {
        return false;
    }

    /**
     * Checks a command line for bad usage without running anything. Before a transport's launcher starts the JVMs of
     * a run ({@code --transport aeron-ipc}; see {@link #launchesTransportsItself()}), the CLI calls this in its own
     * JVM, so that bad usage is reported once, in one line with exit code 2, before any media driver or JVM starts
     * (each JVM would otherwise report it). The default checks nothing.
     *
     * @param args the arguments after the command word
     * @throws CliException             on bad usage, as {@link #run} would throw it
     * @throws IllegalArgumentException on a bad option value, as {@link #run} would throw it
     */
    default void checkUsage(final List<String> args) {
    }
}
