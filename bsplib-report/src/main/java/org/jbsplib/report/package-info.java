/**
 * Charts for reports: a small facade ({@link org.jbsplib.report.LineChart}, {@link org.jbsplib.report.BarChart})
 * over JFreeChart that writes PNG and SVG files without a display. Used by {@code ./bsp sim}; meant for the
 * comparison harness too. Not on the runtime's classpath: only commands that draw depend on it.
 */
package org.jbsplib.report;
