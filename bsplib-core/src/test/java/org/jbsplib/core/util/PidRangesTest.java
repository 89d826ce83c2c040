package org.jbsplib.core.util;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class PidRangesTest {
    private static String ranges(final int... pids) {
        return PidRanges.append(new StringBuilder(), pids, pids.length).toString();
    }

    @Test
    void shouldWriteRunsOfConsecutivePidsAsRanges() {
        assertEquals("", ranges());
        assertEquals("2", ranges(2));
        assertEquals("0-2, 5, 7-4095", ranges(concat(new int[] {0, 1, 2, 5}, 7, 4095)));
        assertEquals("1, 3", ranges(1, 3));
    }

    private static int[] concat(final int[] head, final int from, final int to) {
        final int[] a = new int[head.length + to - from + 1];
        System.arraycopy(head, 0, a, 0, head.length);
        for (int i = from; i <= to; i++) {
            a[head.length + i - from] = i;
        }
        return a;
    }
}
