package org.jbsplib.vtime;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Runs a probe class on a newer JDK than the tests' own (the foreign-function API of Java 22+ while the build runs
 * on Java 17), with the test class path and the options {@code ./bsp} passes.
 */
final class NewerJdk {
    private NewerJdk() {
    }

    /**
     * Runs {@code main} on {@code java} and fails the test unless it ends with 0 within two minutes.
     *
     * @return what it printed, stdout and stderr
     */
    static String run(final Path java, final Class<?> main, final String... args)
        throws IOException, InterruptedException {
        final List<String> command = new java.util.ArrayList<>(List.of(java.toString(),
            "--enable-native-access=ALL-UNNAMED", "--add-opens", "java.base/jdk.internal.misc=ALL-UNNAMED", "-cp",
            System.getProperty("java.class.path"), main.getName()));
        command.addAll(List.of(args));
        final Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        final boolean done = p.waitFor(120, TimeUnit.SECONDS);
        if (!done) {
            p.destroyForcibly();
        }
        final String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(done && p.exitValue() == 0, java + " ended badly: " + out);
        return out;
    }

    /** @return the java launcher of the newest JDK of at least {@code minimum} found, or null */
    static Path newestJava(final int minimum) throws IOException {
        final List<Path> homes = new java.util.ArrayList<>();
        final String env = System.getenv("JAVA_HOME");
        if (env != null) {
            homes.add(Path.of(env));
        }
        final Path jvms = Path.of("/usr/lib/jvm");
        if (Files.isDirectory(jvms)) {
            try (Stream<Path> s = Files.list(jvms)) {
                s.forEach(homes::add);
            }
        }
        Path best = null;
        int bestVersion = minimum - 1;
        for (final Path home : homes) {
            final int v = version(home);
            final Path bin = home.resolve("bin").resolve("java");
            if (v > bestVersion && Files.isExecutable(bin)) {
                best = bin;
                bestVersion = v;
            }
        }
        return best;
    }

    /** @return the major version in a JDK's {@code release} file, or 0 */
    private static int version(final Path home) throws IOException {
        final Path release = home.resolve("release");
        if (!Files.isRegularFile(release)) {
            return 0;
        }
        final Matcher m = Pattern.compile("JAVA_VERSION=\"(\\d+)").matcher(Files.readString(release));
        return m.find() ? Integer.parseInt(m.group(1)) : 0;
    }
}
