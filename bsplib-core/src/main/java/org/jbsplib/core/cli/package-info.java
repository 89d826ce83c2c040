/**
 * The {@code ./bsp} command line: {@link org.jbsplib.core.cli.Main} dispatches to {@link
 * org.jbsplib.core.cli.CliCommand}s found with {@link java.util.ServiceLoader}; {@link
 * org.jbsplib.core.cli.RunOptions} parses the options every run command shares; {@link org.jbsplib.core.cli.Json}
 * writes machine-readable results and reads them back. The barrier commands ({@code backends}, {@code bench
 * barrier}) and their latency harness {@link org.jbsplib.core.cli.BarrierLatency} live here too, beside the CLI and
 * apart from the barrier backends they measure.
 */
package org.jbsplib.core.cli;
