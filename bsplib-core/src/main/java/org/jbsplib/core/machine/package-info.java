/**
 * Machine models a run can execute on instead of the host (e.g. a virtual-time machine with a modelled network),
 * found by {@link java.util.ServiceLoader} through {@link org.jbsplib.core.machine.MachineProvider}.
 */
package org.jbsplib.core.machine;
