/**
 * {@code ./bsp sim}: the barrier papers' evaluations regenerated from the same hardware models the barrier backends
 * use, written as JSON and PNG/SVG plots with the values the papers' texts state drawn as reference points.
 */
package org.jbsplib.hw.sim;
