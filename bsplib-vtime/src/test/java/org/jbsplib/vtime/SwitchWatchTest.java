package org.jbsplib.vtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

/**
 * The thread CPU clock with the switch watch ({@link SwitchWatch}, Java 22+ on 64-bit x86 Linux) gives the CPU time
 * the system call gives, over intervals in which the thread computes and over intervals in which it sleeps (leaves
 * the CPU), while making a system call only after the thread left the CPU.
 */
class SwitchWatchTest {
    private static final Pattern LINE = Pattern.compile(
        "watch=(\\w+) watchedNs=(\\d+) calledNs=(\\d+) elapsedNs=(\\d+) systemCalls=(\\d+) of 100000 \\((.*)\\)");

    @Test
    void shouldReadTheSameCpuTimeAsTheSystemCallWithoutCallingItWhileTheThreadStaysOnTheCpu()
        throws IOException, InterruptedException {
        final Path java = NewerJdk.newestJava(22);
        assumeTrue(java != null, "no JDK 22 or newer found in JAVA_HOME or /usr/lib/jvm: the switch watch is not "
            + "tested");
        assumeTrue("amd64".equals(System.getProperty("os.arch")) && System.getProperty("os.name").contains("Linux"),
            "the switch watch is used on 64-bit x86 Linux only");
        final String out = NewerJdk.run(java, SwitchWatchProbe.class);
        final Matcher m = LINE.matcher(out);
        assertTrue(m.find(), out);
        assumeTrue(Boolean.parseBoolean(m.group(1)), "the switch watch is off on this host: " + m.group(6));
        assertEquals("null", m.group(6), out);
        final long watched = Long.parseLong(m.group(2));
        final long called = Long.parseLong(m.group(3));
        final long elapsed = Long.parseLong(m.group(4));
        // the sleeps: a watch that missed the thread leaving the CPU would charge them, 200 ms against ~40 of CPU
        assertTrue(elapsed > 2 * called, "the probe's sleeps did not dominate its elapsed time: " + out);
        // each watched interval lies inside its called one, shorter by about the system calls around it (1.4-3 µs
        // each on the development host); a watch that missed a sleep would add a millisecond
        assertTrue(watched <= called + 1_000_000, out);
        assertTrue(called - watched < 400 * 10_000L, "more than 10 µs per interval below the system call: " + out);
        // 100,000 readings back to back take a few ms: a system call only after the thread left the CPU
        assertTrue(Long.parseLong(m.group(5)) < 1_000, out);
    }
}
