package org.jbsplib.npb.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.junit.jupiter.api.Test;

class VerificationDataTest {
    @Test
    void shouldReadTheOfficialValuesFromTheClasspath() {
        final VerificationData data = VerificationData.load();
        assertEquals("SWABC", data.classes("FT"));
        final Map<String, Object> a = data.npbClass("FT", 'A');
        assertEquals(256, VerificationData.intValue(a, "nx"));
        assertEquals(6, VerificationData.doubleRows(a, "checksums").length);
        assertEquals(5.046735008193E+02, VerificationData.doubleRows(a, "checksums")[0][0]);
        assertEquals(1e-12, VerificationData.doubleValue(data.kernel("FT"), "epsilon"));
    }

    @Test
    void shouldNameWhatIsMissing() {
        final VerificationData data = VerificationData.parse("{\"FT\": {\"classes\": {\"S\": {\"nx\": 1.5}}}}");
        final IllegalArgumentException cls = assertThrows(IllegalArgumentException.class,
            () -> data.npbClass("FT", 'Z'));
        assertTrue(cls.getMessage().contains("class=Z"), cls.getMessage());
        final IllegalArgumentException nx = assertThrows(IllegalArgumentException.class,
            () -> VerificationData.intValue(data.npbClass("FT", 'S'), "nx"));
        assertTrue(nx.getMessage().contains("'nx'=1.5"), nx.getMessage());
        assertThrows(IllegalArgumentException.class, () -> data.kernel("LU"));
    }
}
