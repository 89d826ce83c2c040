package org.jbsplib.vtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.jbsplib.core.cli.Main;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The {@code --machine virtual:PRESET;key=value} grammar as the README documents it, checked from outside: every
 * preset of the README's table, every key, and refusals that name the key and value.
 */
@Timeout(60)
class MachineSpecContractTest {
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int bsp(final String... args) {
        return Main.run(List.of(args), new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @Test
    void shouldKnowExactlyThePresetsOfTheReadmeTable() throws Exception {
        final List<String> documented = new ArrayList<>();
        boolean inTable = false;
        for (final String line : Files.readAllLines(Path.of("README.md"))) {
            if (line.startsWith("## ")) {
                inTable = line.equals("## Presets and their sources");
            } else if (inTable && line.startsWith("| `")) {
                documented.add(line.substring(3, line.indexOf('`', 3)));
            }
        }
        assertEquals(List.copyOf(Presets.all().keySet()), documented);
        for (final String preset : documented) {
            assertEquals(preset, NetworkModel.parse(preset + ";L=1us;o=1us;g=1us;G=1;cpu=fixed;cpuScale=2;stepCost=1us")
                .preset());
        }
    }

    @Test
    void shouldRefuseANumberInAnotherSyntaxThanDecimalNamingIt() {
        for (final String option : List.of("L=5d", "o=2f", "stepCost=1Dms", "G=0x1p3", "cpuScale=8f", "G=NaN",
            "cpuScale=Infinity")) {
            final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> NetworkModel.parse("sp2-us;" + option), option);
            assertTrue(e.getMessage().contains(option), e.getMessage());
        }
        assertEquals(1_500, NetworkModel.parse("sp2-us;L=1.5e3").latencyNs());
        assertEquals(0.25, NetworkModel.parse("sp2-us;G=.25").gapPerByteNs());
    }

    @Test
    void shouldListTheKernelsKeysAmongTheKnownOnesOfAnUnknownKey() {
        assertEquals(2, bsp("example", "broadcast", "--procs", "2", "--quiet", "--machine", "virtual:sp2-us;lat=1us"));
        final String message = err.toString(StandardCharsets.UTF_8);
        assertEquals(1, message.strip().lines().count(), message);
        final List<String> known = List.of(message.substring(message.indexOf("(known: ") + 8, message.lastIndexOf(')'))
            .split("[, ]+"));
        for (final String key : List.of("L", "o", "g", "G", "cpu", "cpuScale", "stepCost", "shuffle", "parallel",
            "calibrate")) {
            assertTrue(known.contains(key), key + " in " + message);
        }
    }

    @Test
    void shouldTrimTheKernelsKeysAsTheModelsKeys() {
        // NetworkModel.parse trims around '=' ("L = 20us"); shuffle and parallel are read the same way
        assertEquals(0, bsp("example", "broadcast", "--procs", "3", "--quiet", "--machine",
            "virtual:sp2-us; L = 20us ; shuffle = 7 ; parallel = 2"), err.toString(StandardCharsets.UTF_8));
        assertEquals(2, bsp("example", "broadcast", "--procs", "2", "--quiet", "--machine",
            "virtual:sp2-us; parallel = 0"));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("parallel=0"), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void shouldRefuseAKeyGivenTwiceNamingIt() {
        for (final String spec : List.of("sp2-us;L=1us;L=2us", "sp2-us;cpu=fixed; cpu = thread",
            "sp2-us;shuffle=1;shuffle=2", "sp2-us;parallel=1;parallel=2")) {
            final String key = spec.substring(spec.lastIndexOf(';') + 1).split("=")[0].trim();
            assertEquals(2, bsp("example", "broadcast", "--procs", "2", "--quiet", "--machine", "virtual:" + spec),
                spec);
            final String message = err.toString(StandardCharsets.UTF_8);
            assertTrue(message.contains("machine option " + key + " in virtual:" + spec + " is given twice"), message);
            err.reset();
        }
    }
}
