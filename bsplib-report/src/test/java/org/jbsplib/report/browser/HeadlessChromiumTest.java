package org.jbsplib.report.browser;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;

import javax.imageio.ImageIO;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The harness itself: it must see a good image, a broken one and a script error, or the page tests prove nothing. */
class HeadlessChromiumTest {
    @TempDir
    Path dir;

    @Test
    void seesRenderedImagesBrokenImagesAndConsoleErrors() throws IOException {
        System.setProperty("java.awt.headless", "true");
        final BufferedImage red = new BufferedImage(40, 30, BufferedImage.TYPE_INT_RGB);
        final ByteArrayOutputStream png = new ByteArrayOutputStream();
        ImageIO.write(red, "png", png);
        final String good = "data:image/png;base64," + Base64.getEncoder().encodeToString(png.toByteArray());
        final Path page = dir.resolve("page.html");
        Files.writeString(page, "<!doctype html><html><head><meta charset=\"utf-8\"><title>t</title></head><body>"
                + "<img alt=\"good\" src=\"" + good + "\"><img alt=\"broken\" src=\"data:image/png;base64,AAAA\">"
                + "<table><tr><td>1</td></tr><tr><td>2</td></tr></table>"
                + "<script>window.addEventListener('load', function () { undefinedFunction(); });</script>"
                + "</body></html>");
        try (HeadlessChromium browser = HeadlessChromium.start()) {
            browser.open(page);
            final List<HeadlessChromium.Image> images = browser.images();
            assertEquals(2, images.size(), images.toString());
            assertTrue(images.get(0).rendered(), images.get(0).toString());
            assertEquals(40, images.get(0).naturalWidth());
            assertFalse(images.get(1).rendered(), images.get(1).toString());
            assertEquals(2, browser.count("table tr"));
            final List<String> errors = browser.consoleErrors();
            assertTrue(errors.stream().anyMatch(e -> e.contains("undefinedFunction")), errors.toString());
            final Path shot = browser.screenshot(dir.resolve("shots/page.png"));
            assertTrue(Files.size(shot) > 0, "screenshot " + shot + " is empty");
        }
    }
}
