package org.jbsplib.npb.ft;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.SplittableRandom;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class LineFftTest {
    private static final long SEED = 20261122L;

    /** X[m] = sum_r x[r] exp(sign 2 pi i r m / n), term by term. */
    private static double[][] naiveDft(final double[] re, final double[] im, final int sign) {
        final int n = re.length;
        final double[][] out = new double[2][n];
        for (int m = 0; m < n; m++) {
            for (int r = 0; r < n; r++) {
                final double angle = sign * 2 * Math.PI * ((long) r * m % n) / n;
                out[0][m] += re[r] * Math.cos(angle) - im[r] * Math.sin(angle);
                out[1][m] += re[r] * Math.sin(angle) + im[r] * Math.cos(angle);
            }
        }
        return out;
    }

    @ParameterizedTest(name = "n={0} lanes={1} count={2} sign={3}")
    @CsvSource({"1,1,1,-1", "2,3,2,-1", "4,1,1,1", "8,4,3,-1", "16,2,2,1", "32,5,5,-1", "64,8,7,1", "128,3,1,-1",
        "256,2,2,1"})
    void shouldMatchANaiveDft(final int n, final int lanes, final int count, final int sign) {
        final SplittableRandom random = new SplittableRandom(SEED + n);
        final LineFft fft = new LineFft(n, lanes);
        final double[][] lineRe = new double[count][n];
        final double[][] lineIm = new double[count][n];
        for (int l = 0; l < count; l++) {
            for (int i = 0; i < n; i++) {
                lineRe[l][i] = random.nextDouble() - 0.5;
                lineIm[l][i] = random.nextDouble() - 0.5;
                fft.re()[i * lanes + l] = lineRe[l][i];
                fft.im()[i * lanes + l] = lineIm[l][i];
            }
        }
        fft.transform(sign, count);
        for (int l = 0; l < count; l++) {
            final double[][] expected = naiveDft(lineRe[l], lineIm[l], sign);
            for (int m = 0; m < n; m++) {
                assertEquals(expected[0][m], fft.resultRe()[m * lanes + l], 1e-11 * n, "re line " + l + " m " + m);
                assertEquals(expected[1][m], fft.resultIm()[m * lanes + l], 1e-11 * n, "im line " + l + " m " + m);
            }
        }
    }

    @ParameterizedTest(name = "n={0}")
    @CsvSource({"2", "512", "1024"})
    void shouldComeBackAfterForwardAndInverse(final int n) {
        final int lanes = 4;
        final SplittableRandom random = new SplittableRandom(SEED);
        final LineFft fft = new LineFft(n, lanes);
        final double[] re = new double[n * lanes];
        final double[] im = new double[n * lanes];
        for (int i = 0; i < re.length; i++) {
            re[i] = random.nextDouble();
            im[i] = random.nextDouble();
        }
        System.arraycopy(re, 0, fft.re(), 0, re.length);
        System.arraycopy(im, 0, fft.im(), 0, im.length);
        fft.transform(LineFft.FORWARD, lanes);
        System.arraycopy(fft.resultRe(), 0, fft.re(), 0, re.length);
        System.arraycopy(fft.resultIm(), 0, fft.im(), 0, im.length);
        fft.transform(LineFft.INVERSE, lanes);
        for (int i = 0; i < re.length; i++) {
            assertEquals(re[i], fft.resultRe()[i] / n, 1e-13, "re " + i);
            assertEquals(im[i], fft.resultIm()[i] / n, 1e-13, "im " + i);
        }
    }

    @Test
    void shouldRejectBadArgumentsNamingThem() {
        assertEquals(true, assertThrows(IllegalArgumentException.class, () -> new LineFft(12, 4)).getMessage()
            .contains("n=12"));
        final LineFft fft = new LineFft(8, 4);
        assertEquals(true, assertThrows(IllegalArgumentException.class, () -> fft.transform(1, 5)).getMessage()
            .contains("count=5"));
        assertEquals(true, assertThrows(IllegalArgumentException.class, () -> fft.transform(2, 1)).getMessage()
            .contains("sign=2"));
    }

    @Test
    void shouldGiveBitwiseTheSameLinesWithAPaddedStride() {
        final int n = 256;
        final LineFft plain = new LineFft(n, 16);
        final LineFft padded = new LineFft(n, 16, 20);
        assertEquals(20, padded.stride());
        assertEquals(16, padded.lanes());
        final java.util.Random random = new java.util.Random(16);
        for (int i = 0; i < n; i++) {
            for (int l = 0; l < 13; l++) {
                final double re = random.nextDouble() - 0.5;
                final double im = random.nextDouble() - 0.5;
                plain.re()[i * 16 + l] = re;
                plain.im()[i * 16 + l] = im;
                padded.re()[i * 20 + l] = re;
                padded.im()[i * 20 + l] = im;
            }
        }
        plain.transform(LineFft.INVERSE, 13);
        padded.transform(LineFft.INVERSE, 13);
        for (int i = 0; i < n; i++) {
            for (int l = 0; l < 13; l++) {
                assertEquals(plain.resultRe()[i * 16 + l], padded.resultRe()[i * 20 + l], 0.0, "re " + i + "," + l);
                assertEquals(plain.resultIm()[i * 16 + l], padded.resultIm()[i * 20 + l], 0.0, "im " + i + "," + l);
            }
        }
        assertThrows(IllegalArgumentException.class, () -> new LineFft(n, 16, 15));
    }
}
