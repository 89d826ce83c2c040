package org.jbsplib.hw.sim;

import java.util.Set;

/** One subcommand of {@code ./bsp sim}: a paper's evaluation, regenerated from the models. */
interface Simulation {
    /** @return the subcommand word */
    String name();

    /** @return one line for the list of subcommands */
    String summary();

    /** @return the subcommand's usage and options */
    String help();

    /** @return the options taking a value that this subcommand adds to the common ones */
    Set<String> options();

    /**
     * Runs the evaluation: prints its table, fills the run's results, reference points and plots.
     *
     * @param run the run's options, output and results
     * @throws Exception any failure
     */
    void run(SimRun run) throws Exception;
}
