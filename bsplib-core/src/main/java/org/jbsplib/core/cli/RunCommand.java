package org.jbsplib.core.cli;

import java.io.File;
import java.io.PrintStream;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.jbsplib.api.BspProgram;
import org.jbsplib.core.BspConfig;
import org.jbsplib.core.BspRuntime;
import org.jbsplib.core.RunResult;

/**
 * {@code ./bsp run --class NAME [--cp PATH] [options] [-- ARGS...]}: runs a user's {@link BspProgram} class. The
 * words after {@code --} go to the program: the class is created with its public {@code (String[] args)}
 * constructor if it has one, else with its public no-argument constructor (then there must be no arguments).
 */
public final class RunCommand implements CliCommand {
    @Override
    public String name() {
        return "run";
    }

    @Override
    public String description() {
        return "run your own BspProgram class (--class NAME, --cp PATH)";
    }

    @Override
    public String help() {
        return "usage: ./bsp run --class NAME [--cp PATH] [--procs N] [--sync org|rbs] [options] [-- ARGS...]\n\n"
            + "Loads NAME (a public class implementing org.jbsplib.api.BspProgram) from PATH (directories and\n"
            + "jars separated by ':') and runs it on N processes. Everything after '--' is passed to the program,\n"
            + "options included: NAME is created with its public constructor taking String[] (the arguments, an\n"
            + "empty array when there are none) if it has one, else with its public no-argument constructor,\n"
            + "which then takes no arguments. One instance runs on every process.\n\n"
            + "  ./bsp run --class my.Sort --cp target/classes --procs 4 -- --n 1000000 input.txt\n\n"
            + "options:\n" + RunOptions.HELP + "\n"
            + "  --class NAME       the program class\n"
            + "  --cp PATH          where to find it (default: the current directory)\n"
            + "  -- ARGS...         the program's arguments (after every option of ./bsp run)\n";
    }

    /** The command line of a run: the options, the program class, its arguments and where to find it. */
    private record Usage(Args args, String className, String[] programArgs, URL[] classPath) {
    }

    /** @return the command line parsed, or a {@link CliException} on bad usage */
    private static Usage usage(final List<String> argv) throws java.net.MalformedURLException {
        final int dashes = argv.indexOf("--");
        final Args args = Args.parse(dashes < 0 ? argv : argv.subList(0, dashes), RunOptions.values("--class", "--cp"),
            RunOptions.flags());
        final String[] programArgs = dashes < 0 ? new String[0]
            : argv.subList(dashes + 1, argv.size()).toArray(new String[0]);
        final String className = args.value("--class", null);
        if (className == null) {
            throw new CliException("run needs --class NAME");
        }
        if (!args.positional().isEmpty()) {
            throw new CliException("unexpected argument '" + args.positional().get(0) + "': the program's arguments "
                + "go after '--' (./bsp run --class " + className + " [options] -- ARGS...)");
        }
        final List<URL> urls = new ArrayList<>();
        for (final String part : args.value("--cp", ".").split(File.pathSeparator)) {
            final File f = new File(part);
            if (!f.exists()) {
                throw new CliException("--cp entry " + part + " does not exist");
            }
            urls.add(f.toURI().toURL());
        }
        return new Usage(args, className, programArgs, urls.toArray(new URL[0]));
    }

    /**
     * Checks the options, the class (loaded, not initialized: its static initializer runs in the run's JVMs only),
     * its constructor for the program's arguments, and the run's configuration.
     */
    @Override
    public void checkUsage(final List<String> argv) {
        try {
            final Usage u = usage(argv);
            try (URLClassLoader loader = new URLClassLoader(u.classPath(), getClass().getClassLoader())) {
                constructor(load(u, loader, false), u.className(), u.programArgs());
            }
            RunOptions.check(RunOptions.config(u.args()));
        } catch (final java.io.IOException e) {
            throw new CliException("--cp " + e.getMessage());
        }
    }

