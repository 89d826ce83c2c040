package org.jbsplib.vtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

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
        final Path java = NewerJdk.newestJava(22);
        assumeTrue(java != null, "no JDK 22 or newer found in JAVA_HOME or /usr/lib/jvm: the virtual-thread clock "
            + "(clock_gettime through the foreign-function API) is not tested");
        final String out = NewerJdk.run(java, CpuClockProbe.class, "virtual", "virtual:sp2-us");
        final Matcher m = LINE.matcher(out);
        assertTrue(m.find(), out);
        assertTrue(m.group(3).contains("cpu=thread"), out);
        assertTrue(Long.parseLong(m.group(1)) < 0.8 * Long.parseLong(m.group(2)), out);
        assertTrue(Long.parseLong(m.group(1)) > 0, out);
    }
}
