package org.jbsplib.api;

/**
 * Thrown by the call that started a run when any process failed, called {@link Bsp#abort(String)}, or timed out;
 * also thrown inside the other processes to make them leave their current wait. Carries the first cause.
 */
public class BspAbortException extends RuntimeException {
    private final int pid;
    private final long superstep;

    /**
     * @param pid       the process that failed first, or -1 when the runtime aborted the run (deadline, deadlock)
     * @param superstep that process's superstep at the failure, or -1
     * @param message   a description of the failure
     * @param cause     the first cause, or {@code null}
     */
    public BspAbortException(final int pid, final long superstep, final String message, final Throwable cause) {
        super(pid < 0 ? message : "pid " + pid + " failed in superstep " + superstep + ": " + message, cause);
        this.pid = pid;
        this.superstep = superstep;
    }

    /** @return the pid of the process that failed first, or -1 when the runtime aborted the run */
    public int pid() {
        return pid;
    }

    /** @return the superstep in which the first failure happened */
    public long superstep() {
        return superstep;
    }
}
