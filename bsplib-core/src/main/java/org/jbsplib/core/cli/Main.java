package org.jbsplib.core.cli;

import java.io.PrintStream;
import java.util.Arrays;
import java.util.List;
import java.util.ServiceLoader;
import java.util.TreeMap;

import org.jbsplib.api.BspAbortException;
import org.jbsplib.core.transport.TransportLauncher;
import org.jbsplib.core.MachineProvider;
import org.jbsplib.core.Machines;
import org.jbsplib.core.TransportProvider;
import org.jbsplib.core.Transports;

/**
 * Entry point of {@code ./bsp}: {@code ./bsp COMMAND [options]}, {@code ./bsp --help}, {@code ./bsp COMMAND --help}
 * (also {@code ./bsp help COMMAND}).
 * Exit codes: 0 success, 1 the run failed (aborted, verification failed, out of memory), 2 bad usage. Every error is
 * one line on stderr, never a stack trace.
 */
public final class Main {
    private Main() {
    }

    public static void main(final String[] argv) {
        prepareJvm(Arrays.asList(argv));
        System.exit(run(Arrays.asList(argv), System.out, System.err));
    }

    /**
     * Sets the system properties that the machine a command names ({@code --machine SPEC}) wants before the first
     * thread starts ({@link MachineProvider#jvmProperties(String)}), leaving any the user set alone. An unknown machine is
     * left to the command, which reports it.
     *
     * @param argv the command line
     */
    static void prepareJvm(final List<String> argv) {
        for (int i = 0; i + 1 < argv.size(); i++) {
            if (!argv.get(i).equals("--machine")) {
                continue;
            }
            final MachineProvider m = Machines.all().get(Machines.name(argv.get(i + 1)));
            if (m != null) {
                m.jvmProperties(Machines.options(argv.get(i + 1))).forEach((k, v) -> {
                    if (System.getProperty(k) == null) {
                        System.setProperty(k, v);
                    }
                });
            }
        }
    }

    /** Runs the CLI with {@code argv}; returns the exit code. */
    public static int run(final List<String> argv, final PrintStream out, final PrintStream err) {
        return run(argv, out, err, commands());
    }

    /** Runs the CLI with {@code argv} over {@code commands}; returns the exit code. */
    static int run(final List<String> argv, final PrintStream out, final PrintStream err,
        final TreeMap<String, CliCommand> commands) {
        if (argv.size() > 1 && argv.get(0).equals("help")) {
            // ./bsp help CMD [SUB...]: the same as ./bsp CMD [SUB...] --help
            if (!commands.containsKey(argv.get(1))) {
                err.println("bsp help: unknown command '" + argv.get(1) + "' (commands: "
                    + String.join(", ", commands.keySet()) + ")");
                return 2;
            }
            final List<String> asked = new java.util.ArrayList<>(argv.subList(1, argv.size()));
            asked.add("--help");
            return run(asked, out, err, commands);
        }
        if (argv.isEmpty() || argv.get(0).equals("--help") || argv.get(0).equals("-h") || argv.get(0).equals("help")) {
            out.print(usage(commands));
            if (argv.isEmpty()) {
                // bad usage: the list of commands on out, and the error's one line on err, as for every error
                err.println("bsp: no command given (commands: " + String.join(", ", commands.keySet()) + ")");
                return 2;
            }
            return 0;
        }
        final CliCommand command = commands.get(argv.get(0));
        if (command == null) {
            err.println("bsp: unknown command '" + argv.get(0) + "' (commands: " + String.join(", ", commands.keySet())
                + "; see ./bsp --help)");
            return 2;
        }
        final List<String> rest = argv.subList(1, argv.size());
        final int dashes = rest.indexOf("--"); // words after "--" belong to the user's program (./bsp run)
        final List<String> options = dashes < 0 ? rest : rest.subList(0, dashes);
        if (options.contains("--help") || options.contains("-h")) {
            final String help = command.help(options);
            out.print(help);
            if (!help.endsWith("\n")) {
                out.println();
            }
            return 0;
        }
        try {
            checkJsonTarget(options);
            final TransportLauncher launcher = command.launchesTransportsItself() ? null : launcher(options);
            if (launcher != null) {
                command.checkUsage(rest); // once here, not by every JVM the launcher would start
                return launcher.launch(argv, out, err);
            }
            return command.run(rest, out, err);
        } catch (final CliException | IllegalArgumentException e) {
            err.println("bsp " + command.name() + ": error: " + e.getMessage());
            return 2;
        } catch (final BspAbortException e) {
            err.println("bsp " + command.name() + ": run aborted: " + oneLine(e.getMessage())
                + (e.getCause() != null && e.getCause().getMessage() != null
                && !e.getMessage().contains(e.getCause().getMessage()) ? " (" + oneLine(e.getCause().getMessage()) + ")"
                : ""));
            return 1;
        } catch (final OutOfMemoryError e) {
            err.println("bsp " + command.name() + ": " + outOfMemory(e));
            return 1;
        } catch (final Exception | Error e) {
            err.println("bsp " + command.name() + ": failed: " + oneLine(String.valueOf(e)));
            return 1;
        }
    }

