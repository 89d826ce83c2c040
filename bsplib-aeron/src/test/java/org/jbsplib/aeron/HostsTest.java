package org.jbsplib.aeron;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

/** The host file of {@code aeron-udp}: its lines, their pids and ports, and the messages of malformed files. */
class HostsTest {
    @Test
    void shouldGiveEachPidTheNextPortOfItsLine() {
        final Hosts h = Hosts.parse("h", List.of("# address ranks first-port", "", "10.0.0.1 2 40100  # pids 0-1",
            "10.0.0.2 2 40100"));
        assertEquals(4, h.procs());
        assertEquals(2, h.ranksPerJvm());
        assertEquals("10.0.0.1:40101", h.endpoint(1));
        assertEquals("10.0.0.2:40100", h.endpoint(2));
        assertEquals(h, Hosts.parse("again", List.of(h.format().split("\n"))));
    }

    @Test
    void shouldNameTheLineOfAMalformedFile() {
        final IllegalArgumentException fields = assertThrows(IllegalArgumentException.class,
            () -> Hosts.parse("h", List.of("10.0.0.1 2")));
        assertTrue(fields.getMessage().startsWith("h:1: '10.0.0.1 2' must be"), fields.getMessage());
        final IllegalArgumentException ranks = assertThrows(IllegalArgumentException.class,
            () -> Hosts.parse("h", List.of("a 2 100", "b 3 100")));
        assertTrue(ranks.getMessage().contains("h:2: ranks=3 differs"), ranks.getMessage());
        final IllegalArgumentException port = assertThrows(IllegalArgumentException.class,
            () -> Hosts.parse("h", List.of("a 2 100", "a 2 101")));
        assertTrue(port.getMessage().contains("h:2: port a:101 is already taken by line 1"), port.getMessage());
        final IllegalArgumentException number = assertThrows(IllegalArgumentException.class,
            () -> Hosts.parse("h", List.of("a two 100")));
        assertTrue(number.getMessage().contains("ranks=two is not an integer"), number.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Hosts.parse("h", List.of("# nothing")));
    }

    @Test
    void shouldPlaceThisJvmByItsRankAmongTheLines() {
        final Hosts h = Hosts.parse("h", List.of("a 2 100", "b 2 100"));
        final Placement p = Placement.ofHosts(4, h, java.util.Map.of(Placement.RANK_PROP, "1"), java.util.Map.of());
        assertEquals(new Placement(1, 2, 2, null), p);
        final Placement mpi = Placement.ofHosts(4, h, java.util.Map.of(),
            java.util.Map.of("OMPI_COMM_WORLD_RANK", "0", "OMPI_COMM_WORLD_SIZE", "2"));
        assertEquals(new Placement(0, 2, 2, null), mpi);
        final IllegalArgumentException procs = assertThrows(IllegalArgumentException.class,
            () -> Placement.ofHosts(6, h, java.util.Map.of(), java.util.Map.of()));
        assertTrue(procs.getMessage().contains("procs=6 differs from the 4 processes"), procs.getMessage());
        final IllegalArgumentException norank = assertThrows(IllegalArgumentException.class,
            () -> Placement.ofHosts(4, h, java.util.Map.of(), java.util.Map.of()));
        assertTrue(norank.getMessage().contains("rank=-1 of jvms=2"), norank.getMessage());
    }
}
