package org.jbsplib.vtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.jbsplib.core.BspConfig;
import org.jbsplib.core.Machines;
import org.jbsplib.core.ThreadKind;
import org.junit.jupiter.api.Test;

/**
 * The default compute clock ({@code cpu=auto}) charges the thread's CPU time, so a process that gets half a core on
 * a loaded host is charged about half the elapsed time; {@code cpu=elapsed} charges all of it.
 */
class ThreadCpuClockTest {
    private static final Pattern LINE = Pattern.compile("charged=(\\d+) elapsed=(\\d+) model=(.*)");

    @Test
    void shouldResolveAutoToTheThreadClockOnPlatformThreads() {
        final BspConfig config = new BspConfig().procs(2).threads("platform").machine("virtual:sp2-us").conclude();
        assertEquals(CpuClock.THREAD, NetworkModel.parse("sp2-us").resolve(ThreadKind.PLATFORM).cpu());
        assertEquals(CpuClock.ELAPSED, NetworkModel.parse("sp2-us;cpu=elapsed").resolve(ThreadKind.PLATFORM).cpu());
        assertTrue(Machines.describe("virtual:sp2-us", config).contains("cpu=thread"),
            Machines.describe("virtual:sp2-us", config));
    }

    @Test
    void shouldChargeLessThanTheElapsedTimeOfALoadedHostWithTheDefaultClock() throws InterruptedException {
        final CpuClockProbe.Result r = CpuClockProbe.run("platform", "virtual:sp2-us");
        assertTrue(r.model().contains("cpu=thread"), r.model());
        // twice as many spinning threads as cores: the process gets about half a core, at most 0.8 of one
        assertTrue(r.chargedNs() < 0.8 * r.elapsedNs(), r.toString());
        assertTrue(r.chargedNs() > 0, r.toString());
    }

    @Test
    void shouldChargeTheWholeElapsedTimeWithTheElapsedClock() throws InterruptedException {
        final CpuClockProbe.Result r = CpuClockProbe.run("platform", "virtual:sp2-us;cpu=elapsed");
        assertTrue(r.chargedNs() >= r.elapsedNs(), r.toString());
    }

    @Test
    void shouldReadTheCarrierCpuTimeOnVirtualThreadsOfJava22() throws IOException, InterruptedException {
        final Path java = newestJava(22);
        assumeTrue(java != null, "no JDK 22 or newer found in JAVA_HOME or /usr/lib/jvm: the virtual-thread clock "
            + "(clock_gettime through the foreign-function API) is not tested");
        final Process p = new ProcessBuilder(java.toString(), "--enable-native-access=ALL-UNNAMED",
            "--add-opens", "java.base/jdk.internal.misc=ALL-UNNAMED", "-cp", System.getProperty("java.class.path"),
            CpuClockProbe.class.getName(), "virtual", "virtual:sp2-us").redirectErrorStream(true).start();
        final boolean done = p.waitFor(120, TimeUnit.SECONDS);
        final String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!done) {
            p.destroyForcibly();
        }
        assertTrue(done && p.exitValue() == 0, java + " ended badly: " + out);
        final Matcher m = LINE.matcher(out);
        assertTrue(m.find(), out);
        assertTrue(m.group(3).contains("cpu=thread"), out);
        assertTrue(Long.parseLong(m.group(1)) < 0.8 * Long.parseLong(m.group(2)), out);
        assertTrue(Long.parseLong(m.group(1)) > 0, out);
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
