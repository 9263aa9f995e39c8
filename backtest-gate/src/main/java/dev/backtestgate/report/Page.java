package dev.backtestgate.report;

/**
 * The frame shared by the gate report and the index: doctype, head with the inline style sheet, and a
 * few building blocks (key-value rows, tags). No scripts, no fonts, no network: the page opens anywhere.
 */
final class Page {
  private static final String CSS = """
      :root{--ink:#101828;--muted:#475467;--faint:#667085;--line:#eaecf0;--bg:#f9fafb;
      --bad:#b42318;--bad-bg:#fef3f2;--bad-line:#fda29b;--ok:#067647;--ok-bg:#ecfdf3;--ok-line:#75e0a7;
      --info:#175cd3;--info-bg:#eff8ff;--info-line:#84caff;--warn:#b54708;--warn-bg:#fffaeb}
      *{box-sizing:border-box}
      html{background:var(--bg)}
      body{margin:0;color:var(--ink);font:14px/1.5 -apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,
      "Helvetica Neue",Arial,sans-serif;overflow-wrap:break-word}
      main{max-width:1120px;margin:0 auto;padding:28px 24px 8px}
      .kicker{color:var(--faint);font-size:12px;font-weight:600;text-transform:uppercase;letter-spacing:.07em}
      h1{font-size:21px;margin:2px 0 4px;overflow-wrap:anywhere}
      h2{font-size:15px;margin:0 0 12px}
      h3{font-size:13px;margin:16px 0 6px;color:var(--muted)}
      .meta{color:var(--muted);margin-bottom:18px}
      .banner{border:1px solid;border-left-width:6px;border-radius:10px;padding:16px 20px;margin-bottom:20px}
      .banner.failed{background:var(--bad-bg);border-color:var(--bad-line);border-left-color:var(--bad)}
      .banner.passed{background:var(--ok-bg);border-color:var(--ok-line);border-left-color:var(--ok)}
      .banner.signed{background:var(--info-bg);border-color:var(--info-line);border-left-color:var(--info)}
      .verdict{font-size:24px;font-weight:750;letter-spacing:.02em}
      .failed .verdict{color:var(--bad)}.passed .verdict{color:var(--ok)}.signed .verdict{color:var(--info)}
      .banner ul{margin:8px 0 6px;padding-left:20px}
      .banner li{margin:3px 0}
      .banner a{color:inherit;font-weight:600}
      .banner .tag{background:#fff;border:1px solid currentColor;margin-left:4px}
      section.card{background:#fff;border:1px solid var(--line);border-radius:10px;padding:18px 22px;
      margin-bottom:18px;box-shadow:0 1px 2px rgba(16,24,40,.04)}
      .grid{display:grid;grid-template-columns:minmax(0,5fr) minmax(0,6fr);gap:28px;align-items:start}
      @media (max-width:820px){.grid{grid-template-columns:1fr}}
      table{border-collapse:collapse;width:100%}
      th,td{text-align:left;padding:6px 10px;border-bottom:1px solid var(--line);vertical-align:top}
      table.kv td{overflow-wrap:anywhere}
      thead th{color:var(--muted);font-size:12px;font-weight:600;background:var(--bg)}
      tbody th{color:var(--muted);font-weight:500;width:34%}
      table.numbers tbody th{width:auto}
      table.numbers .note{font-weight:400;font-size:12px}
      td.num,th.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
      code,.mono{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:12.5px;
      overflow-wrap:anywhere}
      .tag{display:inline-block;padding:1px 9px;border-radius:999px;font-size:12px;font-weight:600;white-space:nowrap}
      .tag.bad{background:var(--bad-bg);color:var(--bad)}.tag.ok{background:var(--ok-bg);color:var(--ok)}
      .tag.info{background:var(--info-bg);color:var(--info)}.tag.muted{background:var(--bg);color:var(--muted)}
      .tag.warn{background:var(--warn-bg);color:var(--warn)}
      tr.worst td{background:var(--bad-bg);font-weight:600}
      p{margin:8px 0}
      .note{color:var(--muted)}
      .callout{border-left:4px solid var(--bad);background:var(--bad-bg);padding:8px 12px;border-radius:6px}
      .callout.covered{border-left-color:var(--info);background:var(--info-bg)}
      blockquote{margin:8px 0;padding:6px 12px;border-left:4px solid var(--line);color:var(--muted)}
      ol.steps{margin:8px 0 0;padding-left:22px}
      ol.steps li{margin:7px 0;overflow-wrap:anywhere}
      .legend{display:flex;flex-wrap:wrap;gap:6px 18px;margin:6px 0 0;font-size:13px}
      .swatch{display:inline-block;width:18px;height:3px;border-radius:2px;vertical-align:middle;margin-right:6px}
      .swatch.dashed{background:repeating-linear-gradient(90deg,#98a2b3 0 4px,transparent 4px 8px)}
      svg{display:block;width:100%;height:auto;font-family:inherit}
      svg .tick{font-size:12px;fill:var(--faint)}
      svg.roc{max-width:400px}
      svg.lift{max-width:460px}
      svg.lift text{font-size:14.5px}
      figure.finding-figure{overflow-x:auto;max-width:100%}
      figure.finding-figure svg[width]{width:auto;max-width:none}
      .finding-table{margin:8px 0}
      .finding-table th,.finding-table td.num,.finding-table td.when,.finding-table td:first-child{white-space:nowrap}
      .finding-table td{overflow-wrap:anywhere;min-width:6em}
      .finding-table summary{cursor:pointer}
      .finding-table td details div{padding-left:14px}
      .finding-table caption{text-align:left;color:var(--muted);font-size:13px;padding:0 0 4px}
      svg .axis{font-size:12px;fill:var(--muted)}
      svg .zone{font-size:12px;fill:var(--bad)}
      svg .marker{font-size:12.5px;font-weight:600}
      svg .value{font-size:12.5px;font-weight:700;fill:var(--ink)}
      a{color:var(--info)}
      a.gate{overflow-wrap:normal}
      footer{color:var(--faint);font-size:12px;text-align:center;padding:6px 0 28px}
      .scroll{overflow-x:auto;max-width:100%}
      .scroll:focus-visible{outline:2px solid var(--info);outline-offset:2px}
      #gates .tag{white-space:normal;border-radius:8px}
      #gates td.range{white-space:normal}
      ul.findings{margin:0;padding-left:16px}
      ul.findings li{margin:0 0 2px}
      .id,td.id{white-space:nowrap;overflow-wrap:normal;word-break:normal}
      .id.long,td.id.long{white-space:normal}
      table.pit-examples td{white-space:nowrap}
      details.more-rows{margin:4px 0 10px}
      details.more-rows>summary,details#settings>summary{cursor:pointer;color:var(--info);font-weight:600}
      details#settings{margin-top:12px}
      @media (max-width:560px){main{padding:18px 12px 8px}section.card{padding:14px 12px}.banner{padding:12px 14px}
      table.stack{display:block;width:min-content;min-width:100%}
      table.stack caption{display:block}
      table.stack thead{display:none}
      table.stack tbody,table.stack tr{display:block}
      table.stack tr{border-bottom:1px solid var(--line);padding:6px 0}
      table.stack td{display:flex;gap:10px;border:0;padding:2px 4px;text-align:left;min-width:0}
      table.stack td[data-label]::before{content:attr(data-label);flex:0 0 8em;color:var(--muted);font-size:12px;
      font-family:-apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;
      white-space:normal;font-weight:400}
      table.stack td.id{font-weight:600}}
      @media print{html{background:#fff}main{max-width:none;padding:0}
      section.card{box-shadow:none;border-color:#d0d5dd}
      figure,svg,.chart,tr,.banner{break-inside:avoid;page-break-inside:avoid}
      h2,h3{break-after:avoid;page-break-after:avoid}
      .scroll{overflow:visible}a{color:inherit}}
      """;

