/** Bulk synchronous message passing: the per-process queue of messages delivered at the last sync. */
package org.jbsplib.core.bsmp;
