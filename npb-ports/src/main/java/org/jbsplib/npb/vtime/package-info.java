/**
 * The virtual-time machine's own commands, above every module whose programs they run:
 * {@code ./bsp vtime calibrate} (the {@code local} preset's LogGP figures measured on this host's threads
 * transport), {@code ./bsp vtime validate} (virtual against measured T_sync at P = 2 on {@code local}) and
 * {@code ./bsp vtime bench} (the simulation's speed and memory against the threads transport at P = 2).
 * <pre>{@code
 * ./bsp vtime bench --kernel lu --class S --procs 32 --machine virtual:sp2-us --json lu-s-32.json
 * }</pre>
 */
package org.jbsplib.npb.vtime;
