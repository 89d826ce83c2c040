/**
 * Charts for reports: a small facade ({@link org.jbsplib.report.LineChart}, {@link org.jbsplib.report.BarChart},
 * {@link org.jbsplib.report.StackedBarChart}) over JFreeChart that writes PNG and SVG files without a display, and
 * {@link org.jbsplib.report.HtmlReport}, a self-contained HTML page with the PNGs embedded. Used by
 * {@code ./bsp sim} and {@code ./bsp compare}. Not on the runtime's classpath: only commands that draw depend on it.
 */
package org.jbsplib.report;
