package dev.backtestgate.tripwire.trace;

import static dev.backtestgate.internal.Wording.fmt;
import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.claim.Claim;
import dev.backtestgate.claim.FeatureValues;
import dev.backtestgate.review.SignOff;
import dev.backtestgate.tripwire.Outcomes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * Why production may fall short of a claim, each line from evidence, none guessed.
 *
 * <pre>{@code
 * List<TableTrace> tables = ClaimTables.trace(claim);        // backtest-gate-lakehouse: each table's log
 * Trace trace = Trace.of(claim, outcomes, tables, List.of(), "");
 * System.out.print(TraceText.render(trace));
 * }</pre>
 *
 * @param gate the claim's gate
 * @param carriers the features that carried the claimed lift, most first (the claim's attribution; empty when the
 *     run gave the gate no pipeline)
 * @param skews each served feature the claim summarizes, its skew between the backtest and production, largest first
 * @param notCompared the features that could not be compared, each with why (served but not summarized in the
 *     claim, summarized but not served)
 * @param tables each table the claim read, as its log tells it now
 * @param reached the other backtests that read the same rewritten partitions
 * @param reachNotChecked why the blast radius was not (fully) checked, or {@code ""}
 * @param closing one sentence that joins what was found and says what could not be checked
 */
@API(status = EXPERIMENTAL, since = "0.3")
public record Trace(String gate, List<SignOff.LiftCarried> carriers, List<FeatureSkew> skews,
    List<String> notCompared, List<TableTrace> tables, List<Reached> reached, String reachNotChecked,
    String closing) {
  /** Checks and copies. */
  public Trace {
    Objects.requireNonNull(gate, "gate");
    Objects.requireNonNull(reachNotChecked, "reachNotChecked");
    Objects.requireNonNull(closing, "closing");
    carriers = List.copyOf(carriers);
    skews = List.copyOf(skews);
    notCompared = List.copyOf(notCompared);
    tables = List.copyOf(tables);
    reached = List.copyOf(reached);
  }

  /**
   * The trace of {@code claim} against {@code outcomes}' served features, with the tables' histories and the blast
   * radius read elsewhere (they need a table format's reader and the review directory).
   *
   * @param tables each claimed table's history ({@link TableTrace#unreadable} for one that could not be read)
   * @param reached the other backtests that read the rewritten partitions
   * @param reachNotChecked why the blast radius was not (fully) checked, or {@code ""}
   */
  public static Trace of(Claim claim, Outcomes outcomes, List<TableTrace> tables, List<Reached> reached,
      String reachNotChecked) {
    List<SignOff.LiftCarried> carriers = new ArrayList<>(claim.liftCarried());
    carriers.sort(Comparator.comparingDouble((SignOff.LiftCarried c) -> -c.carried()));
    List<FeatureSkew> skews = new ArrayList<>();
    List<String> notCompared = new ArrayList<>();
    Map<String, List<String>> served = outcomes.servedFeatures();
    for (Map.Entry<String, List<String>> feature : served.entrySet()) {
      claim.featureValues(feature.getKey()).ifPresentOrElse(
          summary -> skews.add(Skews.of(summary, feature.getValue())),
          () -> notCompared.add(feature.getKey() + ": served, but the claim holds no backtest values of it (record "
              + "them with featureValues or featureCategories in the backtest)"));
    }
    for (FeatureValues summary : claim.featureValues()) {
      if (!served.containsKey(summary.feature())) {
        notCompared.add(summary.feature() + ": in the claim, but the outcomes serve no column of that name");
      }
    }
    skews.sort(Comparator.comparingDouble((FeatureSkew s) -> -s.distance()).thenComparing(FeatureSkew::feature));
    String closing = closing(claim, carriers, skews, notCompared, tables, reached, reachNotChecked);
    return new Trace(claim.gate(), carriers, skews, notCompared, tables, reached, reachNotChecked, closing);
  }

  private static String closing(Claim claim, List<SignOff.LiftCarried> carriers, List<FeatureSkew> skews,
      List<String> notCompared, List<TableTrace> tables, List<Reached> reached, String reachNotChecked) {
    List<String> found = new ArrayList<>();
    if (!carriers.isEmpty()) {
      SignOff.LiftCarried top = carriers.get(0);
      found.add(fmt("'%s' carried %.3f of the claimed %+.3f lift", top.feature(), top.carried(), claim.lift()));
    }
    if (!skews.isEmpty() && skews.get(0).distance() > 0) {
      FeatureSkew s = skews.get(0);
      String moved = s.moved().isEmpty() ? "" : fmt(" (%s %s on %.1f%% of backtest rows, %.1f%% of production "
          + "decisions)", s.feature(), s.moved().get(0).value(), 100 * s.moved().get(0).backtest(),
          100 * s.moved().get(0).production());
      found.add(fmt("production's '%s' is the furthest from the backtest's, %s %.3f%s", s.feature(), s.measure(),
          s.distance(), moved));
    }
    List<String> notChecked = new ArrayList<>();
    for (TableTrace t : tables) {
      if (!t.read()) {
        notChecked.add("the history of '" + t.table() + "'");
        continue;
      }
      if (t.guardAudit().size() > 1 && !t.guardAudit().get(1).strip().startsWith("nobody")) {
        found.add("the append-only guard's audit of '" + t.table() + "' records writes to its closed history ("
            + t.guardAudit().get(1).strip().replaceAll("\\s+", " ")
            + (t.guardAudit().size() > 2 ? ", and " + (t.guardAudit().size() - 2) + " more line(s)" : "") + ")");
      }
      if (t.manifestChanged()) {
        found.add("the history manifest of '" + t.table() + "' changed since the backtest read it");
      }
      if (!t.notHeld().isEmpty()) {
        notChecked.add("the part of the history of '" + t.table() + "' its log no longer holds");
      }
      if (!t.rewroteBeforeRead().isEmpty()) {
        TableTrace.Commit last = t.rewroteBeforeRead().get(t.rewroteBeforeRead().size() - 1);
        long partitions = t.rewroteBeforeRead().stream().flatMap(c -> c.partitions().stream()).distinct().count();
        found.add("the backtest read '" + t.table() + "' at " + t.versionRead() + ", after " + last.describe()
            + (t.rewroteBeforeRead().size() > 1 ? " and " + (t.rewroteBeforeRead().size() - 1) + " earlier commit(s)"
            : "") + " had rewritten rows of " + partitions + " partition(s)");
      }
    }
    if (reachNotChecked.isEmpty() && tables.stream().anyMatch(t -> !t.rewroteBeforeRead().isEmpty())) {
      found.add(reached.isEmpty() ? "no other backtest's report declares those partitions"
          : reached.size() + " other backtest(s) read them too ("
              + String.join(", ", reached.stream().map(Reached::gate).distinct().toList()) + ")");
    }
    if (!reachNotChecked.isEmpty()) {
      notChecked.add("the blast radius");
    }
    if (carriers.isEmpty()) {
      notChecked.add("which features carried the lift (the claim has no attribution)");
    }
    if (skews.isEmpty()) {
      notChecked.add("the features' skew (no served feature has backtest values in the claim)");
    } else if (!notCompared.isEmpty()) {
      notChecked.add(notCompared.size() + " feature(s) without values on both sides");
    }
    String joined = found.isEmpty() ? "The trace found nothing that explains the gap" : "In short: "
        + String.join("; ", found);
    return joined + (notChecked.isEmpty() ? "; everything the claim names was checked."
        : ". Not checked: " + String.join(", ", notChecked) + ".");
  }
}
