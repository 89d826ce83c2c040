package org.jbsplib.npb.ft;

import java.util.Map;

import org.jbsplib.npb.common.VerificationData;

/**
 * One NPB FT problem class with its official verification values, all taken from {@link VerificationData}.
 *
 * @param name      the class letter
 * @param nx        grid points along x (a power of two)
 * @param ny        grid points along y
 * @param nz        grid points along z
 * @param niter     time steps
 * @param checksums the reference checksum of each iteration, {@code [t][0]} real and {@code [t][1]} imaginary
 * @param epsilon   the largest relative error a checksum may have
 * @param alpha     the diffusion constant of the PDE
 * @param mopsCoeffs c0..c3 of NPB's Mop/s formula
 */
public record FtClass(char name, int nx, int ny, int nz, int niter, double[][] checksums, double epsilon,
                      double alpha, double[] mopsCoeffs) {

    /** @return class {@code name} read from {@code data} */
    public static FtClass of(final VerificationData data, final char name) {
        final Map<String, Object> ft = data.kernel("FT");
        final Map<String, Object> c = data.npbClass("FT", Character.toUpperCase(name));
        final Map<String, Object> constants = VerificationData.object(ft, "constants", "FT");
        final Map<String, Object> mops = VerificationData.object(ft, "mops_coeffs", "FT");
        final double seed = VerificationData.doubleValue(constants, "seed");
        final double a = VerificationData.doubleValue(constants, "a");
        if (seed != Randlc.SEED || a != Randlc.A) {
            throw new IllegalArgumentException("FT constants seed=" + seed + ", a=" + a + " differ from the generator's "
                + Randlc.SEED + ", " + Randlc.A);
        }
        final FtClass ftClass = new FtClass(Character.toUpperCase(name), VerificationData.intValue(c, "nx"),
            VerificationData.intValue(c, "ny"), VerificationData.intValue(c, "nz"),
            VerificationData.intValue(c, "niter"), VerificationData.doubleRows(c, "checksums"),
            VerificationData.doubleValue(ft, "epsilon"), VerificationData.doubleValue(constants, "alpha"),
            new double[] {VerificationData.doubleValue(mops, "c0"), VerificationData.doubleValue(mops, "c1"),
                VerificationData.doubleValue(mops, "c2"), VerificationData.doubleValue(mops, "c3")});
        ftClass.check();
        return ftClass;
    }

    private void check() {
        for (final int n : new int[] {nx, ny, nz}) {
            if (n < 2 || Integer.bitCount(n) != 1) {
                throw new IllegalArgumentException("FT class " + name + ": size " + size() + " is not powers of two");
            }
        }
        if (checksums.length != niter) {
            throw new IllegalArgumentException("FT class " + name + ": " + checksums.length
                + " reference checksums for niter=" + niter);
        }
    }

    /** @return the number of grid points N */
    public long points() {
        return (long) nx * ny * nz;
    }

    /** @return the size as NPB prints it, {@code nx x ny x nz} */
    public String size() {
        return nx + "x" + ny + "x" + nz;
    }

    /** @return NPB's Mop/s for a run of {@code seconds} */
    public double mops(final double seconds) {
        final double n = points();
        final double logN = Math.log(n);
        return 1e-6 * n * (mopsCoeffs[0] + mopsCoeffs[1] * logN + (mopsCoeffs[2] + mopsCoeffs[3] * logN) * niter)
            / seconds;
    }

    /**
     * @param t      the iteration, 1-based
     * @param re     the computed checksum's real part
     * @param im     its imaginary part
     * @return the relative error {@code |sum - ref| / |ref|} (complex modulus, as NPB's Fortran verify)
     */
    public double relativeError(final int t, final double re, final double im) {
        final double[] ref = checksums[t - 1];
        return Math.hypot(re - ref[0], im - ref[1]) / Math.hypot(ref[0], ref[1]);
    }
}
