package org.jbsplib.core.sync;

import java.util.Map;

/**
 * A parsed {@code --sync} value: a sync mode's name and, after a colon, an optional preset of that mode, e.g.
 * {@code org}, {@code org:paper}, {@code rbs:paper}. A preset is a named set of the mode's options
 * ({@link SyncProtocolFactory#presets()}); options the run sets itself ({@code --opt key=value}) win over the
 * preset's.
 *
 * <pre>{@code
 * SyncSpec spec = SyncSpec.parse("rbs:paper");   // name "rbs", preset "paper"
 * }</pre>
 *
 * @param name   the sync mode's name
 * @param preset the preset's name, empty for the mode's engineering defaults
 */
public record SyncSpec(String name, String preset) {
    /**
     * @param spec {@code NAME} or {@code NAME:PRESET}
     * @return the parsed spec
     * @throws IllegalArgumentException naming {@code spec} if it is null, blank or has an empty part
     */
    public static SyncSpec parse(final String spec) {
        if (spec == null || spec.isBlank()) {
            throw new IllegalArgumentException("sync=" + spec + " must name a sync mode, optionally with a preset "
                + "(NAME[:PRESET], e.g. org, org:paper, rbs:paper)");
        }
        final String s = spec.trim();
        final int colon = s.indexOf(':');
        if (colon < 0) {
            return new SyncSpec(s, "");
        }
        final String name = s.substring(0, colon).trim();
        final String preset = s.substring(colon + 1).trim();
        if (name.isEmpty() || preset.isEmpty()) {
            throw new IllegalArgumentException("sync=" + spec + " must be NAME or NAME:PRESET with both parts "
                + "non-empty (e.g. org:paper)");
        }
        return new SyncSpec(name, preset);
    }

    /** @return whether a preset is named */
    public boolean hasPreset() {
        return !preset.isEmpty();
    }

    /**
     * @param factory the factory of the mode this spec names
     * @return the options of this spec's preset, empty without one
     * @throws IllegalArgumentException naming the preset and the mode's presets if the mode has no such preset
     */
    public Map<String, String> presetOptions(final SyncProtocolFactory factory) {
        if (!hasPreset()) {
            return Map.of();
        }
        final Map<String, Map<String, String>> presets = factory.presets();
        final Map<String, String> options = presets.get(preset);
        if (options == null) {
            throw new IllegalArgumentException("sync=" + name + ':' + preset + ": preset=" + preset
                + " is not a preset of sync mode " + name + " (presets: "
                + (presets.isEmpty() ? "none" : String.join(", ", presets.keySet())) + ")");
        }
        return options;
    }

    /**
     * Reads a byte-count option of a sync mode.
     *
     * @param key   the option's key, for the message
     * @param value a number of bytes {@code >= 0}, or {@code unlimited}
     * @return the bytes, {@link Long#MAX_VALUE} for {@code unlimited}
     * @throws IllegalArgumentException naming the key and the value otherwise
     */
    public static long parseBytes(final String key, final String value) {
        final String v = value == null ? "" : value.trim();
        if ("unlimited".equalsIgnoreCase(v)) {
            return Long.MAX_VALUE;
        }
        try {
            final long bytes = Long.parseLong(v);
            if (bytes >= 0) {
                return bytes;
            }
        } catch (final NumberFormatException e) {
            // refused below, with the key
        }
        throw new IllegalArgumentException(key + "=" + value + " must be a number of bytes >= 0 or unlimited");
    }
}
