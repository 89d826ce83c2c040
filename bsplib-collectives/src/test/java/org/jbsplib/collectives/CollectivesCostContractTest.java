package org.jbsplib.collectives;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.Consumer;

import org.jbsplib.api.Bsp;
import org.jbsplib.core.BspConfig;
import org.jbsplib.core.BspRuntime;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The README's cost table, from outside: the supersteps of every collective once its scratch area is large enough,
 * the same for n = 0 and P = 1 ("the number of syncs never depends on the data"), and what {@code close()} syncs.
 */
@Timeout(120)
class CollectivesCostContractTest {
    /** One collective call on a process, over n elements. */
    private interface Call {
        void run(Collectives coll, Bsp bsp, int n);
    }

    private static Map<String, Call> oneCallEach() {
        final Map<String, Call> calls = new LinkedHashMap<>();
        calls.put("broadcast", (c, b, n) -> c.broadcast(b.nprocs() - 1, new double[n], 0, n));
        calls.put("reduce", (c, b, n) -> c.reduce(0, new double[n], 0, n, Double::sum));
        calls.put("allReduce", (c, b, n) -> c.allReduce(new double[n], 0, n, Double::sum));
        calls.put("scan", (c, b, n) -> c.scan(new double[n], 0, n, Double::sum));
        calls.put("gather", (c, b, n) -> c.gather(0, new double[n], 0, n, new double[b.nprocs() * n], 0));
        calls.put("allGather", (c, b, n) -> c.allGather(new double[n], 0, n, new double[b.nprocs() * n], 0));
        calls.put("scatter", (c, b, n) -> c.scatter(0, new double[b.nprocs() * n], 0, new double[n], 0, n));
        calls.put("allToAll", (c, b, n) -> c.allToAll(new double[b.nprocs() * n], 0, new double[b.nprocs() * n], 0,
            n));
        calls.put("allToAllv", (c, b, n) -> {
            final int[] counts = new int[b.nprocs()];
            java.util.Arrays.fill(counts, n);
            c.allToAllv(new double[b.nprocs() * n], 0, counts, null);
        });
        calls.put("sort", (c, b, n) -> {
            final long[] keys = new long[n];
            for (int i = 0; i < n; i++) {
                keys[i] = (i * 7919L + b.pid()) % 101;
            }
            c.sort(keys, 0, n);
        });
        return calls;
    }

    /** The README's table: supersteps of one call, one-phase forms. */
    private static final Map<String, Integer> ONE_PHASE = Map.of("broadcast", 1, "reduce", 1, "allReduce", 1,
        "scan", 1, "gather", 1, "allGather", 1, "scatter", 1, "allToAll", 1, "allToAllv", 2, "sort", 4);

    /** The README's table: supersteps of the two-phase forms (P >= 3 and n >= the threshold). */
    private static final Map<String, Integer> TWO_PHASE = Map.of("broadcast", 2, "reduce", 2, "allReduce", 2,
        "scan", 2);

    @ParameterizedTest(name = "P={0} sync={1} twoPhase={2}")
    @CsvSource({"1,org,false", "3,org,false", "3,rbs,false", "4,org,true", "1,rbs,true"})
    void shouldTakeTheSuperstepsOfTheReadmeTableForEveryLengthAndP(final int p, final String sync,
        final boolean twoPhase) {
        final Queue<String> wrong = new ConcurrentLinkedQueue<>();
        run(p, sync, bsp -> {
            try (Collectives coll = new Collectives(bsp)) {
                if (twoPhase) {
                    coll.twoPhaseThreshold(0);
                }
                oneCallEach().forEach((name, call) -> {
                    call.run(coll, bsp, 13); // the largest n first: the scratch area grows here, not below
                    call.run(coll, bsp, 13);
                    final int expected = twoPhase && p >= 3 ? TWO_PHASE.getOrDefault(name, ONE_PHASE.get(name))
                        : ONE_PHASE.get(name);
                    for (final int n : new int[] {13, 5, 1, 0}) {
                        final long before = bsp.superstep();
                        call.run(coll, bsp, n);
                        if (bsp.superstep() - before != expected) {
                            wrong.add("pid " + bsp.pid() + " " + name + " n=" + n + ": " + (bsp.superstep() - before)
                                + " supersteps, README: " + expected);
                        }
                    }
                });
            }
        });
        assertEquals(List.of(), new ArrayList<>(wrong));
    }

    @ParameterizedTest(name = "P={0}")
    @CsvSource({"1", "3"})
    void shouldSyncInCloseOnlyWhenItPopsAScratchArea(final int p) {
        final Queue<String> seen = new ConcurrentLinkedQueue<>();
        run(p, "org", bsp -> {
            final Collectives unused = new Collectives(bsp);
            long before = bsp.superstep();
            unused.close();
            seen.add("unused " + (bsp.superstep() - before));
            final Collectives used = new Collectives(bsp);
            used.allReduceDouble(1.0, Double::sum);
            before = bsp.superstep();
            used.close();
            seen.add("used " + (bsp.superstep() - before));
            before = bsp.superstep();
            used.close();
            seen.add("again " + (bsp.superstep() - before));
        });
        final List<String> expected = new ArrayList<>();
        for (int i = 0; i < p; i++) {
            expected.addAll(List.of("unused 0", "used 1", "again 0"));
        }
        final List<String> got = new ArrayList<>(seen);
        got.sort(null);
        expected.sort(null);
        assertEquals(expected, got);
    }

    private static void run(final int p, final String sync, final Consumer<Bsp> program) {
        BspRuntime.run(new BspConfig().procs(p).syncMode(sync), program::accept);
    }
}
