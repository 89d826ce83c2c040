package org.jbsplib.api;

/**
 * The body of an SPMD program: run once by every BSP process, each with its own {@link Bsp} context.
 *
 * <pre>{@code
 * BspProgram broadcast = bsp -> {
 *     int[] x = new int[1];
 *     Reg reg = bsp.pushReg(x);
 *     bsp.sync();
 *     if (bsp.pid() == 0) {
 *         for (int i = 0; i < bsp.nprocs(); i++) {
 *             bsp.put(i, new int[] {42}, 0, reg, 0, 1);
 *         }
 *     }
 *     bsp.sync();
 *     System.out.println(bsp.pid() + ": broadcast value = " + x[0]);
 * };
 * }</pre>
 *
 * <p>Any exception thrown by the body ends the whole run: every other process leaves its current or next
 * wait, and the call that started the run throws one {@link BspAbortException} carrying the first cause.
 */
@FunctionalInterface
public interface BspProgram {
    /**
     * Runs this program as one BSP process.
     *
     * @param bsp the process's context; confined to the calling thread and invalid after this method returns
     * @throws Exception any failure, which aborts the whole run
     */
    void run(Bsp bsp) throws Exception;
}
