/**
 * What every hardware barrier model shares: the split-phase {@link org.jbsplib.hw.model.BarrierModel} contract and
 * its lock-driven base class, per-episode {@link org.jbsplib.hw.model.EpisodeReport}s, named presets with
 * {@code key=value} overrides ({@link org.jbsplib.hw.model.Parameters}), a primitive discrete-event queue and the
 * {@link org.jbsplib.hw.model.ReleaseClock} that turns a modelled release time into an emulated or accounted wait.
 */
package org.jbsplib.hw.model;
