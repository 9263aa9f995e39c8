package dev.backtestgate.trials;

import static dev.backtestgate.internal.Wording.fmt;
import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.Finding;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * Kind {@code many-trials}: the lift is significant on its own but not against the best of the N trials scored on the
 * same test set. From {@code backtestgate.free-trials} trials on it fails unless a sign-off covers it; below, it is a
 * warning that shows the count.
 *
 * @param deflation the count, the expected best z and the deflated p-value
 * @param freeTrials the trials that are free ({@code backtestgate.free-trials})
 * @param ledger where the trials were counted
 * @param trialZs each trial's z in ledger order, this run's included
 * @param thisRun the index of this run's trial in {@code trialZs}
 * @param exact the bootstrap reality check over the trials' kept scores when every trial's scores are kept
 *     ({@code backtestgate.ledger-scores=true}); it then decides, else the deflation does
 */
@API(status = EXPERIMENTAL, since = "0.3")
public record ManyTrialsFinding(Deflation deflation, int freeTrials, String ledger, List<Double> trialZs, int thisRun,
    Optional<RealityCheck> exact) implements Finding {
  /** The kind. */
  public static final String KIND = "many-trials";

  /** Copies the list. */
  public ManyTrialsFinding {
    trialZs = List.copyOf(trialZs);
    Objects.requireNonNull(exact, "exact");
  }

  /** Judged by the deflation alone (the trials' scores not kept). */
  public ManyTrialsFinding(Deflation deflation, int freeTrials, String ledger, List<Double> trialZs, int thisRun) {
    this(deflation, freeTrials, ledger, trialZs, thisRun, Optional.empty());
  }

  @Override
  public String kind() {
    return KIND;
  }

  @Override
  public java.util.OptionalInt trialsToReview() {
    return java.util.OptionalInt.of(deflation.trials());
  }

  @Override
  public Resolution resolution() {
    return deflation.trials() >= freeTrials ? Resolution.SIGN_OFF : Resolution.WARNING;
  }

  @Override
  public Rendering render() {
    Deflation d = deflation;
    String headline = exact.map(x -> fmt("The lift is the best of %,d trials on this test set: its z %.2f is not "
        + "significant against them by the bootstrap reality check over %,d kept trials, %,d replicates (p %.3f).",
        d.trials(), d.z(), x.trials(), x.replicates(), x.pValue())).orElseGet(() -> fmt("The lift is the best of %,d trials on this test set: its z %.2f is "
        + "below the %.2f the best of %,d candidates with no real lift reaches by chance plus %.2f (deflated p %.3f).", d.trials(), d.z(),
        d.expectedBestZ(), d.trials(), d.critical(), d.deflatedP()));
    List<String> lines = new ArrayList<>(List.of(
        fmt("%,d distinct candidates were scored on these rows (%s); their z values vary with variance %.2f.",
            d.trials(), ledger, d.zVariance()),
        fmt("Expected best z of %,d candidates with no real lift: %.2f. This run: z %.2f, deflated z %.2f, deflated "
            + "p %.3f (alone: significant beyond %.2f).", d.trials(), d.expectedBestZ(), d.z(), d.deflatedZ(),
            d.deflatedP(), d.critical()),
        d.trials() >= freeTrials ? fmt("From %,d trials on (backtestgate.free-trials) this needs a sign-off.",
            freeTrials) : fmt("A warning for now: %,d of %,d free trials used (backtestgate.free-trials).", d.trials(),
            freeTrials),
        "Next: c" + fix().substring(1)));
    exact.ifPresent(x -> lines.add(2, fmt("Decided by the bootstrap reality check over %,d kept trials, %,d "
        + "replicates (Hansen's SPA, paired on these rows): p %.3f against the best of them; the approximation "
        + "above gives %.3f.", x.trials(), x.replicates(), x.pValue(), d.deflatedP())));
    Map<String, Object> evidence = new LinkedHashMap<>();
    evidence.put("trials", d.trials());
    evidence.put("freeTrials", freeTrials);
    evidence.put("zVariance", Double.isFinite(d.zVariance()) ? d.zVariance() : null);
    evidence.put("expectedBestZ", d.expectedBestZ());
    evidence.put("z", d.z());
    evidence.put("deflatedZ", d.deflatedZ());
    evidence.put("deflatedP", d.deflatedP());
    evidence.put("critical", d.critical());
    evidence.put("method", exact.isPresent() ? "bootstrap" : "approximation");
    exact.ifPresent(x -> {
      evidence.put("bootstrapTrials", x.trials());
      evidence.put("replicates", x.replicates());
      evidence.put("bootstrapP", x.pValue());
    });
    evidence.values().removeIf(Objects::isNull);
    return new Rendering(headline, lines,
        "The best of many tries on one test window looks significant by chance: choosing it by its backtest lets the "
            + "test rows leak into the choice of model, and the lift will not repeat on new decisions.",
        fix(), evidence).figure(TrialsPlot.svg(trialZs, thisRun, d));
  }

  private String fix() {
    return fmt("Confirm the lift on decisions no trial has scored (a later window than these rows), or sign off "
        + "knowing that %,d candidates were tried on these rows.", deflation.trials());
  }
}
