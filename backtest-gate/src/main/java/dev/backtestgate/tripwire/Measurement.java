package dev.backtestgate.tripwire;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * What one look of the tripwire measured.
 *
 * @param statistic what was compared: the lift over the baseline, or the candidate's AUC alone
 * @param noLiftReason why the lift was not compared ({@code ""} when it was): then drift and leakage look alike
 * @param claimed the claimed value (the backtest's lift, or its candidate AUC)
 * @param live the value on the matured production rows
 * @param claimedVariance its DeLong variance in the claim
 * @param liveVariance the live value's DeLong variance (paired for the lift)
 * @param z {@code (claimed - live) / sqrt(claimedVariance + liveVariance)}
 * @param boundary the always-valid boundary {@code z} is held to at this look
 * @param matured matured rows (label known at the check time)
 * @param positives matured positive rows
 * @param negatives matured negative rows
 * @param immature rows whose label was not known at the check time: counted, left out
 * @param settings the settings applied
 */
@API(status = EXPERIMENTAL, since = "0.3")
public record Measurement(Statistic statistic, String noLiftReason, double claimed, double live,
    double claimedVariance, double liveVariance, double z, double boundary, int matured, long positives,
    long negatives, int immature, TripwireSettings settings) {

  /** What the tripwire compares. */
  @API(status = EXPERIMENTAL, since = "0.3")
  public enum Statistic {
    /** Claimed lift minus live lift, both paired DeLong on their own rows. */
    LIFT("lift"),
    /** Claimed candidate AUC minus live candidate AUC: no baseline to compare with. */
    CANDIDATE_AUC("candidate AUC");

    private final String words;

    Statistic(String words) {
      this.words = words;
    }

    /** The statistic in words: {@code lift} or {@code candidate AUC}. */
    public String words() {
      return words;
    }
  }

  /** How far production falls short of the claim: {@code claimed - live}. */
  public double gap() {
    return claimed - live;
  }

  /** The variance of the gap: the claim's and production's, independent samples. */
  public double variance() {
    return claimedVariance + liveVariance;
  }

  /** Whether the gap is beyond the always-valid boundary. */
  public boolean significant() {
    return z >= boundary;
  }

  /** Whether the gap is at least {@code backtestgate.tripwire-min-gap}. */
  public boolean material() {
    return gap() >= settings.minGap();
  }
}
