package org.jbsplib.hw;

import java.util.List;
import java.util.Locale;

import org.jbsplib.hw.bsr.BsrBarrierModel;
import org.jbsplib.hw.bsr.BsrParameters;
import org.jbsplib.hw.model.BarrierModel;
import org.jbsplib.hw.model.ParameterSchema;
import org.jbsplib.hw.model.Parameters;
import org.jbsplib.hw.nic.NicAlgorithm;
import org.jbsplib.hw.nic.NicBarrierModel;
import org.jbsplib.hw.nic.NicParameters;
import org.jbsplib.hw.papers.PapersBarrierModel;
import org.jbsplib.hw.papers.PapersParameters;
import org.jbsplib.hw.reflex.ReflexBarrierModel;
import org.jbsplib.hw.reflex.ReflexParameters;

/**
 * Creates hardware barrier models from spec strings {@code backend[/preset][:key=value,...]}, e.g.
 * {@code papers:portOpsPerSec=1e6,cableDelayNs=20}, {@code reflex/infiniband}, {@code bsr/mesh:preempt=0},
 * {@code nic-pe/lanai72}, {@code host-gb:fanOut=4}.
 *
 * <p>Threading: stateless; safe from any thread.
 */
public final class HwBarrierModels {
    /** The backends, in the order the issue lists them. */
    public static final List<String> BACKENDS = List.of("papers", "reflex", "bsr", "nic-gb", "nic-pe", "host-gb",
        "host-pe");

    private HwBarrierModels() {
    }

    /** @return the parameter schema (keys, presets) of {@code backend} */
    public static ParameterSchema schema(final String backend) {
        return switch (backend(backend)) {
            case "papers" -> PapersParameters.schema();
            case "reflex" -> ReflexParameters.schema();
            case "bsr" -> BsrParameters.schema();
            default -> NicParameters.schema(backend(backend));
        };
    }

    /** @return the parameters a spec names */
    public static Parameters parameters(final String spec) {
        return schema(backendOf(spec)).parse(spec);
    }

    /** @return a model of the spec's backend for {@code parties} processes */
    public static BarrierModel create(final String spec, final int parties) {
        final Parameters p = parameters(spec);
        return switch (p.backend()) {
            case "papers" -> new PapersBarrierModel(p, parties);
            case "reflex" -> new ReflexBarrierModel(p, parties);
            case "bsr" -> new BsrBarrierModel(p, parties);
            default -> new NicBarrierModel(p, NicAlgorithm.ofBackend(p.backend()), parties);
        };
    }

    /** @return the backend part of a spec */
    public static String backendOf(final String spec) {
        if (spec == null || spec.isBlank()) {
            throw new IllegalArgumentException("hw barrier: spec=" + spec + " is empty; known backends: " + BACKENDS);
        }
        String head = spec.trim();
        final int colon = head.indexOf(':');
        if (colon >= 0) {
            head = head.substring(0, colon);
        }
        final int slash = head.indexOf('/');
        if (slash >= 0) {
            head = head.substring(0, slash);
        }
        return backend(head);
    }

    private static String backend(final String name) {
        final String b = name.trim().toLowerCase(Locale.ROOT);
        if (!BACKENDS.contains(b)) {
            throw new IllegalArgumentException("hw barrier: backend=" + name + " is unknown; known backends: "
                + BACKENDS);
        }
        return b;
    }
}
