package org.jbsplib.core.examples;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import org.jbsplib.api.Bsp;
import org.jbsplib.api.QueueSize;

/**
 * BSMP: every process sends every other process a message whose 4-byte tag is its pid and whose payload is a
 * greeting; in the next superstep each process reads its queue ({@code qsize}, {@code getTag}, {@code move}) and
 * reports how many messages it got and the sum of the senders' pids.
 */
public final class MessageExchange extends Example {
    public MessageExchange(final PrintStream out) {
        super(out);
    }

    @Override
    public void run(final Bsp bsp) {
        final int me = bsp.pid();
        bsp.setTagSize(4);
        bsp.sync();
        final byte[] tag = new byte[4];
        for (int d = 0; d < bsp.nprocs(); d++) {
            if (d != me) {
                putInt(tag, me);
                bsp.send(d, tag, ("hello " + d + " from " + me).getBytes(StandardCharsets.UTF_8));
            }
        }
        bsp.sync();
        final QueueSize q = bsp.qsize();
        long senders = 0;
        final byte[] payload = new byte[64];
        String first = "";
        while (bsp.getTag(tag) >= 0) {
            final int n = bsp.move(payload, 0, payload.length);
            if (first.isEmpty()) {
                first = new String(payload, 0, n, StandardCharsets.UTF_8);
            }
            senders += getInt(tag);
        }
        result.put("pid" + me, senders);
        printInPidOrder(bsp, "pid " + me + ": bsmp received " + q.packets() + " messages (" + q.bytes()
            + " bytes), sum of sender pids = " + senders + (first.isEmpty() ? "" : ", first: \"" + first + "\""));
    }

    private static void putInt(final byte[] b, final int v) {
        b[0] = (byte) (v >>> 24);
        b[1] = (byte) (v >>> 16);
        b[2] = (byte) (v >>> 8);
        b[3] = (byte) v;
    }

    private static int getInt(final byte[] b) {
        return (b[0] & 0xFF) << 24 | (b[1] & 0xFF) << 16 | (b[2] & 0xFF) << 8 | b[3] & 0xFF;
    }
}
