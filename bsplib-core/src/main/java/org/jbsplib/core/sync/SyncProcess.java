package org.jbsplib.core.sync;

import org.jbsplib.api.BspAbortException;
import org.jbsplib.core.bsmp.MessageQueue;
import org.jbsplib.core.registry.RegistrationTable;
import org.jbsplib.core.transport.Endpoint;

/**
 * One BSP process as its sync protocol sees it: what the protocol reads of the process (its outboxes, registrations,
 * message queue, configuration) and the few changes only a protocol makes (writing get results, ending the
 * superstep). The runtime hands each protocol its process's view through
 * {@link SyncProtocolFactory#create(SyncProcess)}; programs never see it.
 *
 * <p>Threading: confined to the process's thread, like the protocol.
 */
public interface SyncProcess {
    /** @return the process's id */
    int pid();

    /** @return the processes of the run */
    int nprocs();

    /** @return the current superstep, from 0 */
    long superstep();

    /** @return the process's endpoint of the transport */
    Endpoint endpoint();

    /** @return where the protocol records its times and counts */
    SyncRecorder stats();

    /** @return streams of at most this many bytes go without flow control ({@code eagerLimitBytes}) */
    long eagerLimitBytes();

    /** @return how long a wait without progress may last before the run fails, in ns */
    long syncTimeoutNs();

    /** @return the cores the run's processes share ({@code bsplib.cores}); by default the JVM's processors */
    default int cores() {
        return Runtime.getRuntime().availableProcessors();
    }

    /**
     * @param name         a sync-mode option ({@code --opt name=value})
     * @param defaultValue the value when the run does not set it
     * @return the option's value
     */
    String option(String name, String defaultValue);

    /** @return the process's registrations */
    RegistrationTable registry();

    /** @return the process's BSMP queues */
    MessageQueue messages();

    /** @return the tag size in force this superstep */
    int tagSize();

    /** @return the tag size that takes effect at the end of this superstep */
    int nextTagSize();

    /**
     * @param pid a destination
     * @return what this process sends to {@code pid} this superstep, for reading ({@link Outbox#NONE} if nothing)
     */
    Outbox outbox(int pid);

    /**
     * @return how many destinations may have records this superstep: the processes this one has an outbox for
     *     (by default every pid)
     */
    default int outboxCount() {
        return nprocs();
    }

    /**
     * @param i an index, {@code 0 <= i < outboxCount()}
     * @return the {@code i}-th destination that may have records (by default pid {@code i}); may be this process
     */
    default int outboxPid(final int i) {
        return i;
    }

    /**
     * @param pid a destination
     * @return the outbox to {@code pid}, for adding records (get replies): created at the first call
     */
    Outbox outboxFor(int pid);

    /**
     * The process {@code pid} of the same run, when the transport lets protocols copy data directly between
     * processes ({@link org.jbsplib.core.transport.Transport#directCopies()}). Its methods are those of its own
     * thread: another process may only read what that process published to it by a frame (its outbox to the
     * reader, after the frame that says the outbox is complete), and only until it answers that frame; and, for its
     * gets, that process's registration table and registered areas, from the superstep's count frame until it
     * tells that process it has read them.
     *
     * @param pid a process of the run
     * @return its view, or {@code null} if data must travel in frames
     */
    default SyncProcess peer(final int pid) {
        return null;
    }

    /**
     * @param getId a get this process issued this superstep
     * @return the area its result goes into
     */
    Object getDestination(int getId);

    /**
     * @param getId a get this process issued this superstep
     * @return the byte offset in {@link #getDestination(int)} where its result goes
     */
    long getDestinationOffset(int getId);

    /**
     * Ends the superstep on the process's side, once its protocol has written everything: the next tag size takes
     * effect, the messages received become the queue, outboxes and gets are emptied, and the superstep number
     * increments.
     */
    void endSuperstep();

    /**
     * Records a failure of this process as the run's failure if it is the first.
     *
     * @return the exception to throw
     */
    BspAbortException fail(String message, Throwable cause);
}
