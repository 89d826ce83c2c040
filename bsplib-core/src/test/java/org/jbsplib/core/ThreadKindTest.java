package org.jbsplib.core;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * What {@code threads=auto} resolves to: platform threads on the host up to 16 processes per core, virtual threads
 * beyond; on a machine model virtual threads as soon as P exceeds the cores; platform threads always on a JVM
 * without virtual threads (Java 17).
 */
class ThreadKindTest {

    @ParameterizedTest(name = "P={0}, cores={1}, machine model={2}: {3}")
    @CsvSource({
        "1, 2, false, platform",
        "2, 2, false, platform",
        "3, 2, false, platform",
        "8, 2, false, platform",
        "32, 2, false, platform",
        "33, 2, false, virtual",
        "4096, 2, false, virtual",
        "64, 4, false, platform",
        "65, 4, false, virtual",
        "2, 2, true, platform",
        "3, 2, true, virtual",
        "32, 2, true, virtual"})
    void shouldResolveAutoByProcessesPerCoreAndMachine(final int procs, final int cores, final boolean model,
        final String expected) {
        final ThreadKind want = ThreadKind.virtualAvailable() ? ThreadKind.parse(expected) : ThreadKind.PLATFORM;
        assertEquals(want, ThreadKind.AUTO.resolve(procs, cores, model), "auto at P=" + procs + ", cores=" + cores
            + ", machine model=" + model + " on Java " + Runtime.version().feature());
    }

    @ParameterizedTest(name = "P={0}, cores={1}")
    @CsvSource({"2, 2", "8, 2", "32, 2", "33, 2", "4096, 2"})
    void shouldResolveTheHostRuleWithoutAMachineArgument(final int procs, final int cores) {
        assertEquals(ThreadKind.AUTO.resolve(procs, cores, false), ThreadKind.AUTO.resolve(procs, cores));
    }

    @ParameterizedTest(name = "{0} at P={1}")
    @CsvSource({"platform, 4096, true", "platform, 2, false"})
    void shouldKeepAnExplicitPlatformChoice(final String kind, final int procs, final boolean model) {
        assertEquals(ThreadKind.PLATFORM, ThreadKind.parse(kind).resolve(procs, 2, model));
    }
}
