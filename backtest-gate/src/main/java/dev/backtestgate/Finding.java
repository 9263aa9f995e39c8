package dev.backtestgate;

import static dev.backtestgate.internal.Wording.fmt;
import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.internal.Wording;
import dev.backtestgate.screen.FeatureScore;
import dev.backtestgate.time.FutureReadReport;
import dev.backtestgate.time.HistoryCheckResult;
import dev.backtestgate.time.HistoryFinding;
import dev.backtestgate.time.LateWritePolicy;
import dev.backtestgate.time.LateWriteReport;
import dev.backtestgate.time.PointInTimeViolation;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;
import org.apiguardian.api.API;

/**
 * Something a {@link Check} found that a person must look at before the backtest can be believed.
 *
 * <p>A finding has a stable {@link #kind()} (the JSON report, the index and sign-off waivers use it, never a
 * Java class name), a {@link #subject()} where it has one (the feature, the table), states how it is
 * {@link #resolution() resolved}, and renders itself once ({@link #render()}) for the console text, the JSON
 * report and the HTML page alike. The built-in kinds are the nested records; a custom check adds its own kind
 * by implementing this interface.
 *
 * <pre>{@code
 * record TooFewDefaults(long defaults) implements Finding {
 *   public String kind() { return "too-few-defaults"; }
 *   public Resolution resolution() { return Resolution.SIGN_OFF; }
 *   public Rendering render() {
 *     return Rendering.of("Only " + defaults + " defaults in the test window.")
 *         .why("An AUC on so few positives is noise.")
 *         .evidence(Map.of("defaults", defaults));
 *   }
 * }
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public interface Finding {
  /** What a kind must look like: lower-case words joined by hyphens, e.g. {@code point-in-time}. */
  Pattern KIND = Pattern.compile("[a-z][a-z0-9]*(-[a-z0-9]+)*");

  /** The stable name of this kind of finding, e.g. {@code lift}; matches {@link #KIND}. */
  String kind();

  /** What the finding is about (a feature, a table), or {@code ""} when it is about the whole run. */
  default String subject() {
    return "";
  }

  /** How this finding can be resolved. */
  Resolution resolution();

  /** The one description of this finding, from which the console text, the JSON and the HTML are made. */
  Rendering render();

  /** How a finding can be resolved. The wire values appear in the JSON report and in the documentation. */
  enum Resolution {
    /** An approved, current sign-off covers it. */
    SIGN_OFF("sign-off"),
    /** A sign-off must waive it by kind and subject, with a reason. */
    WAIVER("waiver"),
    /** Only fixing the input resolves it. */
    FIX("fix"),
    /** Reported as a warning; it never fails the gate. */
    WARNING("warning");

    private final String wireValue;

    Resolution(String wireValue) {
      this.wireValue = wireValue;
    }

    /** The value in the JSON report: {@code sign-off}, {@code waiver}, {@code fix} or {@code warning}. */
    public String wireValue() {
      return wireValue;
    }

    /** True when a reviewer's sign-off (or waiver) is what resolves the finding. */
    public boolean needsReviewer() {
      return this == SIGN_OFF || this == WAIVER;
    }
  }

  /**
   * A finding as people and tools see it.
   *
   * @param headline one sentence naming what was found (the HTML banner, the index, CI annotations)
   * @param lines the full description for the console, first line first; later lines carry their own indent
   * @param why why it matters, one sentence, or {@code ""} (printed once however many findings share it)
   * @param fix the next step that fixes it, or {@code ""}
   * @param evidence the numbers behind it for the JSON report: values are strings, numbers, booleans, lists
   *     or maps of those; key order is kept
   */
  record Rendering(String headline, List<String> lines, String why, String fix, Map<String, Object> evidence) {
    /** Checks and copies. */
    public Rendering {
      Objects.requireNonNull(headline, "headline");
      Objects.requireNonNull(why, "why");
      Objects.requireNonNull(fix, "fix");
      lines = List.copyOf(lines.isEmpty() ? List.of(headline) : lines);
      evidence = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(evidence));
    }

    /** A rendering whose full description is its headline. */
    public static Rendering of(String headline) {
      return new Rendering(headline, List.of(headline), "", "", Map.of());
    }

    /** This rendering with these console lines. */
    public Rendering lines(List<String> lines) {
      return new Rendering(headline, lines, why, fix, evidence);
    }

    /** This rendering with a reason why it matters. */
    public Rendering why(String why) {
      return new Rendering(headline, lines, why, fix, evidence);
    }

    /** This rendering with the step that fixes it. */
    public Rendering fix(String fix) {
      return new Rendering(headline, lines, why, fix, evidence);
    }

    /** This rendering with evidence for the JSON report. */
    public Rendering evidence(Map<String, ?> evidence) {
      return new Rendering(headline, lines, why, fix, new LinkedHashMap<>(evidence));
    }
  }

  /**
   * The candidate beats the baseline by more than the limit: the classic signature of leaked data.
   *
   * @param comparison both AUCs, the lift and its interval
   * @param maxLift the limit in force ({@code backtestgate.max-lift})
   */
  record LiftAboveLimit(Comparison comparison, double maxLift) implements Finding {
    @Override
    public String kind() {
      return "lift";
    }

    @Override
    public Resolution resolution() {
      return Resolution.SIGN_OFF;
    }

    /** Candidate AUC minus baseline AUC. */
    public double lift() {
      return comparison.lift();
    }

    @Override
    public Rendering render() {
      return new Rendering(fmt("AUC lift %+.3f is above the %.3f limit.", lift(), maxLift),
          List.of(comparison.sentence(), "is above the " + fmt("%.3f", maxLift) + " limit. A lift this large is the "
              + "classic signature of leaked future data."), "", "",
          Map.of("lift", lift(), "maxLift", maxLift));
    }
  }

  /**
   * The candidate ranks every positive above every negative: real models almost never do.
   *
   * @param candidate the candidate's name
   * @param candidateAuc the candidate's AUC, 1.0
   */
  record PerfectCandidate(String candidate, double candidateAuc) implements Finding {
    @Override
    public String kind() {
      return "perfect-auc";
    }

    @Override
    public Resolution resolution() {
      return Resolution.SIGN_OFF;
    }

    @Override
    public Rendering render() {
      return new Rendering("Candidate " + candidate + " has an AUC of 1.000.", List.of("Candidate " + candidate
          + " has an AUC of 1.000: it ranks every positive above every negative. Real models almost never do; a "
          + "perfect score usually means the label leaked into a feature."), "", "",
          Map.of("candidateAuc", candidateAuc));
    }
  }

  /**
   * A feature's values were used before they were known.
   *
   * @param violation the evidence: rows, share, largest lead, example rows
   */
  record PointInTime(PointInTimeViolation violation) implements Finding {
    /** Why a point-in-time violation matters. */
    static final String WHY = "A model that uses values recorded after its decision saw the future: its backtest "
        + "score is not evidence.";

    @Override
    public String kind() {
      return "point-in-time";
    }

    @Override
    public String subject() {
      return violation.feature();
    }

    @Override
    public Resolution resolution() {
      return Resolution.WAIVER;
    }

    @Override
    public Rendering render() {
      PointInTimeViolation v = violation;
      StringBuilder statement = new StringBuilder(fmt("Feature '%s' was recorded after the decision time in "
          + "%,d of %,d rows (%s), up to %s late", v.feature(), v.rowsAffected(), v.rows(),
          Wording.percent(v.share()), Wording.duration(v.largestLead())));
      if (!v.availabilityLag().isZero()) {
        statement.append(" (availability lag ").append(Wording.duration(v.availabilityLag())).append(" included)");
      }
      List<String> lines = new ArrayList<>();
      lines.add(statement.append('.').toString());
      for (int i = 0; i < v.examples().size(); i++) {
        PointInTimeViolation.ExampleRow e = v.examples().get(i);
        lines.add((i == 0 ? "  e.g. " : "       ") + fmt("row %d decided %s, known %s", e.row(), e.decisionTime(),
            e.knownAt()));
      }
      List<Map<String, Object>> examples = new ArrayList<>();
      for (PointInTimeViolation.ExampleRow e : v.examples()) {
        examples.add(ordered("row", e.row(), "decisionTime", e.decisionTime().toString(), "knownAt",
            e.knownAt().toString()));
      }
      Map<String, Object> evidence = ordered("feature", v.feature(), "rowsAffected", v.rowsAffected(),
          "rowsWithValue", v.rowsWithValue(), "rows", v.rows(), "share", v.share(),
          "largestLead", v.largestLead().toString(), "availabilityLag", v.availabilityLag().toString());
      evidence.put("examples", examples);
      return new Rendering(fmt("Feature '%s' was recorded after the decision time in %,d rows (%s).", v.feature(),
          v.rowsAffected(), Wording.percent(v.share())), lines, WHY,
          "Rebuild '" + v.feature() + "' as of each decision time (PointInTimeJoin); if its values become usable "
              + "only some time after recording, set backtestgate.availability-lag.", evidence);
    }
  }

  /**
   * Events were written into history long after they became valid: the mark of a backfill that stamped
   * its rows. Fails the gate only under {@link LateWritePolicy#FAIL} ({@code backtestgate.late-writes}).
   *
   * @param report the detector's evidence: batches by recorded day, counts, valid-time ranges
   * @param policy the policy in force
   */
  record LateWrites(LateWriteReport report, LateWritePolicy policy) implements Finding {
    @Override
    public String kind() {
      return "late-writes";
    }

    @Override
    public String subject() {
      return report.table();
    }

    @Override
    public Resolution resolution() {
      return policy == LateWritePolicy.FAIL ? Resolution.FIX : Resolution.WARNING;
    }

    @Override
    public Rendering render() {
      List<String> lines = new ArrayList<>();
      lines.add(fmt("Late writes to '%s': %,d of %,d events were recorded more than %s after they became valid, "
          + "the mark of a backfill that edited closed history. %s", report.table(), report.lateEvents(),
          report.events(), Wording.duration(report.closingWindow()), policy == LateWritePolicy.FAIL
              ? "This fails the gate (backtestgate.late-writes=fail)."
              : "A warning only (backtestgate.late-writes=warn; set it to fail to block the build)."));
      report.problems().forEach(line -> lines.add("  - " + line));
      List<Map<String, Object>> batches = new ArrayList<>();
      for (LateWriteReport.Batch b : report.batches()) {
        batches.add(ordered("recordedDay", b.recordedDay().toString(), "count", b.count(),
            "minValidFrom", b.minValidFrom().toString(), "maxValidFrom", b.maxValidFrom().toString(),
            "entities", b.entities(), "maxLateness", b.maxLateness().toString()));
      }
      Map<String, Object> evidence = ordered("table", report.table(), "policy", policy.configValue(),
          "closingWindow", report.closingWindow().toString(), "events", report.events(),
          "lateEvents", report.lateEvents());
      evidence.put("batches", batches);
      return new Rendering(fmt("%,d late writes to '%s'.", report.lateEvents(), report.table()), lines, "",
          "Restore the rows of '" + report.table() + "' that the late batches overwrote and record the corrections "
              + "as new events with their own recordedAt; or, if late writes are expected for this table, set "
              + "backtestgate.late-writes=warn.", evidence);
    }
  }

  /**
   * Closed partitions of a table differ from its committed history manifest: history was rewritten in
   * place. Always fails; restore the rows, or review and commit the proposed manifest.
   *
   * @param result the partitions that changed, vanished or appeared
   */
  record RewrittenHistory(HistoryCheckResult result) implements Finding {
    /** How many changed partitions the console text names before summing up the rest. */
    static final int MAX_PARTITIONS = 5;

    @Override
    public String kind() {
      return "rewritten-history";
    }

    @Override
    public String subject() {
      return result.table();
    }

    @Override
    public Resolution resolution() {
      return Resolution.FIX;
    }

    @Override
    public Rendering render() {
      List<String> lines = new ArrayList<>();
      lines.add(fmt("History of '%s' was rewritten in place: %d of %d closed partitions differ from the committed "
          + "manifest. Old rows now carry values nobody knew at the time, so a backtest on them is shown the "
          + "answers.", result.table(), result.findings().size(), result.partitionsChecked()));
      List<HistoryFinding> changed = result.findings();
      for (HistoryFinding p : changed.subList(0, Math.min(changed.size(), MAX_PARTITIONS))) {
        lines.add("  - '" + result.table() + "': " + p.describe());
      }
      if (changed.size() > MAX_PARTITIONS) {
        lines.add(fmt("  - ... and %d more partitions (all of them are in the JSON report).",
            changed.size() - MAX_PARTITIONS));
      }
      List<Map<String, Object>> partitions = new ArrayList<>();
      for (HistoryFinding p : changed) {
        partitions.add(ordered("partition", p.partition(), "change", p.change(), "description", p.describe()));
      }
      Map<String, Object> evidence = ordered("table", result.table(), "granularity",
          result.granularity().configValue(), "closedBefore", result.closedBefore().toString(), "partitionsChecked",
          result.partitionsChecked());
      evidence.put("partitions", partitions);
      return new Rendering(fmt("History of '%s' was rewritten in %d closed partitions.", result.table(),
          changed.size()), lines, "", "Restore the original rows of the partitions of '" + result.table()
              + "' listed above and append corrections as new events with their own recordedAt; if the rewrite "
              + "was intended, review the proposed manifest the gate wrote (its path is below; local runs write "
              + "it) and commit it in place of the old one.", evidence);
    }
  }

  /**
   * A feature function read the future: run again on history cut at the decision time (after the
   * availability lag), it gave other values than the backtest used. Only fixing the function resolves it.
   *
   * @param report the probe's evidence: rows sampled, rows that differ, example rows
   */
  record FutureRead(FutureReadReport report) implements Finding {
    @Override
    public String kind() {
      return "future-read";
    }

    @Override
    public String subject() {
      return report.feature();
    }

    @Override
    public Resolution resolution() {
      return Resolution.FIX;
    }

    @Override
    public Rendering render() {
      FutureReadReport r = report;
      String cut = r.availabilityLag().isZero() ? "the decision time"
          : "the decision time minus the availability lag of " + Wording.duration(r.availabilityLag());
      String share = Wording.percent((double) r.differing() / r.sampled());
      List<String> lines = new ArrayList<>();
      lines.add(fmt("Feature '%s' reads the future: run again on history cut at %s, its function gave another "
          + "value in %,d of %,d sampled rows (%s; %,d rows in all).", r.feature(), cut, r.differing(), r.sampled(),
          share, r.rows()));
      List<Map<String, Object>> examples = new ArrayList<>();
      for (int i = 0; i < r.examples().size(); i++) {
        FutureReadReport.Example e = r.examples().get(i);
        lines.add((i == 0 ? "  e.g. " : "       ") + fmt("row %d, entity %d, decided %s: used %s, as of the decision "
            + "%s", e.row(), e.entity(), e.decisionTime(), e.used(), e.asOfDecision()));
        examples.add(ordered("row", e.row(), "entity", e.entity(), "decisionTime", e.decisionTime().toString(),
            "used", e.used(), "asOfDecision", e.asOfDecision()));
      }
      Map<String, Object> evidence = ordered("feature", r.feature(), "rows", r.rows(), "sampled", r.sampled(),
          "differing", r.differing(), "availabilityLag", r.availabilityLag().toString(), "tolerance", r.tolerance());
      evidence.put("examples", examples);
      return new Rendering(fmt("Feature '%s' reads the future: %,d of %,d sampled rows differ as of their decision "
          + "time.", r.feature(), r.differing(), r.sampled()), lines, "A feature computed with events recorded or "
          + "valid after the decision shows the model the answers: its backtest score is not evidence, and no "
          + "sign-off can make it so.", "Make the feature function of '" + r.feature() + "' read only events with "
          + "validFrom and recordedAt at or before the decision time minus backtestgate.availability-lag (read "
          + "history.asOf(t - lag), or join with PointInTimeJoin), recompute the feature and retrain.", evidence);
    }
  }

  /**
   * A single feature, alone, separates the classes at or above {@code backtestgate.max-feature-auc}, or perfectly:
   * the mark of a feature computed from the label, whatever its timestamps say. Waivable per feature.
   *
   * @param score the feature's direction-free AUC and its interval
   * @param maxFeatureAuc the limit in force
   */
  record FeatureLabel(FeatureScore score, double maxFeatureAuc) implements Finding {
    /** Why a feature that alone predicts the label matters. */
    static final String WHY = "A single feature that separates the classes this well is usually computed from the "
        + "label or from what happened after the decision, even when its timestamps look honest: the model's score "
        + "then measures the leak, not skill.";

    @Override
    public String kind() {
      return "feature-label";
    }

    @Override
    public String subject() {
      return score.feature();
    }

    @Override
    public Resolution resolution() {
      return Resolution.WAIVER;
    }

    @Override
    public Rendering render() {
      FeatureScore s = score;
      String how = s.type().equals("categorical")
          ? fmt("by the out-of-fold positive rate of its %,d categories", s.categories())
          : s.higherMeansPositive() ? "higher values going with positive rows" : "lower values going with positive rows";
      String interval = s.hasInterval()
          ? fmt(" (%.0f%% interval %.3f to %.3f)", s.confidenceLevel() * 100, s.ciLower(), s.ciUpper()) : "";
      List<String> lines = new ArrayList<>();
      lines.add(s.perfect()
          ? fmt("Feature '%s' alone separates the classes perfectly (AUC %.3f, %s): every positive row is ranked "
              + "%s every negative one.", s.feature(), s.auc(), how, s.higherMeansPositive() ? "above" : "below")
          : fmt("Feature '%s' alone ranks the rows with AUC %.3f%s, %s: at or above the %.3f limit "
              + "(backtestgate.max-feature-auc).", s.feature(), s.auc(), interval, how, maxFeatureAuc));
      if (s.missing() > 0) {
        lines.add(fmt("  - %,d rows have no value (ranked %s)", s.missing(), s.type().equals("categorical")
            ? "as a category of their own" : "below every value"));
      }
      Map<String, Object> evidence = ordered("feature", s.feature(), "type", s.type(), "auc", s.auc(),
          "rawAuc", s.rawAuc());
      if (s.hasInterval()) {
        evidence.put("ciLower", s.ciLower());
        evidence.put("ciUpper", s.ciUpper());
      }
      evidence.put("confidenceLevel", s.confidenceLevel());
      evidence.put("maxFeatureAuc", maxFeatureAuc);
      evidence.put("perfect", s.perfect());
      evidence.put("higherMeansPositive", s.higherMeansPositive());
      evidence.put("missing", s.missing());
      if (s.type().equals("categorical")) {
        evidence.put("categories", s.categories());
      }
      String headline = s.perfect()
          ? fmt("Feature '%s' alone separates the classes perfectly.", s.feature())
          : fmt("Feature '%s' alone predicts the label with AUC %.3f (limit %.3f).", s.feature(), s.auc(),
              maxFeatureAuc);
      return new Rendering(headline, lines, WHY, "Find out how '" + s.feature() + "' is computed: if it uses the "
          + "outcome, or anything recorded after the decision, remove or rebuild it; if it is genuinely this "
          + "predictive, a reviewer waives it (kind feature-label, subject '" + s.feature() + "') with the reason.",
          evidence);
    }
  }

  /**
   * A check could not run, so the gate cannot vouch for the run.
   *
   * @param check which check
   * @param reason what went wrong and what to do
   */
  record CheckFailed(String check, String reason) implements Finding {
    @Override
    public String kind() {
      return "check-failed";
    }

    @Override
    public String subject() {
      return check;
    }

    @Override
    public Resolution resolution() {
      return Resolution.FIX;
    }

    @Override
    public Rendering render() {
      return new Rendering("The " + check + " check could not run.", List.of("The " + check
          + " check could not run: " + reason, "The gate cannot vouch for a backtest it could not check, so it "
          + "fails."), "", "Fix the input named above and run the backtest again.",
          ordered("check", check, "reason", reason));
    }
  }

  /** A map that keeps the order its keys were given in (key, value, key, value, ...). */
  private static Map<String, Object> ordered(Object... keysAndValues) {
    Map<String, Object> map = new LinkedHashMap<>();
    for (int i = 0; i < keysAndValues.length; i += 2) {
      map.put((String) keysAndValues[i], keysAndValues[i + 1]);
    }
    return map;
  }
}
