package org.jbsplib.core.cli;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.jbsplib.api.spi.BarrierProvider;
import org.jbsplib.core.barrier.Barriers;
import org.jbsplib.core.MachineProvider;
import org.jbsplib.core.Machines;
import org.jbsplib.core.TransportProvider;
import org.jbsplib.core.Transports;

/**
 * {@code ./bsp backends}: lists every transport, every barrier backend (with the transports each runs on: backends
 * that keep shared state need a transport whose processes share memory) and every machine model found on the class
 * path.
 */
public final class BackendsCommand implements CliCommand {
    @Override
    public String name() {
        return "backends";
    }

    /**
     * {@code --transport} is not an option of this command (it lists what is installed):
     * it refuses it in one line, rather than a transport's launcher starting JVMs that would each refuse it.
     */
    @Override
    public boolean launchesTransportsItself() {
        return true;
    }

    @Override
    public String description() {
        return "list the transports (--transport), barrier backends (--barrier) and machine models (--machine) found";
    }

    @Override
    public String help() {
        return String.join("\n",
            "usage: ./bsp backends [--json FILE]",
            "Lists every transport (org.jbsplib.core.TransportProvider), every barrier backend",
            "(org.jbsplib.api.spi.BarrierProvider) with the transports it runs on, and every machine model",
            "(org.jbsplib.core.MachineProvider) found with ServiceLoader, one line each. Choose with --transport NAME and --barrier NAME[:key=value,...]; without --barrier,",
            "transports that share memory use " + Barriers.DEFAULT_SHARED_MEMORY + ", the others "
                + Barriers.DEFAULT_MESSAGES + ".",
            "  --json FILE   also write the lists as JSON: {\"transports\": [...], \"backends\": [{\"name\": ...,",
            "                \"description\": ..., \"transports\": [...]}], \"machines\": [{\"name\": ...,",
            "                \"description\": ...}]}", "");
    }

    @Override
    public int run(final List<String> args, final PrintStream out, final PrintStream err) throws Exception {
        final Args a = Args.parse(args, Set.of("--json"), Set.of());
        if (!a.positional().isEmpty()) {
            throw new CliException("backends takes no arguments, got " + a.positional());
        }
        final Map<String, TransportProvider> transports = Transports.providers();
        final List<Map<String, Object>> transportJson = new ArrayList<>();
        out.println("transports (--transport):");
        final int tw = transports.keySet().stream().mapToInt(String::length).max().orElse(0);
        for (final TransportProvider t : transports.values()) {
            out.printf("  %-" + tw + "s  %s%n", t.name(), t.description());
            final Map<String, Object> m = new LinkedHashMap<>();
            m.put("name", t.name());
            m.put("description", t.description());
            m.put("shares_memory", t.sharesMemory());
            m.put("shares_clock", t.sharesClock());
            transportJson.add(m);
        }
        out.println();
        out.println("barrier backends (--barrier), and the transports each runs on:");
        final List<Map<String, Object>> json = new ArrayList<>();
        final Map<String, BarrierProvider> providers = Barriers.providers();
        final int width = providers.keySet().stream().mapToInt(String::length).max().orElse(0);
        for (final BarrierProvider p : providers.values()) {
            final List<String> on = new ArrayList<>();
            for (final TransportProvider t : transports.values()) {
                final String note = p.supportOn(t.sharesMemory(), t.sharesClock());
                if (note != null) {
                    on.add(note.isEmpty() ? t.name() : t.name() + " (" + note + ")");
                }
            }
            final String mark = p.name().equals(Barriers.DEFAULT_SHARED_MEMORY) ? "; default on shared memory"
                : p.name().equals(Barriers.DEFAULT_MESSAGES) ? "; default elsewhere" : "";
            out.printf("%-" + width + "s  %s [%s%s]%n", p.name(), p.description(), String.join(", ", on), mark);
            final Map<String, Object> m = new LinkedHashMap<>();
            m.put("name", p.name());
            m.put("description", p.description());
            m.put("class", p.getClass().getName());
            m.put("transports", List.copyOf(on));
            json.add(m);
        }
        final List<Map<String, Object>> machineJson = machines(out);
        if (a.has("--json")) {
            final Map<String, Object> doc = new LinkedHashMap<>();
            doc.put("transports", transportJson);
            doc.put("backends", json);
            doc.put("machines", machineJson);
            Json.writeFile(a.value("--json", null), doc);
        }
        return 0;
    }

    /** Prints the machine models (for {@code --machine}) and returns them for the JSON document. */
    private static List<Map<String, Object>> machines(final PrintStream out) {
        final Map<String, MachineProvider> machines = Machines.all();
        out.println();
        out.println("machine models (--machine NAME[:OPTIONS]; without it the run is timed on this host):");
        if (machines.isEmpty()) {
            out.println("  none found (add the bsplib-vtime module to the class path for --machine virtual:PRESET)");
        }
        final int width = machines.keySet().stream().mapToInt(String::length).max().orElse(0);
        final List<Map<String, Object>> json = new ArrayList<>();
        for (final MachineProvider m : machines.values()) {
            out.printf("  %-" + width + "s  %s%n", m.name(), m.description());
            final Map<String, Object> j = new LinkedHashMap<>();
            j.put("name", m.name());
            j.put("description", m.description());
            json.add(j);
        }
        return json;
    }
}
