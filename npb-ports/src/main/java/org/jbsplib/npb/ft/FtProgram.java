package org.jbsplib.npb.ft;

import java.io.PrintStream;

import org.jbsplib.api.Bsp;
import org.jbsplib.api.BspProgram;
import org.jbsplib.api.Reg;
import org.jbsplib.npb.common.TimedSection;

/**
 * The BSP FT benchmark, run by every process: NPB's timed section (initial conditions, forward 3-D FFT, then per
 * iteration evolve, inverse 3-D FFT and checksum) on its {@link FtPencils} share of the grid.
 *
 * <p>Supersteps: one per transpose (an all-to-all of puts into the destination layout, registered once; one per
 * 3-D FFT in the slab layout, two in the pencil layout) and one per checksum (every process puts its partial sum to
 * every other; all add them in pid order, so all hold the same value). The data a superstep received is claimed
 * with {@code commit(reg, count)} right before it is first read: under the relaxed sync that is where a process
 * waits for its data, under the classic sync it checks the count.
 *
 * <p>Each process writes only its own slots of the shared {@link Outcome}; the caller reads it after the run.
 * <pre>{@code
 * FtProgram.Outcome outcome = new FtProgram.Outcome(ftClass.niter(), procs);
 * BspRuntime.run(config, new FtProgram(ftClass, ftClass.niter(), 1, 0, outcome, System.err));
 * }</pre>
 */
public final class FtProgram implements BspProgram {
    /** What the processes report: the checksums (identical on every process) and each process's time. */
    public static final class Outcome {
        private final double[][][] checksums;
        private final double[] seconds;
        private final boolean[] ran;
        private final TimedSection section;

        /** @param iterations time steps run @param nprocs P */
        public Outcome(final int iterations, final int nprocs) {
            checksums = new double[nprocs][iterations][2];
            seconds = new double[nprocs];
            ran = new boolean[nprocs];
            section = new TimedSection(nprocs);
        }

        /** @return the synchronization statistics of each process's timed section */
        public TimedSection section() {
            return section;
        }

        /** @return process {@code pid}'s checksums, {@code [t-1][0]} real and {@code [t-1][1]} imaginary */
        public double[][] checksums(final int pid) {
            return checksums[pid];
        }

        /**
         * @param pid a process
         * @return whether it ran in this JVM (its checksums and time are here): all of them on the threads
         *     transport, this JVM's share between JVMs
         */
        public boolean ran(final int pid) {
            return ran[pid];
        }

        /** @return each process's time in the timed section, seconds, indexed by pid */
        public double[] seconds() {
            return seconds.clone();
        }
    }

    private final FtClass c;
    private final int iterations;
    private final int p1;
    private final int lanes;
    private final Outcome outcome;
    private final PrintStream progress;

    /**
     * @param c          the problem class
     * @param iterations time steps to run, {@code 1 .. c.niter()}
     * @param p1         processes per row of the process grid: 1 for slabs (see {@link FtPencils#rowSize})
     * @param lanes      lines per FFT block, 0 to choose
     * @param outcome    where every process reports
     * @param progress   where process 0 prints "iteration k of n", or {@code null}
     */
    public FtProgram(final FtClass c, final int iterations, final int p1, final int lanes, final Outcome outcome,
                     final PrintStream progress) {
        if (iterations < 1 || iterations > c.niter()) {
            throw new IllegalArgumentException("iterations=" + iterations + " must be in 1.." + c.niter());
        }
        this.c = c;
        this.iterations = iterations;
        this.p1 = p1;
        this.lanes = lanes;
        this.outcome = outcome;
        this.progress = progress;
    }

    @Override
    public void run(final Bsp bsp) {
        final int nprocs = bsp.nprocs();
        final int pid = bsp.pid();
        final FtPencils part = new FtPencils(c, nprocs, p1, pid, lanes);
        final boolean rows = part.p1() > 1;
        final double[] partials = new double[2 * nprocs];
        final Reg spaceReg = bsp.pushReg(part.space());
        final Reg midReg = rows ? bsp.pushReg(part.mid()) : spaceReg;
        final Reg freqReg = bsp.pushReg(part.freq());
        final Reg partialsReg = bsp.pushReg(partials);
        final FtPencils.PutSink toSpace = (q, src, so, d, len) -> bsp.hpPut(q, src, so, spaceReg, d, len);
        final FtPencils.PutSink toMid = (q, src, so, d, len) -> bsp.hpPut(q, src, so, midReg, d, len);
        final FtPencils.PutSink toFreq = (q, src, so, d, len) -> bsp.hpPut(q, src, so, freqReg, d, len);
        final double[][] sums = outcome.checksums[pid];
        outcome.ran[pid] = true;
        bsp.sync();

        outcome.section.start(bsp);
        final double start = bsp.time();
        part.initialConditions();
        part.forwardX();
        if (rows) {
            part.forwardXPuts(toMid);
            bsp.sync();
            bsp.commit(midReg, part.forwardXPutCount());
        }
        part.forwardY();
        part.forwardYPuts(toFreq);
        bsp.sync();
        bsp.commit(freqReg, part.forwardYPutCount());
        part.forwardZ();
        for (int t = 1; t <= iterations; t++) {
            part.evolveInverseZ(t);
            part.inverseZPuts(toMid);
            bsp.sync();
            bsp.commit(midReg, part.inverseZPutCount());
            part.inverseY();
            if (rows) {
                part.inverseYPuts(toSpace);
                bsp.sync();
                bsp.commit(spaceReg, part.inverseYPutCount());
            }
            part.inverseX();
            checksum(bsp, part, partials, partialsReg, sums[t - 1]);
            if (progress != null && pid == 0) {
                progress.printf("FT class %c: iteration %d of %d%n", c.name(), t, iterations);
            }
        }
        outcome.seconds[pid] = bsp.time() - start;
        outcome.section.stop(bsp);
    }

    /** The checksum collective: partial sums to everyone, one superstep, then the same sum everywhere. */
    private void checksum(final Bsp bsp, final FtPencils part, final double[] partials, final Reg partialsReg,
                          final double[] out) {
        final int nprocs = bsp.nprocs();
        final int pid = bsp.pid();
        part.partialChecksum(partials, 2 * pid);
        for (int d = 1; d < nprocs; d++) {
            bsp.put((pid + d) % nprocs, partials, 2 * pid, partialsReg, 2 * pid, 2);
        }
        bsp.sync();
        bsp.commit(partialsReg, nprocs - 1);
        double re = 0;
        double im = 0;
        for (int p = 0; p < nprocs; p++) {
            re += partials[2 * p];
            im += partials[2 * p + 1];
        }
        out[0] = re / c.points();
        out[1] = im / c.points();
    }
}
