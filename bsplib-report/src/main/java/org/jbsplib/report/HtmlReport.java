package org.jbsplib.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;

/**
 * A self-contained HTML page for a report: headings, paragraphs, preformatted blocks, tables and PNG images
 * embedded as {@code data:} URIs, so the one file can be mailed, archived or opened without its directory. Every
 * text is HTML-escaped; the page has no scripts and loads nothing from elsewhere.
 *
 * <pre>{@code
 * HtmlReport.titled("FT and LU: org vs rbs")
 *     .heading("Command").pre("./bsp compare --kernels ft,lu ...")
 *     .table("runs", List.of("kernel", "P", "time [s]"), List.of(List.of("ft", "2", "1.234")))
 *     .image("T_sync per P", Path.of("out/fig5-ft.png"))
 *     .write(Path.of("out/report.html"));
 * }</pre>
 *
 * <p>Threading: build and write on one thread.
 */
public final class HtmlReport {
    private static final String STYLE = "body{font-family:sans-serif;margin:2em;max-width:1200px;color:#222}"
        + "h1{font-size:1.6em}h2{font-size:1.3em;margin-top:1.6em;border-bottom:1px solid #ccc}"
        + "table{border-collapse:collapse;margin:0.8em 0;font-size:0.9em}"
        + "th,td{border:1px solid #bbb;padding:0.25em 0.6em;text-align:right}td{white-space:nowrap}"
        + "th{background:#eee}td:first-child,th:first-child{text-align:left}"
        + "caption{text-align:left;font-weight:bold;padding:0.3em 0}"
        + "tr.failed td{background:#fdd}tr.warmup td{color:#777}"
        + "pre{background:#f6f6f6;padding:0.6em;overflow-x:auto;white-space:pre-wrap}"
        + "figure{margin:1em 0}img{max-width:100%;height:auto;border:1px solid #ddd}"
        + "figcaption{font-size:0.9em;color:#555}";

    private final String title;
    private final StringBuilder body = new StringBuilder(1 << 14);

    private HtmlReport(final String title) {
        this.title = title;
    }

    /**
     * @param title the page's title, also its first heading
     * @return an empty report
     */
    public static HtmlReport titled(final String title) {
        final HtmlReport r = new HtmlReport(title);
        r.body.append("<h1>").append(escape(title)).append("</h1>\n");
        return r;
    }

    /**
     * @param text a section heading
     * @return this report
     */
    public HtmlReport heading(final String text) {
        body.append("<h2>").append(escape(text)).append("</h2>\n");
        return this;
    }

    /**
     * @param text a paragraph of plain text
     * @return this report
     */
    public HtmlReport paragraph(final String text) {
        body.append("<p>").append(escape(text)).append("</p>\n");
        return this;
    }

    /**
     * @param text preformatted text, such as a command line
     * @return this report
     */
    public HtmlReport pre(final String text) {
        body.append("<pre>").append(escape(text)).append("</pre>\n");
        return this;
    }

    /**
     * @param id      the table's {@code id} attribute (a plain name: letters, digits, '-' and '_')
     * @param caption the table's caption
     * @param headers the column headers
     * @param rows    the rows, each as many cells as headers
     * @return this report
     * @throws IllegalArgumentException when a row has the wrong number of cells or the id is not a plain name
     */
    public HtmlReport table(final String id, final String caption, final List<String> headers,
        final List<List<String>> rows) {
        return table(id, caption, headers, rows, null);
    }

    /**
     * A table whose rows may carry a CSS class each ({@code failed} and {@code warmup} are styled).
     *
     * @param id         the table's {@code id} attribute (a plain name)
     * @param caption    the table's caption
     * @param headers    the column headers
     * @param rows       the rows, each as many cells as headers
     * @param rowClasses a class per row ({@code null} entries or a {@code null} list: none)
     * @return this report
     * @throws IllegalArgumentException when a row has the wrong number of cells or the id is not a plain name
     */
    public HtmlReport table(final String id, final String caption, final List<String> headers,
        final List<List<String>> rows, final List<String> rowClasses) {
        plainName("id", id);
        body.append("<table id=\"").append(id).append("\">\n<caption>").append(escape(caption))
            .append("</caption>\n<thead><tr>");
        for (final String h : headers) {
            body.append("<th>").append(escape(h)).append("</th>");
        }
        body.append("</tr></thead>\n<tbody>\n");
        for (int r = 0; r < rows.size(); r++) {
            final List<String> row = rows.get(r);
            if (row.size() != headers.size()) {
                throw new IllegalArgumentException("table " + id + ": row " + r + " has " + row.size()
                    + " cells, headers=" + headers.size());
            }
            final String cls = rowClasses == null ? null : rowClasses.get(r);
            if (cls == null) {
                body.append("<tr>");
            } else {
                plainName("row class", cls);
                body.append("<tr class=\"").append(cls).append("\">");
            }
            for (final String cell : row) {
                body.append("<td>").append(escape(cell)).append("</td>");
            }
            body.append("</tr>\n");
        }
        body.append("</tbody>\n</table>\n");
        return this;
    }

    /**
     * Embeds a PNG file as a {@code data:} URI, with a caption.
     *
     * @param caption the figure's caption and the image's {@code alt} text
     * @param png     the PNG file (e.g. one a chart of this package wrote)
     * @return this report
     * @throws IOException when the file cannot be read
     * @throws IllegalArgumentException when the file is not a PNG
     */
    public HtmlReport image(final String caption, final Path png) throws IOException {
        final byte[] bytes = Files.readAllBytes(png);
        if (bytes.length < 8 || bytes[0] != (byte) 0x89 || bytes[1] != 'P' || bytes[2] != 'N' || bytes[3] != 'G') {
            throw new IllegalArgumentException("image: png=" + png + " is not a PNG file");
        }
        body.append("<figure><img alt=\"").append(escape(caption)).append("\" src=\"data:image/png;base64,")
            .append(Base64.getEncoder().encodeToString(bytes)).append("\"><figcaption>").append(escape(caption))
            .append("</figcaption></figure>\n");
        return this;
    }

    /** @return the whole page */
    public String html() {
        return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>" + escape(title)
            + "</title>\n<style>" + STYLE + "</style>\n</head>\n<body>\n" + body + "</body>\n</html>\n";
    }

    /**
     * @param file where to write the page (UTF-8); its directory is created when missing
     * @return {@code file}
     * @throws IOException when it cannot be written
     */
    public Path write(final Path file) throws IOException {
        if (file.getParent() != null) {
            Files.createDirectories(file.getParent());
        }
        Files.writeString(file, html(), StandardCharsets.UTF_8);
        return file;
    }

    /**
     * @param text any text
     * @return the text with {@code & < > " '} replaced by character references
     */
    public static String escape(final String text) {
        if (text == null) {
            return "";
        }
        final StringBuilder sb = new StringBuilder(text.length() + 16);
        for (int i = 0; i < text.length(); i++) {
            final char c = text.charAt(i);
            switch (c) {
                case '&' -> sb.append("&amp;");
                case '<' -> sb.append("&lt;");
                case '>' -> sb.append("&gt;");
                case '"' -> sb.append("&quot;");
                case '\'' -> sb.append("&#39;");
                default -> sb.append(c);
            }
        }
        return sb.toString();
    }

    private static void plainName(final String what, final String name) {
        if (name == null || !name.matches("[A-Za-z][A-Za-z0-9_-]*")) {
            throw new IllegalArgumentException("html report: " + what + "=" + name + " must be a plain name "
                + "(a letter, then letters, digits, '-' or '_')");
        }
    }
}
