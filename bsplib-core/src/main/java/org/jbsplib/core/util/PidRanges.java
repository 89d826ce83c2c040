package org.jbsplib.core.util;

/**
 * Writes sets of pids compactly for diagnostics: {@code 0-2, 5, 7-4095} rather than thousands of numbers, so that
 * a message about a run of 4,096 processes stays one readable line. Stateless.
 *
 * <pre>{@code
 * PidRanges.append(sb, new int[] {0, 1, 2, 5}, 4);   // "0-2, 5"
 * }</pre>
 */
public final class PidRanges {
    private PidRanges() {
    }

    /**
     * Appends the first {@code count} pids of {@code pids}, which must be ascending, as ranges.
     *
     * @return {@code sb}
     */
    public static StringBuilder append(final StringBuilder sb, final int[] pids, final int count) {
        int i = 0;
        while (i < count) {
            int j = i;
            while (j + 1 < count && pids[j + 1] == pids[j] + 1) {
                j++;
            }
            sb.append(i == 0 ? "" : ", ").append(pids[i]);
            if (j > i) {
                sb.append('-').append(pids[j]);
            }
            i = j + 1;
        }
        return sb;
    }
}
