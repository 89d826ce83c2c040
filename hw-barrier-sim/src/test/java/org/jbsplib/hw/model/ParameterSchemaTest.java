package org.jbsplib.hw.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ParameterSchemaTest {
    private final ParameterSchema schema = new ParameterSchema("demo")
        .key("portOpsPerSec", "port operations per second")
        .key("cableDelayNs", "cable delay")
        .preset("slow", "a slow one", "portOpsPerSec", 8e5, "cableDelayNs", 100)
        .preset("fast", "a fast one", "portOpsPerSec", 1e6, "cableDelayNs", 50);

    @Test
    void shouldUseTheFirstPresetAndApplyOverrides() {
        final Parameters p = schema.parse("demo:portOpsPerSec=1e6,cableDelayNs=20");
        assertEquals("demo/slow", p.name());
        assertEquals(1e6, p.get("portOpsPerSec"));
        assertEquals(20, p.get("cableDelayNs"));
        assertEquals(50, schema.parse("demo/fast").get("cableDelayNs"));
    }

    @Test
    void shouldNameTheUnknownKeyAndListTheKnownOnes() {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> schema.parse("demo:portOpsPerSecond=1e6"));
        assertTrue(e.getMessage().contains("key=portOpsPerSecond"), e.getMessage());
        assertTrue(e.getMessage().contains("value=1e6"), e.getMessage());
        assertTrue(e.getMessage().contains("cableDelayNs"), e.getMessage());
    }

    @Test
    void shouldNameABadValue() {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> schema.parse("demo:cableDelayNs=fast"));
        assertTrue(e.getMessage().contains("key=cableDelayNs") && e.getMessage().contains("value=fast"),
            e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> schema.parse("demo:cableDelayNs=-1"));
        assertThrows(IllegalArgumentException.class, () -> schema.parse("demo:cableDelayNs="));
    }

    @Test
    void shouldRejectUnknownPresetsAndBackends() {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> schema.parse("demo/medium"));
        assertTrue(e.getMessage().contains("preset=medium") && e.getMessage().contains("fast"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> schema.parse("other:cableDelayNs=1"));
    }
}
