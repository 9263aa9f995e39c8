package dev.backtestgate.examples;

import dev.backtestgate.BacktestGate;
import dev.backtestgate.BacktestRun;
import dev.backtestgate.GatePolicy;
import dev.backtestgate.GateResult;
import dev.backtestgate.Mode;
import dev.backtestgate.Verdict;
import dev.backtestgate.review.ReviewStore;
import dev.backtestgate.trials.ManyTrialsFinding;
import dev.backtestgate.trials.TrialRecorder;
import dev.backtestgate.trials.TrialsSettings;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The trials story (issue 48's demo loop): a team tries {@value #VARIANTS} engineered features on the production
 * scorecard ({@link CreditBacktests#scorecardVariants}), each variant gated on the same test reviews and recorded in
 * a trials ledger of its own, and picks the best. Alone, the best one's lift looks significant; against the best of
 * {@value #VARIANTS} tries it is not ({@code many-trials}). Then a genuinely better model, the scorecard given a
 * paid-in-full flag from the payments feed, is gated on the same rows and passes.
 *
 * <pre>{@code
 * TrialSearch.Outcome o = TrialSearch.run(CreditBacktests.standard(), Path.of("target/trial-search"));
 * }</pre>
 */
final class TrialSearch {
  static final int VARIANTS = 30;
  static final String GATE = "dev.backtestgate.examples.TrialSearch#";
  private static final Clock CLOCK = Clock.fixed(Instant.parse("2025-04-01T09:00:00Z"), ZoneOffset.UTC);

  private TrialSearch() {}

  /**
   * What the search came to.
   *
   * @param zs each variant's z, in the order tried
   * @param bestName the best variant's candidate name
   * @param best the best variant gated again, after the search: {@code many-trials}
   * @param better the scorecard with payments, gated after the search
   */
  record Outcome(List<Double> zs, String bestName, GateResult best, GateResult better) {
    Optional<ManyTrialsFinding> manyTrials(GateResult result) {
      return result.findings().stream().filter(ManyTrialsFinding.class::isInstance)
          .map(ManyTrialsFinding.class::cast).findFirst();
    }
  }

  /** Runs the search with a fresh ledger under {@code dir} (deleted first, so the count is this search's). */
  static Outcome run(CreditBacktests backtests, Path dir) {
    delete(dir);
    GatePolicy policy = GatePolicy.defaults().withMode(Mode.VERIFY)
        .with(TrialsSettings.DEFAULTS.withLedger(Optional.of(dir.resolve("trials"))));
    ReviewStore reviews = ReviewStore.directory(dir.resolve("leakage-reviews"));
    List<Double> zs = new ArrayList<>();
    BacktestRun best = null;
    double bestZ = Double.NEGATIVE_INFINITY;
    for (ScoredBacktest variant : backtests.scorecardVariants(VARIANTS)) {
      BacktestRun run = variant.toRun(GATE + "featureSearch");
      double z = gate(run, policy, reviews).comparison().z();
      zs.add(z);
      if (z > bestZ) {
        bestZ = z;
        best = run;
      }
    }
    GateResult again = gate(best, policy, reviews);   // the same scores: no new trial
    GateResult better = gate(backtests.scorecardWithPaidInFull().toRun(GATE + "paidInFull"), policy, reviews);
    return new Outcome(List.copyOf(zs), best.candidateName(), again, better);
  }

  private static GateResult gate(BacktestRun run, GatePolicy policy, ReviewStore reviews) {
    GateResult result = BacktestGate.evaluate(run, policy, reviews, CLOCK);
    TrialRecorder.Outcome recorded = TrialRecorder.append(run, result, CLOCK);
    if (!recorded.recorded()) {
      throw new IllegalStateException(recorded.line());
    }
    return result;
  }

  /** The lines the demo prints for this story. */
  static List<String> describe(Outcome o) {
    List<String> lines = new ArrayList<>();
    double min = o.zs().stream().mapToDouble(Double::doubleValue).min().orElseThrow();
    double max = o.zs().stream().mapToDouble(Double::doubleValue).max().orElseThrow();
    long alone = o.zs().stream().filter(z -> z > 1.96).count();
    lines.add(fmt("%d engineered features tried on the scorecard, each gated on the same test reviews: z from %.2f "
        + "to %.2f, %d of them significant alone.", o.zs().size(), min, max, alone));
    lines.add(fmt("The best, %s, gated again: %s (%s)", o.bestName(), verdict(o.best()), lift(o.best())));
    o.manyTrials(o.best()).ifPresent(f -> {
      lines.add("  " + f.render().headline());
      f.render().lines().forEach(line -> lines.add("  " + line));
    });
    lines.add(fmt("A genuinely better model, %s, on the same rows after the search: %s (%s)",
        o.better().comparison().candidate(), verdict(o.better()), lift(o.better())));
    return lines;
  }

  /** Whether the story came out as told: the best variant held by many-trials, the better model passing. */
  static boolean asTold(Outcome o) {
    return o.manyTrials(o.best()).isPresent() && o.best().verdict() == Verdict.FAILED
        && o.manyTrials(o.better()).isEmpty() && o.better().verdict() == Verdict.PASSED;
  }

  private static String verdict(GateResult r) {
    return r.verdict() == Verdict.FAILED ? "BLOCKED by the gate" : r.verdict().name().replace('_', ' ');
  }

  private static String lift(GateResult r) {
    return fmt("AUC lift %+.3f, z %.2f", r.comparison().lift(), r.comparison().z());
  }

  private static String fmt(String format, Object... args) {
    return String.format(Locale.ROOT, format, args);
  }

  private static void delete(Path dir) {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Could not empty " + dir + " for the trials story", e);
    }
  }
}
