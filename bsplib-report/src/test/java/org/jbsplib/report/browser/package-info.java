/**
 * A headless-browser harness for the tests of generated HTML pages (the comparison report, the trace timeline):
 * {@link org.jbsplib.report.browser.HeadlessChromium} drives Debian's {@code chromium} through
 * {@code chromedriver} with Selenium. Shipped in this module's test-jar; tests that use it depend on
 * {@code bsplib-report:test-jar} and {@code selenium-java}, both in test scope.
 */
package org.jbsplib.report.browser;
