package org.jbsplib.rbs;

/** What a wait of the relaxed sync is for, as its diagnostics name it. */
enum Wait {
    /** The sync of a relaxed superstep, waiting for the acknowledgements of its own requests. */
    RELAXED_SYNC,
    /** The count exchange, waiting for the others' exchange frames. */
    EXCHANGE,
    /** The count exchange, waiting for the superstep's data. */
    EXCHANGE_DATA,
    /** A commit, waiting for the updates of the previous superstep. */
    COMMIT,
    /** The end of the program, serving the others' last requests. */
    END,
    /** A send to a destination whose inbox is full. */
    SEND,
    /** Writing a direct stream, whose sender copies the halves of a split copy it claimed. */
    SPLIT
}
