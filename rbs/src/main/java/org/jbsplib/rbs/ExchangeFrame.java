package org.jbsplib.rbs;

import org.agrona.ExpandableArrayBuffer;

/**
 * One received exchange frame of an exchange superstep, with the get requests that followed it. A source can be
 * at most one exchange ahead of the one this process is consuming, so each source has two of these.
 * Confined to the owning process's thread.
 */
final class ExchangeFrame {
    boolean received;
    long sstep;
    int puts;
    int messages;
    int gets;
    int tagSize;
    int flags;
    int regOps;
    // created at first use: most sources send neither registration operations nor get requests
    ExpandableArrayBuffer regOpBytes;
    ExpandableArrayBuffer getRequests;
    int getRequestCount;
}
