package org.jbsplib.aeron;

/**
 * The cause of a failure that happened in another JVM of the run, as its ABORT frame described it (the original
 * exception stays in that JVM, whose output shows its stack trace).
 */
public final class RemoteFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** @param description the remote cause's {@code toString()} */
    public RemoteFailure(final String description) {
        super(description, null, false, false);
    }
}
