package org.jbsplib.examples;

import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

import org.jbsplib.core.cli.Args;
import org.jbsplib.core.cli.ExampleProvider;
import org.jbsplib.core.examples.Example;

/**
 * The examples of this module for {@code ./bsp example NAME} (registered as an {@link ExampleProvider}): sort,
 * lu, fft, matvec, inprod (replacing the core's, now through the collectives) and one per collective. Each takes
 * {@code --n} and the run options ({@code --procs}, {@code --sync}, {@code --barrier}, {@code --json}, ...), checks
 * its result against a sequential computation and prints PASS or FAIL (exit status 1).
 */
public final class ClassicExamples implements ExampleProvider {
    private static final Map<String, String> EXAMPLES = new LinkedHashMap<>();
    private static final Map<String, Integer> DEFAULT_N = new LinkedHashMap<>();

    static {
        add("sort", "sample sort of n longs (regular sampling, Collectives.sort)", 1 << 20);
        add("lu", "dense LU with partial pivoting of an n x n matrix, 2-D cyclic distribution", 128);
        add("fft", "BSP radix-2 FFT of length n (a power of two >= P'^2, P' = power of two <= P), transpose method", 1 << 16);
        add("matvec", "sparse matrix-vector product of order n, remote components fetched with get", 100_000);
        add("inprod", "inner product of a block-distributed vector of length n (Collectives.allReduce)", 1_000_000);
        add("bcast", "Collectives.broadcast of n doubles from pid P-1", 10_000);
        add("reduce", "Collectives.reduce (sum) of n doubles to pid P-1", 10_000);
        add("allreduce", "Collectives.allReduce (sum) of n doubles", 10_000);
        add("scan", "Collectives.scan (inclusive prefix sum) of n doubles", 10_000);
        add("gather", "Collectives.gather of n doubles per process to pid P-1", 10_000);
        add("allgather", "Collectives.allGather of n doubles per process", 10_000);
        add("scatter", "Collectives.scatter of n doubles per process from pid P-1", 10_000);
        add("alltoall", "Collectives.allToAll of n doubles per pair", 10_000);
        add("alltoallv", "Collectives.allToAllv of 0, n/2 or n doubles per pair", 10_000);
    }

    private static void add(final String name, final String description, final int n) {
        EXAMPLES.put(name, description + " (default --n " + n + ")");
        DEFAULT_N.put(name, n);
    }

    @Override
    public Map<String, String> examples() {
        return EXAMPLES;
    }

    @Override
    public Set<String> valueOptions() {
        return Set.of("--n");
    }

    @Override
    public String optionsHelp() {
        return "  --n N              problem size of sort, lu, fft, matvec, inprod and the collectives (see each "
            + "default)\n";
    }

    @Override
    public Example create(final String name, final Args args, final PrintStream out) {
        final int n = args.intValue("--n", DEFAULT_N.getOrDefault(name, 1000));
        return switch (name) {
            case "sort" -> new SortExample(out, n);
            case "lu" -> new LuExample(out, n);
            case "fft" -> {
                final FftExample fft = new FftExample(out, n);
                // refused here, as bad usage, rather than by every process when the run has started
                FftExample.checkSize(n, args.intValue("--procs", new org.jbsplib.core.BspConfig().procs()));
                yield fft;
            }
            case "matvec" -> new MatVecExample(out, n);
            case "inprod" -> new InnerProductExample(out, n);
            default -> new CollectiveExample(name, out, n);
        };
    }
}
