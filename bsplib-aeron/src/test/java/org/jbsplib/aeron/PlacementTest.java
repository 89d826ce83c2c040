package org.jbsplib.aeron;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.junit.jupiter.api.Test;

class PlacementTest {
    @Test
    void shouldHostEveryProcessWithoutRankOrEnvironment() {
        final Placement p = Placement.of(4, Map.of(), Map.of());
        assertTrue(p.alone());
        for (int pid = 0; pid < 4; pid++) {
            assertTrue(p.isLocal(pid));
        }
    }

    @Test
    void shouldTakeRankAndRanksPerJvmFromTheLaunchersProperties() {
        final Placement p = Placement.of(8, Map.of(Placement.RANK_PROP, "2", Placement.JVMS_PROP, "4",
            Placement.RANKS_PER_JVM_PROP, "2", Placement.AERON_DIR_PROP, "/dev/shm/x"), Map.of());
        assertFalse(p.alone());
        assertEquals(4, p.firstPid());
        assertTrue(p.isLocal(4) && p.isLocal(5));
        assertFalse(p.isLocal(3) || p.isLocal(6));
        assertEquals("/dev/shm/x", p.aeronDir());
    }

    @Test
    void shouldTakeRankAndSizeFromClusterLaunchers() {
        final Map<String, String> dir = Map.of(Placement.AERON_DIR_PROP, "/d");
        assertEquals(3, Placement.of(4, dir, Map.of("OMPI_COMM_WORLD_RANK", "3", "OMPI_COMM_WORLD_SIZE", "4"))
            .jvmRank());
        assertEquals(1, Placement.of(4, dir, Map.of("PMI_RANK", "1", "PMI_SIZE", "4")).jvmRank());
        final Placement slurm = Placement.of(4, dir, Map.of("SLURM_PROCID", "2", "SLURM_NTASKS", "4"));
        assertEquals(2, slurm.jvmRank());
        assertEquals(4, slurm.jvms());
    }

    @Test
    void shouldRefuseASizeThatDoesNotGiveProcsNamingTheValues() {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Placement.of(4,
            Map.of(Placement.AERON_DIR_PROP, "/d"), Map.of("PMI_RANK", "0", "PMI_SIZE", "3")));
        assertTrue(e.getMessage().contains("jvms=3") && e.getMessage().contains("procs=4"), e.getMessage());
    }

    @Test
    void shouldRefuseARankWithoutTheDriversDirectory() {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> Placement.of(2, Map.of(Placement.RANK_PROP, "1"), Map.of()));
        assertTrue(e.getMessage().contains(Placement.AERON_DIR_PROP), e.getMessage());
    }

    @Test
    void shouldRefuseANonNumericRank() {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> Placement.of(2, Map.of(), Map.of("SLURM_PROCID", "x", "SLURM_NTASKS", "2")));
        assertTrue(e.getMessage().contains("SLURM_PROCID=x"), e.getMessage());
    }

    @Test
    void shouldMakeDriverDirectoriesInTheDriverRootWhenOneIsSet() throws java.io.IOException {
        final java.nio.file.Path root = java.nio.file.Files.createTempDirectory("driver-root");
        System.setProperty(Placement.DRIVER_ROOT_PROP, root.toString());
        try {
            assertEquals(root.toFile(), Placement.driverRoot());
        } finally {
            System.clearProperty(Placement.DRIVER_ROOT_PROP);
            java.nio.file.Files.delete(root);
        }
    }

    @Test
    void shouldRefuseADriverRootThatIsNoDirectoryNamingIt() {
        System.setProperty(Placement.DRIVER_ROOT_PROP, "/no/such/dir");
        try {
            final IllegalArgumentException e = assertThrows(IllegalArgumentException.class, Placement::driverRoot);
            assertEquals("-Dbsplib.aeron.driverRoot=/no/such/dir is not a directory", e.getMessage());
        } finally {
            System.clearProperty(Placement.DRIVER_ROOT_PROP);
        }
    }
}
