/**
 * The {@code ./bsp} command line: {@link org.jbsplib.core.cli.Main} dispatches to {@link
 * org.jbsplib.core.cli.CliCommand}s found with {@link java.util.ServiceLoader}; {@link
 * org.jbsplib.core.cli.RunOptions} parses the options every run command shares; {@link org.jbsplib.core.cli.Json}
 * writes machine-readable results.
 */
package org.jbsplib.core.cli;
