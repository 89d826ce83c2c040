package org.jbsplib.core.cli;

import java.io.PrintStream;
import java.util.Map;
import java.util.Set;

import org.jbsplib.core.examples.Example;

/**
 * More examples for {@code ./bsp example NAME}, found with {@link java.util.ServiceLoader} (register
 * implementations in {@code META-INF/services/org.jbsplib.core.cli.ExampleProvider}), so a module above the core
 * (e.g. one built on the collectives) adds examples without the core depending on it. An example of a provider
 * replaces a built-in example of the same name.
 */
public interface ExampleProvider {
    /** @return example names and one-line descriptions, in the order {@code ./bsp example --help} lists them */
    Map<String, String> examples();

    /** @return the options these examples take besides the run options, each with a value */
    Set<String> valueOptions();

    /**
     * @return help lines for {@link #valueOptions()}, each {@code "  --opt V   text"}, ending with a newline; a line
     *     for an option that {@code ./bsp example --help} lists already (such as {@code --n}) replaces that line
     */
    String optionsHelp();

    /**
     * Creates an example.
     *
     * @param name one of {@link #examples()}
     * @param args the parsed command line
     * @param out  where the example prints its results
     * @return the example, ready to run
     * @throws IllegalArgumentException on a bad option value, naming it
     */
    Example create(String name, Args args, PrintStream out);
}
