package org.jbsplib.core.cli;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.jbsplib.api.spi.BarrierProvider;
import org.jbsplib.core.barrier.Barriers;

/** {@code ./bsp backends}: lists every barrier backend found on the class path with its description. */
public final class BackendsCommand implements CliCommand {
    @Override
    public String name() {
        return "backends";
    }

    @Override
    public String description() {
        return "list the barrier backends found (for --barrier)";
    }

    @Override
    public String help() {
        return String.join("\n",
            "usage: ./bsp backends [--json FILE]",
            "Lists every barrier backend found with ServiceLoader (org.jbsplib.api.spi.BarrierProvider), one line",
            "each. Choose one with --barrier NAME[:key=value,...]; without it the threads transport uses "
                + Barriers.DEFAULT_SHARED_MEMORY + ".",
            "  --json FILE   also write the list as JSON: [{\"name\": ..., \"description\": ...}]", "");
    }

    @Override
    public int run(final List<String> args, final PrintStream out, final PrintStream err) throws Exception {
        final Args a = Args.parse(args, Set.of("--json"), Set.of());
        if (!a.positional().isEmpty()) {
            throw new CliException("backends takes no arguments, got " + a.positional());
        }
        final List<Map<String, Object>> json = new ArrayList<>();
        final Map<String, BarrierProvider> providers = Barriers.providers();
        final int width = providers.keySet().stream().mapToInt(String::length).max().orElse(0);
        for (final BarrierProvider p : providers.values()) {
            final String mark = p.name().equals(Barriers.DEFAULT_SHARED_MEMORY) ? " (default on threads)" : "";
            out.printf("%-" + width + "s  %s%s%n", p.name(), p.description(), mark);
            final Map<String, Object> m = new LinkedHashMap<>();
            m.put("name", p.name());
            m.put("description", p.description());
            m.put("class", p.getClass().getName());
            json.add(m);
        }
        if (a.has("--json")) {
            Json.writeFile(a.value("--json", null), json);
        }
        return 0;
    }
}
