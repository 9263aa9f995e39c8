package dev.backtestgate.tripwire.trace;

import static dev.backtestgate.internal.Wording.fmt;
import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.review.SignOff;
import java.util.List;
import org.apiguardian.api.API;

/**
 * The console text of a {@link Trace}: a section per kind of evidence, then the closing sentence.
 *
 * <pre>{@code
 * System.out.print(TraceText.render(trace));
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.3")
public final class TraceText {
  /** The most example rows shown per commit; the JSON holds every one. */
  private static final int EXAMPLES = 3;
  /** The most commits listed per table and kind; the JSON holds every one. */
  private static final int COMMITS = 5;

  private TraceText() {}

  /** The trace's lines, each ending in a newline. */
  public static String render(Trace trace) {
    StringBuilder out = new StringBuilder("Trace:\n");
    out.append("  The features that carried the claimed lift:\n");
    if (trace.carriers().isEmpty()) {
      out.append("    none recorded: the claim has no lift attribution (the backtest gave the gate no pipeline)\n");
    }
    for (SignOff.LiftCarried c : trace.carriers()) {
      out.append(fmt("    %-20s %+.3f  [%+.3f, %+.3f]%n", c.feature(), c.carried(), c.carriedCi().get(0),
          c.carriedCi().get(1)));
    }
    out.append("  The served features' skew between the backtest and production, largest first:\n");
    if (trace.skews().isEmpty()) {
      out.append("    none compared\n");
    }
    for (FeatureSkew s : trace.skews()) {
      out.append(fmt("    %-20s %s %.3f%s (%,d backtest rows, %,d production decisions%s)%n", s.feature(),
          s.measure(), s.distance(), s.exact() ? "" : s.measure().equals(FeatureSkew.L_INFINITY)
          ? " (the claim keeps the 100 most frequent categories; the others count as absent from the backtest)"
          : " (within 0.01)", s.backtestRows(), s.productionRows(),
          s.unreadable() == 0 ? "" : fmt("; %,d served values unreadable, left out", s.unreadable())));
      for (FeatureSkew.Moved m : s.moved()) {
        out.append(fmt("      %s %s on %.1f%% of backtest rows, %.1f%% of production decisions%n", s.feature(),
            m.value(), 100 * m.backtest(), 100 * m.production()));
      }
    }
    trace.notCompared().forEach(n -> out.append("    not compared: ").append(n).append('\n'));
    out.append("  The tables the backtest read:\n");
    if (trace.tables().isEmpty()) {
      out.append("    the claim names none\n");
    }
    for (TableTrace t : trace.tables()) {
      out.append("    '").append(t.table()).append("' read at ")
          .append(t.versionRead() == null ? "no recorded version" : t.versionRead()).append('\n');
      if (!t.read()) {
        out.append("      could not be read: ").append(t.unreadable()).append('\n');
        continue;
      }
      if (!t.guardAudit().isEmpty() || !t.manifest().isEmpty()) {
        t.guardAudit().forEach(line -> out.append("      ").append(line).append('\n'));
        t.manifest().forEach(line -> out.append("      ").append(line).append('\n'));
        continue;
      }
      if (!t.notHeld().isEmpty()) {
        out.append("      not all of it: ").append(t.notHeld()).append('\n');
      }
      out.append(t.rewroteBeforeRead().isEmpty() ? "      no commit up to the version read removed rows\n"
          : "      rewritten before the read:\n");
      commits(out, t.rewroteBeforeRead());
      out.append(t.since().isEmpty() ? "      no commit since the version read\n"
          : "      " + t.since().size() + " commit(s) since the version read:\n");
      commits(out, t.since());
    }
    out.append("  The blast radius (other backtests that read the rewritten partitions):\n");
    if (!trace.reachNotChecked().isEmpty()) {
      out.append("    not checked: ").append(trace.reachNotChecked()).append('\n');
    } else if (trace.reached().isEmpty()) {
      out.append("    none\n");
    }
    for (Reached r : trace.reached()) {
      out.append("    ").append(r.gate()).append(": '").append(r.table()).append("' ")
          .append(shortList(r.partitions())).append(", sign-off ").append(r.signOff()).append('\n');
    }
    return out.append(trace.closing()).append('\n').toString();
  }

  private static void commits(StringBuilder out, List<TableTrace.Commit> commits) {
    for (TableTrace.Commit c : commits.subList(0, Math.min(COMMITS, commits.size()))) {
      out.append(fmt("        %s: %,d row(s) removed, %,d added, partitions %s%n", c.describe(), c.removed(),
          c.added(), shortList(c.partitions())));
      for (String example : c.examples().subList(0, Math.min(EXAMPLES, c.examples().size()))) {
        out.append("          e.g. ").append(example).append('\n');
      }
      if (c.examples().size() > EXAMPLES) {
        out.append("          ... and ").append(c.examples().size() - EXAMPLES).append(" more example(s) in the JSON "
            + "report\n");
      }
    }
    if (commits.size() > COMMITS) {
      out.append("        ... and ").append(commits.size() - COMMITS).append(" more (all of them are in the JSON "
          + "report)\n");
    }
  }

  private static String shortList(List<String> items) {
    return items.size() <= 3 ? String.join(", ", items)
        : String.join(", ", items.subList(0, 3)) + " and " + (items.size() - 3) + " more";
  }
}
