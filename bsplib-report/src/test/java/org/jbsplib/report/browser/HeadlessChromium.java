package org.jbsplib.report.browser;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.logging.Level;
import java.util.stream.Stream;

import org.junit.jupiter.api.Assumptions;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;

/**
 * Headless Chromium for tests of generated HTML pages: opens a local file, reports the browser console's errors,
 * the images as the browser laid them out, counts of elements, and takes screenshots.
 *
 * <p>Finds the browser at {@code $JBSP_CHROMIUM} or {@code /usr/bin/chromium} ({@code chromium-browser},
 * {@code google-chrome} on the {@code PATH}) and the driver at {@code $JBSP_CHROMEDRIVER} or
 * {@code /usr/bin/chromedriver} (or on the {@code PATH}). When either is missing, {@link #start()} aborts the calling
 * test with a message naming what is missing and how to install it (JUnit reports it as skipped, with that reason);
 * {@code .ci/run} installs both on Debian when it runs as root. The browser runs with the flags this machine's closed
 * network needs (no background networking, no component updates, no QUIC) and a fresh profile directory, removed at
 * {@link #close()}.
 *
 * <p>Threading: one test thread per instance.
 */
public final class HeadlessChromium implements AutoCloseable {
    private static final String INSTALL = "install Debian's packages: apt-get install -y chromium chromium-driver";

    private final ChromeDriver driver;
    private final Path profile;

    private HeadlessChromium(final ChromeDriver driver, final Path profile) {
        this.driver = driver;
        this.profile = profile;
    }

    /**
     * @return why no browser can be started here (a sentence naming what is missing), or empty when one can
     */
    public static Optional<String> unavailableReason() {
        if (browser().isEmpty()) {
            return Optional.of("no Chromium found ($JBSP_CHROMIUM, /usr/bin/chromium, chromium, chromium-browser or "
                    + "google-chrome on the PATH); " + INSTALL);
        }
        if (driverBinary().isEmpty()) {
            return Optional.of("no chromedriver found ($JBSP_CHROMEDRIVER, /usr/bin/chromedriver or chromedriver on "
                    + "the PATH); " + INSTALL);
        }
        return Optional.empty();
    }

    /**
     * Starts a headless browser, or aborts the calling test (skipped, with the reason) when none is installed.
     *
     * @return the browser; close it
     * @throws IOException when the profile directory cannot be made
     */
    public static HeadlessChromium start() throws IOException {
        final Optional<String> reason = unavailableReason();
        Assumptions.assumeTrue(reason.isEmpty(), () -> "browser test skipped: " + reason.orElse(""));
        final Path profile = Files.createTempDirectory("jbsp-chromium-");
        final ChromeOptions options = new ChromeOptions();
        options.setBinary(browser().orElseThrow().toString());
        options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--disable-dev-shm-usage", "--window-size=1400,1000", "--user-data-dir=" + profile);
        final LoggingPreferences logs = new LoggingPreferences();
        logs.enable(LogType.BROWSER, Level.ALL);
        options.setCapability("goog:loggingPrefs", logs);
        final ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(driverBinary().orElseThrow().toFile())
                .usingAnyFreePort()
                .build();
        final ChromeDriver driver = new ChromeDriver(service, options);
        driver.manage().timeouts().pageLoadTimeout(Duration.ofSeconds(60));
        driver.manage().timeouts().scriptTimeout(Duration.ofSeconds(30));
        return new HeadlessChromium(driver, profile);
    }

