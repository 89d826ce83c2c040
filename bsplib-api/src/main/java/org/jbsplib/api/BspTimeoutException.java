package org.jbsplib.api;

/**
 * The cause inside a {@link BspAbortException} when a wait exceeded the configured timeout (a process never
 * reached {@code sync}, or a {@code commit} count was never reached). Its message holds the diagnostic.
 */
public class BspTimeoutException extends RuntimeException {
    /** @param diagnostic which processes were waited for and what was pending */
    public BspTimeoutException(final String diagnostic) {
        super(diagnostic);
    }
}
