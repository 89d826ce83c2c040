/**
 * The CPU affinity of operating-system threads: which CPUs the calling thread may run on, read and set through
 * Linux's {@code sched_getaffinity} and {@code sched_setaffinity} with the foreign-function API (Java 22+, reached
 * by reflection because the project compiles for Java 17). The runtime uses it to pin each process's thread to one
 * CPU when the processes fit on the cores ({@code bsplib.pin}, {@code --pin}).
 */
package org.jbsplib.core.affinity;