    /**
     * Loads a local page and waits until the document has loaded (images included).
     *
     * @param page the HTML file
     * @throws IllegalArgumentException when {@code page} is not a readable file
     */
    public void open(final Path page) {
        if (!Files.isRegularFile(page)) {
            throw new IllegalArgumentException("page=" + page + " is not a file");
        }
        driver.get(page.toAbsolutePath().toUri().toString());
        final long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (!"complete".equals(script("return document.readyState;"))) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("page=" + page + " did not finish loading within 60 s");
            }
            Thread.onSpinWait();
        }
    }

    /**
     * @return the console's messages at level SEVERE since the last call (errors, failed loads, uncaught exceptions)
     */
    public List<String> consoleErrors() {
        final List<String> errors = new ArrayList<>();
        for (final LogEntry e : driver.manage().logs().get(LogType.BROWSER)) {
            if (e.getLevel().intValue() >= Level.SEVERE.intValue()) {
                errors.add(e.getMessage());
            }
        }
        return errors;
    }

    /**
     * @return every {@code <img>} of the page as the browser laid it out
     */
    public List<Image> images() {
        final List<Image> images = new ArrayList<>();
        for (final WebElement img : driver.findElements(By.tagName("img"))) {
            final Object natural = driver.executeScript("return [arguments[0].complete, arguments[0].naturalWidth,"
                    + " arguments[0].naturalHeight];", img);
            final List<?> values = (List<?>) natural;
            images.add(new Image(String.valueOf(img.getAttribute("alt")), img.isDisplayed(),
                    Boolean.TRUE.equals(values.get(0)), ((Number) values.get(1)).intValue(),
                    ((Number) values.get(2)).intValue(), img.getRect().getWidth(), img.getRect().getHeight()));
        }
        return images;
    }

    /**
     * @param cssSelector a CSS selector
     * @return how many elements of the page match it
     */
    public int count(final String cssSelector) {
        return driver.findElements(By.cssSelector(cssSelector)).size();
    }

    /**
     * @param cssSelector a CSS selector
     * @return the visible text of each matching element, in document order
     */
    public List<String> texts(final String cssSelector) {
        final List<String> texts = new ArrayList<>();
        for (final WebElement e : driver.findElements(By.cssSelector(cssSelector))) {
            texts.add(e.getText());
        }
        return texts;
    }

    /**
     * @param cssSelector a CSS selector naming one element
     * @throws org.openqa.selenium.NoSuchElementException when nothing matches
     */
    public void click(final String cssSelector) {
        driver.findElement(By.cssSelector(cssSelector)).click();
    }

    /**
     * @param javaScript a script body; {@code arguments} are {@code args}
     * @param args       its arguments
     * @return what the script returned (Selenium's mapping of JavaScript values)
     */
    public Object script(final String javaScript, final Object... args) {
        return ((JavascriptExecutor) driver).executeScript(javaScript, args);
    }

    /**
     * Saves a PNG of the whole window.
     *
     * @param file the file, its directory created when missing
     * @return {@code file}
     * @throws IOException when it cannot be written
     */
    public Path screenshot(final Path file) throws IOException {
        final Path shot = ((TakesScreenshot) driver).getScreenshotAs(OutputType.FILE).toPath();
        if (file.getParent() != null) {
            Files.createDirectories(file.getParent());
        }
        Files.move(shot, file, StandardCopyOption.REPLACE_EXISTING);
        return file;
    }

    /** Quits the browser and its driver and removes the profile directory. */
    @Override
    public void close() throws IOException {
        try {
            driver.quit();
        } finally {
            try (Stream<Path> files = Files.walk(profile)) {
                for (final Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(p);
                }
            }
        }
    }

    private static Optional<Path> browser() {
        return find("JBSP_CHROMIUM", "/usr/bin/chromium", "chromium", "chromium-browser", "google-chrome");
    }

    private static Optional<Path> driverBinary() {
        return find("JBSP_CHROMEDRIVER", "/usr/bin/chromedriver", "chromedriver");
    }

    private static Optional<Path> find(final String env, final String usual, final String... names) {
        final String given = System.getenv(env);
        if (given != null && !given.isBlank()) {
            final Path p = Path.of(given);
            return Files.isExecutable(p) ? Optional.of(p) : Optional.empty();
        }
        if (Files.isExecutable(Path.of(usual))) {
            return Optional.of(Path.of(usual));
        }
        final String path = System.getenv().getOrDefault("PATH", "");
        for (final String dir : path.split(java.io.File.pathSeparator)) {
            for (final String name : names) {
                final Path p = Path.of(dir.isEmpty() ? "." : dir, name);
                if (Files.isExecutable(p)) {
                    return Optional.of(p);
                }
            }
        }
        return Optional.empty();
    }

    /**
     * An image as the browser laid it out.
     *
     * @param alt           its {@code alt} text
     * @param displayed     whether it is displayed
     * @param complete      whether it finished loading
     * @param naturalWidth  its decoded width, pixels (0 when it failed to decode)
     * @param naturalHeight its decoded height, pixels
     * @param width         its laid-out width, CSS pixels
     * @param height        its laid-out height, CSS pixels
     */
    public record Image(String alt, boolean displayed, boolean complete, int naturalWidth, int naturalHeight,
            int width, int height) {
        /** @return whether it loaded, decoded and takes room on the page */
        public boolean rendered() {
            return displayed && complete && naturalWidth > 0 && naturalHeight > 0 && width > 0 && height > 0;
        }
    }
}
