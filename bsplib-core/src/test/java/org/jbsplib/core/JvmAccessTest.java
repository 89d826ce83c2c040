package org.jbsplib.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.jbsplib.api.Reg;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code BspRuntime.run} from a user's own {@code main} in a JVM without the one option JBSPlib needs fails at
 * once with one line naming the option, and runs with it. Each case starts a child JVM on the test class path.
 */
@Timeout(120)
class JvmAccessTest {

    /** The user's {@code main}: a 2-process broadcast, printing "ok" when the result is right. */
    public static final class UserMain {
        public static void main(final String[] args) {
            final int[] seen = new int[2];
            BspRuntime.run(new BspConfig().procs(2), bsp -> {
                final int[] x = new int[1];
                final Reg reg = bsp.pushReg(x);
                bsp.sync();
                if (bsp.pid() == 0) {
                    bsp.putInt(1, 42, reg, 0);
                }
                bsp.sync();
                seen[bsp.pid()] = x[0];
            });
            System.out.println(seen[1] == 42 ? "ok" : "wrong: " + seen[1]);
        }
    }

    @Test
    void shouldFailAtStartWithOneLineNamingTheOptionWhenTheJvmLacksIt() throws Exception {
        final Child child = runChild(List.of());
        assertEquals(1, child.exit, child.toString());
        final String first = child.stderr.lines().findFirst().orElse("");
        assertTrue(first.contains("IllegalStateException: JBSPlib needs the JVM option "
            + "--add-opens java.base/jdk.internal.misc=ALL-UNNAMED"), child.toString());
        assertFalse(child.stderr.contains("IllegalAccessError"), child.toString());
        assertFalse(child.stdout.contains("ok"), child.toString());
    }

    @Test
    void shouldRunFromAPlainMainWithTheOption() throws Exception {
        final Child child = runChild(List.of("--add-opens", "java.base/jdk.internal.misc=ALL-UNNAMED"));
        assertEquals(0, child.exit, child.toString());
        assertEquals("ok", child.stdout.strip(), child.toString());
    }

    private record Child(int exit, String stdout, String stderr) {
        @Override
        public String toString() {
            return "exit=" + exit + "\nstdout:\n" + stdout + "\nstderr:\n" + stderr;
        }
    }

    private static Child runChild(final List<String> jvmOptions) throws IOException, InterruptedException {
        final List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmOptions);
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(UserMain.class.getName());
        final ProcessBuilder pb = new ProcessBuilder(command);
        pb.environment().remove("JDK_JAVA_OPTIONS");
        pb.environment().remove("JAVA_TOOL_OPTIONS");
        final Process process = pb.start();
        process.getOutputStream().close();
        if (!process.waitFor(90, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("the child JVM did not end within 90 s: " + command);
        }
        final String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        final String err = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        return new Child(process.exitValue(), out, err);
    }
}
