package dev.backtestgate.tripwire;

import static dev.backtestgate.internal.Wording.fmt;
import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.claim.Claim;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * A shipped model's live window read as fresh rows for a lift that was the best of several trials: production's
 * matured decisions were scored by no trial, so a lift they show needs no deflating for the search that found it.
 * Information beside the tripwire's verdict, never a change to it.
 *
 * <p>The live lift's z is held to the same always-valid boundary the tripwire uses (Robbins' normal mixture, scaled by
 * the claim's lift variance), at alpha {@code 1 - confidence} of the claim, one-sided: a lift confirmed at any look
 * is confirmed at the claim's level however often the tripwire runs.
 *
 * <pre>{@code
 * TripwireResult result = Tripwire.check(claim, outcomes, now, settings);
 * FreshRows.of(claim, result).ifPresent(f -> System.out.println(f.text()));
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.3")
public sealed interface FreshRows {
  /** What the claim records of the trials its lift was the best of. */
  Claim.Trials trials();

  /** One line of text: what the trials were and what production's fresh rows say of the lift. */
  String text();

  /**
   * What production's live window says of the claim's lift as fresh rows; empty when the claim's lift was the only
   * trial on its rows, or its trials were not counted (then there is no search to confirm it against).
   */
  static Optional<FreshRows> of(Claim claim, TripwireResult result) {
    Claim.Trials trials = claim.trials();
    if (!trials.freshRowsConfirm()) {
      return Optional.empty();
    }
    Measurement m = result.measured().orElse(null);
    if (m == null) {
      TripwireUnchecked u = ((TripwireResult.Unchecked) result).finding();
      return Optional.of(new Unmeasured(trials, fmt("too few matured decisions of a class yet (%d positive, %d "
          + "negative; %d of each needed)", u.positives(), u.negatives(), u.minClass())));
    }
    if (m.statistic() != Measurement.Statistic.LIFT) {
      return Optional.of(new Unmeasured(trials, m.noLiftReason() + ", so production measures no lift"));
    }
    double alpha = Math.round((1 - claim.confidence()) * 1e9) / 1e9;   // 0.05, not 0.050000000000000044
    if (!(m.liveVariance() > 0)) {
      return Optional.of(new Unmeasured(trials, "the live lift has no variance (both models rank production's "
          + "decisions alike, or the candidate ranks them perfectly)"));
    }
    double z = m.live() / Math.sqrt(m.liveVariance());
    double boundary = new MixtureBoundary(alpha, m.claimedVariance()).z(m.liveVariance());
    return Optional.of(new Measured(trials, m.live(), z, boundary, alpha, m.matured()));
  }

  /** What the claim records of the trials, in words: how many, and the deflated p of the check that decided. */
  private static String searched(Claim.Trials t) {
    Double p = t.method() == Claim.Trials.Method.BOOTSTRAP ? t.bootstrapP() : t.deflatedP();
    return fmt("the backtest's lift was the best of %d trials on its rows", t.count())
        + (p == null ? "" : fmt(" (deflated p %.3f by the %s)", p, t.method() == Claim.Trials.Method.BOOTSTRAP
            ? "bootstrap reality check" : "approximation"));
  }

  /**
   * The live lift measured on production's matured decisions.
   *
   * @param trials what the claim records of the trials
   * @param lift the live lift over the baseline
   * @param z the live lift over its standard error
   * @param boundary the always-valid boundary {@code z} is held to at this look
   * @param alpha {@code 1 - confidence} of the claim
   * @param matured the matured decisions measured
   */
  @API(status = EXPERIMENTAL, since = "0.3")
  record Measured(Claim.Trials trials, double lift, double z, double boundary, double alpha, int matured)
      implements FreshRows {
    /** Checks. */
    public Measured {
      Objects.requireNonNull(trials, "trials");
    }

    /** Whether the live lift is above zero beyond the always-valid boundary. */
    public boolean confirmed() {
      return z >= boundary;
    }

    @Override
    public String text() {
      String measured = fmt("Fresh rows: %s. On %,d matured production decisions, which no trial scored, the lift is "
          + "%+.3f (z %.2f, ", searched(trials), matured, lift, z);
      return measured + (confirmed()
          ? fmt("beyond the always-valid boundary %.2f at alpha %s): it repeats on fresh rows.", boundary, alpha)
          : fmt("not beyond the always-valid boundary %.2f at alpha %s): not confirmed yet. The boundary holds at "
              + "every look, so run the tripwire again as more outcomes mature.", boundary, alpha));
    }

  }

  /**
   * The live lift could not be measured yet.
   *
   * @param trials what the claim records of the trials
   * @param reason why not
   */
  @API(status = EXPERIMENTAL, since = "0.3")
  record Unmeasured(Claim.Trials trials, String reason) implements FreshRows {
    /** Checks. */
    public Unmeasured {
      Objects.requireNonNull(trials, "trials");
      Objects.requireNonNull(reason, "reason");
    }

    @Override
    public String text() {
      return "Fresh rows: " + searched(trials) + ". Production's decisions, which no trial scored, do not confirm it "
          + "yet: " + reason + ".";
    }

  }
}