    @Override
    public int run(final List<String> argv, final PrintStream out, final PrintStream err) throws Exception {
        final Usage u = usage(argv);
        final Args args = u.args();
        final String className = u.className();
        final BspProgram program;
        try (URLClassLoader loader = new URLClassLoader(u.classPath(), getClass().getClassLoader())) {
            program = instantiate(load(u, loader, true), className, u.programArgs());
            final BspConfig config = RunOptions.config(args);
            final RunResult r = BspRuntime.run(config, program);
            if (!args.has("--quiet")) {
                err.printf("bsp run %s: P=%d sync=%s wall=%.3f ms T_sync=%.3f ms%n", className, config.procs(),
                    config.syncMode(), r.wallNs() / 1e6, r.meanSyncSeconds() * 1e3);
            }
            if (args.has("--json")) {
                final Map<String, Object> json = new LinkedHashMap<>();
                json.put("command", "run");
                json.put("class", className);
                json.putAll(RunOptions.toJson(r));
                Json.writeFile(args.value("--json", null), json);
            }
        }
        return 0;
    }

    /** @return the program class, a {@link BspProgram}, or a {@link CliException} naming the class and the cause */
    private static Class<?> load(final Usage u, final ClassLoader loader, final boolean initialize) {
        final String className = u.className();
        final Class<?> type;
        try {
            type = Class.forName(className, initialize, loader);
        } catch (final ClassNotFoundException e) {
            throw new CliException("class " + className + " not found on --cp " + u.args().value("--cp", "."));
        } catch (final ExceptionInInitializerError e) {
            throw new CliException("class " + className + " failed to initialize: " + e.getCause());
        } catch (final NoClassDefFoundError e) {
            throw new CliException("class " + className + " cannot be loaded: it needs class "
                + String.valueOf(e.getMessage()).replace('/', '.') + ", which is not on --cp "
                + u.args().value("--cp", "."));
        } catch (final LinkageError e) {
            throw new CliException("class " + className + " cannot be loaded: " + e);
        }
        if (!BspProgram.class.isAssignableFrom(type)) {
            throw new CliException("class " + className + " does not implement org.jbsplib.api.BspProgram");
        }
        return type;
    }

    /**
     * @return the constructor that takes {@code programArgs}: {@code (String[])}, else the no-argument one (then without
     *     arguments); or a {@link CliException} naming the class
     */
    private static Constructor<?> constructor(final Class<?> type, final String className, final String[] programArgs) {
        Constructor<?> constructor = null;
        try {
            constructor = type.getConstructor(String[].class);
        } catch (final NoSuchMethodException e) {
            if (programArgs.length > 0) {
                throw new CliException("class " + className + " has no public constructor taking String[], so it "
                    + "cannot receive the " + programArgs.length + " argument(s) after '--': "
                    + String.join(" ", programArgs));
            }
        }
        if (constructor == null) {
            try {
                constructor = type.getConstructor();
            } catch (final NoSuchMethodException e) {
                throw new CliException("class " + className + " has no public no-argument constructor (nor one "
                    + "taking String[])");
            }
        }
        return constructor;
    }

    /**
     * Creates the program with its {@code (String[])} constructor, else its no-argument one (without arguments).
     *
     * @return a new instance of the program class, or a {@link CliException} naming the class and the cause
     */
    private static BspProgram instantiate(final Class<?> type, final String className, final String[] programArgs) {
        final Constructor<?> constructor = constructor(type, className, programArgs);
        try {
            return (BspProgram) (constructor.getParameterCount() == 1 ? constructor.newInstance((Object) programArgs)
                : constructor.newInstance());
        } catch (final InvocationTargetException e) {
            throw new CliException("the constructor of class " + className + " threw " + e.getCause());
        } catch (final InstantiationException e) {
            throw new CliException("class " + className + " is abstract or an interface; give a concrete class");
        } catch (final IllegalAccessException e) {
            throw new CliException("class " + className + " is not public: " + e.getMessage());
        } catch (final LinkageError e) {
            throw new CliException("class " + className + " cannot be instantiated: " + e);
        }
    }
}
