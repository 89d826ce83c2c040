/**
 * A virtual-time machine ({@code --machine virtual:PRESET[;key=value...]}): the processes of a run really run, one
 * at a time under a simulation kernel, with their computation timed and their communication simulated on a LogGP
 * network, so that comparisons of syncs and barriers do not depend on the host's cores or scheduler. The
 * {@code local} preset's figures can be measured on this host's threads transport ({@link
 * org.jbsplib.vtime.Calibration}, {@code virtual:local;calibrate}).
 */
package org.jbsplib.vtime;
