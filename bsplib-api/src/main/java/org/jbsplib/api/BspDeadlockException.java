package org.jbsplib.api;

/**
 * The cause inside a {@link BspAbortException} when the runtime found the run deadlocked: every process still
 * running its program waits in the library (sync, commit, or the end of its program) and no message is in flight,
 * so none of them can go on. Its message says who waits for what, for example {@code pid 3 in commit(reg#2, n=5)
 * of superstep 17: 4 of 5 updates of superstep 16 received; pids 0-2, 4-7 in sync of superstep 18 ...}.
 */
public class BspDeadlockException extends RuntimeException {
    /** @param diagnosis who waits for what */
    public BspDeadlockException(final String diagnosis) {
        super(diagnosis);
    }
}