  private Page() {}

  /** Starts a page: everything up to and including the opening {@code <main>}. */
  static Html start(String title, int capacity) {
    Html out = new Html(capacity);
    out.raw("<!DOCTYPE html>\n");
    out.open("html", "xmlns", "http://www.w3.org/1999/xhtml", "lang", "en").nl();
    out.open("head").nl();
    out.empty("meta", "charset", "utf-8").nl();
    out.empty("meta", "name", "viewport", "content", "width=device-width, initial-scale=1").nl();
    out.element("title", title).nl();
    out.open("style").raw("\n").raw(CSS).close().nl();
    out.close().nl();
    out.open("body").open("main").nl();
    return out;
  }

  /** Ends the page with a footer line and returns the markup. */
  static String end(Html out, String footer) {
    out.close().nl();
    out.element("footer", footer).nl();
    out.close().close().nl();
    return out.finish();
  }

  /** A row of a key-value table: {@code <tr><th>key</th><td>value</td></tr>}. */
  static void row(Html out, String key, String value) {
    out.open("tr").element("th", key, "scope", "row").element("td", value).close().nl();
  }

  /** A row whose value is monospaced (paths, fingerprints, commands). */
  static void codeRow(Html out, String key, String value) {
    out.open("tr").element("th", key, "scope", "row").open("td").element("code", value).close().close().nl();
  }

