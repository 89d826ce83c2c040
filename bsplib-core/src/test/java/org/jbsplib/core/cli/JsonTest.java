package org.jbsplib.core.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

class JsonTest {
    @Test
    void shouldRoundTripNestedValues() {
        final Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", "a \"quoted\"\nline");
        m.put("n", 3L);
        m.put("x", 1.5e-12);
        m.put("list", List.of(1L, 2L, List.of("z")));
        m.put("nan", Double.NaN);
        m.put("t", true);
        final Object back = Json.parse(Json.write(m));
        final Map<String, Object> expect = new LinkedHashMap<>(m);
        expect.put("nan", null);
        assertEquals(expect, back);
    }

    @Test
    void shouldNameThePositionOfASyntaxError() {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Json.parse("{\"a\": }"));
        assertEquals("JSON: unexpected character '}' at offset 6", e.getMessage());
    }
}