    /** @return one line on an OutOfMemoryError: what ran out, the limit, and the option that raises it */
    static String outOfMemory(final OutOfMemoryError e) {
        final long maxMiB = Runtime.getRuntime().maxMemory() >> 20;
        return "out of memory (" + oneLine(e.getMessage()) + "): the JVM has a heap of at most " + maxMiB
            + " MiB; raise it with JBSP_JAVA_OPTS=-Xmx" + Math.max(2, 2 * ((maxMiB + 1023) >> 10)) + "g (and "
            + "-XX:MaxDirectMemorySize=... for direct buffer memory)";
    }

    /**
     * @return the launcher of the transport named by {@code --transport}, if its processes live in several JVMs and
     *     this JVM is not one of them; else {@code null} (the command runs here)
     */
    private static TransportLauncher launcher(final List<String> options) {
        String name = null;
        String machine = null;
        for (int i = 0; i < options.size(); i++) {
            if (options.get(i).equals("--transport") && i + 1 < options.size()) {
                name = options.get(i + 1);
            } else if (options.get(i).startsWith("--transport=")) {
                name = options.get(i).substring("--transport=".length());
            } else if (options.get(i).equals("--machine") && i + 1 < options.size()) {
                machine = options.get(i + 1);
            } else if (options.get(i).startsWith("--machine=")) {
                machine = options.get(i).substring("--machine=".length());
            }
        }
        final TransportProvider provider = name == null ? null : Transports.providers().get(name);
        final TransportLauncher launcher = provider == null ? null : provider.launcher();
        if (launcher == null || !launcher.shouldLaunch()) {
            return null;
        }
        if (machine != null) {
            // a machine model is the run's transport: refused here, in one line, not by every JVM of the launcher
            new org.jbsplib.core.BspConfig().transport(name).machine(machine).conclude();
        }
        return launcher;
    }

    /**
     * Every command takes {@code --json FILE}: a file that cannot be written fails now, not after the run. Only the
     * command's own options count: the words after {@code --} are the program's ({@code ./bsp run}), which may take
     * a {@code --json} of its own.
     */
    private static void checkJsonTarget(final List<String> args) {
        for (int i = 0; i < args.size(); i++) {
            final String word = args.get(i);
            if (word.equals("--json") && i + 1 < args.size()) {
                Json.checkWritable(args.get(i + 1));
            } else if (word.startsWith("--json=")) {
                Json.checkWritable(word.substring("--json=".length()));
            }
        }
    }

    private static String oneLine(final String s) {
        return s == null ? "" : s.replace('\n', ' ');
    }

    /** @return every command found, by name */
    public static TreeMap<String, CliCommand> commands() {
        final TreeMap<String, CliCommand> commands = new TreeMap<>();
        for (final CliCommand c : ServiceLoader.load(CliCommand.class)) {
            commands.putIfAbsent(c.name(), c);
        }
        return commands;
    }

    private static String usage(final TreeMap<String, CliCommand> commands) {
        final StringBuilder sb = new StringBuilder();
        sb.append("JBSPlib: BSPlib-style bulk synchronous parallel programming for the JVM\n\n");
        sb.append("usage: ./bsp COMMAND [options]       ./bsp COMMAND --help (or ./bsp help COMMAND) for a command's "
            + "options\n\n");
        sb.append("commands:\n");
        for (final CliCommand c : commands.values()) {
            sb.append(String.format("  %-12s %s%n", c.name(), c.description()));
        }
        sb.append("\nevery command takes --json FILE for machine-readable results.\n");
        return sb.toString();
    }
}