  /**
   * Opens a region that scrolls sideways when its table is wider than the screen (a phone, a zoomed page), so the
   * page itself never does; keyboard users reach it with Tab. Close it after the table.
   */
  static void scrollRegion(Html out, String label) {
    out.open("div", "class", "scroll", "role", "region", "aria-label", label, "tabindex", "0");
  }

  /** A name this long or longer may break between its words; a shorter one is never broken at all. */
  static final int LONG_IDENTIFIER = 24;

  /**
   * A name (a feature, a partition, a configuration key) as an element of class {@code id}: on one line when it is
   * short; when it is {@link #LONG_IDENTIFIER} characters or more, breakable only after a {@code _ . - / = :}
   * between its words ({@code <wbr>}, class {@code id long}), never inside a word ("balan ce" reads as two names).
   *
   * @param classes the element's other classes, or {@code ""}
   */
  static void identifier(Html out, String tag, String classes, String name) {
    String prefix = classes.isEmpty() ? "" : classes + " ";
    if (name.length() < LONG_IDENTIFIER) {
      out.element(tag, name, "class", prefix + "id");
      return;
    }
    out.open(tag, "class", prefix + "id long");
    int from = 0;
    for (int i = 0; i < name.length() - 1; i++) {
      if ("_.-/=:".indexOf(name.charAt(i)) >= 0) {
        out.text(name.substring(from, i + 1)).empty("wbr");
        from = i + 1;
      }
    }
    out.text(name.substring(from)).close();
  }

  /** Rows a long table shows at first; the rest are one click away. */
  static final int SHOWN_ROWS = 10;
  /** A table of more rows than this shows {@link #SHOWN_ROWS} and puts the rest behind a {@code <details>}. */
  static final int LONG_TABLE = 12;

  /** Opens a table and writes its head: for the table itself, or ({@code rest}) for its rows past the first ones. */
  @FunctionalInterface
  interface TableHead {
    void open(boolean rest);
  }

  /**
   * A table in its own scroll region, every row shown when it has at most {@link #LONG_TABLE}; a longer one shows
   * its first {@link #SHOWN_ROWS} and the rest in a second table of the same head, one click away in a
   * {@code <details>} (no script): "The other 43 partitions".
   *
   * @param label the region's accessible name
   * @param rows how many rows
   * @param head opens the {@code <table>} and writes its caption and {@code <thead>}
   * @param row writes row {@code i} as a {@code <tr>}
   * @param what the rows in words, plural ("partitions", "features")
   * @param keep rows before this index are always shown (one past a marked row), or 0
   */
  static void longTable(Html out, String label, int rows, TableHead head, java.util.function.IntConsumer row,
      String what, int keep) {
    int first = Math.max(SHOWN_ROWS, keep);
    int shown = rows > Math.max(LONG_TABLE, first + LONG_TABLE - SHOWN_ROWS) ? first : rows;
    scrollRegion(out, label);
    head.open(false);
    out.open("tbody");
    for (int i = 0; i < shown; i++) {
      row.accept(i);
    }
    out.close().close().close().nl();
    if (shown < rows) {
      out.open("details", "class", "more-rows").element("summary", dev.backtestgate.internal.Wording.fmt(
          "The other %,d %s", rows - shown, what));
      scrollRegion(out, dev.backtestgate.internal.Wording.fmt("%s, rows %,d to %,d", label, shown + 1, rows));
      head.open(true);
      out.open("tbody");
      for (int i = shown; i < rows; i++) {
        row.accept(i);
      }
      out.close().close().close().close().nl();
    }
  }

  /** A small coloured label; {@code kind} is one of bad, ok, info, warn, muted. */
  static void tag(Html out, String text, String kind) {
    out.element("span", text, "class", "tag " + kind);
  }
}
