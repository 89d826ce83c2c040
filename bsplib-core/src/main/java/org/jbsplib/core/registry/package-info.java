/**
 * Registration of DRMA areas: the per-process table of active registrations, their slots (the same on every
 * process) and the lengths other processes registered, and the pending push/pop operations of a superstep.
 */
package org.jbsplib.core.registry;
