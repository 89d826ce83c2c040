package org.jbsplib.core.cli;

/** Bad usage of a CLI command: printed as one line, exit code 2. */
public class CliException extends RuntimeException {
    public CliException(final String message) {
        super(message);
    }
}
