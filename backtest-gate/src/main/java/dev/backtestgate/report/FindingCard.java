package dev.backtestgate.report;

import dev.backtestgate.Finding;
import java.util.List;
import java.util.regex.Pattern;

/**
 * One finding on a page, in the console's words: its headline with its state (the callout), the detail lines, its
 * chart (one self-contained SVG, drawn at its own size), its table (rows in place of the console lines they stand
 * for) and why it matters. The gate's page and a table history's page draw their findings with it.
 *
 * <pre>{@code
 * FindingCard.write(out, finding, true, "fails the gate");
 * }</pre>
 */
final class FindingCard {
  private FindingCard() {}

  /** Writes the card of {@code f}; {@code state} is the tag beside its headline. */
  static void write(Html out, Finding f, boolean unresolved, String state) {
    Finding.Rendering rendering = f.render();
    out.open("div", "class", "finding", "data-kind", f.kind(), "data-subject", f.subject());
    out.open("p", "class", unresolved ? "callout" : "callout covered").text(rendering.headline() + " ");
    Page.tag(out, state, unresolved ? "bad" : "info");
    out.close();
    List<String> details = details(rendering);
    if (!details.isEmpty()) {
      out.open("ul");
      for (String line : details) {
        out.element("li", line.strip().replaceFirst("^- ", ""));
      }
      out.close();
    }
    if (!rendering.figure().isEmpty()) {   // checked by the gate: one self-contained <svg>
      // drawn at its own size, so its text is the page's; on a narrow screen it scrolls in its own box
      out.open("figure", "class", "chart finding-figure scroll", "tabindex", "0").raw(rendering.figure()).close();
    }
    if (!rendering.table().isEmpty()) {
      table(out, rendering.table());
    }
    if (!rendering.why().isEmpty()) {
      out.element("p", rendering.why(), "class", "note");
    }
    out.close();
  }

  /**
   * The card's list under its headline: the console lines after the first (the first is the console's headline),
   * and the first too when it says more than the headline, less the lines the table stands for.
   */
  static List<String> details(Finding.Rendering rendering) {
    List<String> lines = rendering.lines();
    int from = lines.get(0).strip().equals(rendering.headline().strip()) ? 1 : 0;
    return lines.subList(from, lines.size() - rendering.table().lines());
  }

  /**
   * A finding's rows, in a box of their own that scrolls sideways on a narrow screen, where each row stacks its cells
   * under its first (the subject: a partition, a feature, kept whole); past {@link Page#LONG_TABLE} rows, the first
   * ones and the rest one click away.
   */
  private static void table(Html out, Finding.Table table) {
    List<String> header = table.header();
    Page.TableHead head = rest -> {
      out.open("table", "class", "stack").element("caption", rest ? table.caption() + ", continued"
          : table.caption()).open("thead").open("tr");
      for (String h : header) {
        out.element("th", h, "scope", "col");
      }
      out.close().close();
    };
    out.open("div", "class", "finding-table");
    Page.longTable(out, table.caption(), table.rows().size(), head, i -> row(out, header, table.rows().get(i),
        i == table.marked()), "rows", table.marked() + 1);
    out.close().nl();
  }

  /** One row: its first cell the subject (an identifier, kept on one line), each other cell labelled by its column. */
  private static void row(Html out, List<String> header, List<String> cells, boolean marked) {
    out.open("tr", "class", marked ? "worst" : null);
    for (int c = 0; c < cells.size(); c++) {
      String cell = cells.get(c);
      String label = c == 0 || c >= header.size() ? null : header.get(c);
      if (c == 0) {
        Page.identifier(out, "td", "", cell);
      } else if (NUMBER.matcher(cell).matches()) {
        out.element("td", cell, "class", "num", "data-label", label);
      } else if (INSTANT.matcher(cell).matches()) {
        out.element("td", cell, "class", "when", "data-label", label);
      } else if (cell.contains("\n")) {   // several lines: the first shown, the rest behind it
        String[] parts = cell.split("\n", 2);
        out.open("td", "data-label", label).open("details").element("summary", parts[0]);
        for (String line : parts[1].split("\n")) {
          out.element("div", line);
        }
        out.close().close();
      } else {
        out.element("td", cell, "data-label", label);
      }
    }
    out.close();
  }

  /** A cell that is a date or an instant, kept on one line. */
  private static final Pattern INSTANT =
      Pattern.compile("\\d{4}-\\d{2}-\\d{2}(T[0-9:.]+Z)?");

  /** A cell that is a number (signed, with thousands separators, a percent, or an interval of two). */
  private static final Pattern NUMBER =
      Pattern.compile("[-+\u2212]?[0-9][0-9,.]*%?( to [-+\u2212]?[0-9][0-9,.]*%?)?");

}
