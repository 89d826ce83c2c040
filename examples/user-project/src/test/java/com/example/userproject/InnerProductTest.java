package com.example.userproject;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Runs under surefire, whose argLine carries the JVM option (see the pom). */
@Timeout(60)
class InnerProductTest {
    @ParameterizedTest
    @CsvSource({"1,org", "3,org", "3,rbs", "8,rbs"})
    void shouldComputeTheExactInnerProduct(final int procs, final String sync) {
        final int n = 10_000;
        for (final double r : InnerProduct.run(procs, sync, n)) {
            assertEquals(InnerProduct.exact(n), r);
        }
    }
}
