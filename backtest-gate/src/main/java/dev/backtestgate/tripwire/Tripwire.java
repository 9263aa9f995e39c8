package dev.backtestgate.tripwire;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.claim.Claim;
import dev.backtestgate.metrics.AucComparison;
import dev.backtestgate.metrics.AucEstimate;
import dev.backtestgate.metrics.DeLong;
import java.time.Instant;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * Holds production outcomes to a backtest's claim, on any look, as often as one likes.
 *
 * <p>With the baseline scored in production beside the candidate, the statistic is the claimed lift minus the live
 * lift, its variance the claimed lift's DeLong variance plus the live lift's paired one (independent samples); without,
 * the claimed candidate AUC minus the live one, and then drift cannot be told apart from leakage. One-sided: only
 * production falling short trips. It trips when the gap's z is beyond an always-valid normal-mixture boundary at
 * {@code backtestgate.tripwire-alpha} ({@link MixtureBoundary}: looking every day does not inflate false alarms, and
 * no look counter is needed) and the gap is at least {@code backtestgate.tripwire-min-gap}, and only on at least
 * {@code backtestgate.lift-period-min-class} matured rows of each class.
 *
 * <pre>{@code
 * Claim claim = ClaimJson.parse(Files.readString(claimFile), claimFile.toString());
 * Outcomes outcomes = OutcomesCsv.read(outcomesFile);
 * TripwireResult result = Tripwire.check(claim, outcomes, Instant.now(), TripwireSettings.defaults());
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.3")
public final class Tripwire {
  /** The confidence level the live DeLong estimates are computed at; only their variances are used. */
  private static final double LEVEL = 0.95;

  private Tripwire() {}

  /**
   * One look at {@code checkTime}.
   *
   * @throws IllegalArgumentException when the claim carries no variances, or the outcomes overlap the claim's
   *     decision window or were decided after {@code checkTime}; each message names the value and the fix
   */
  public static TripwireResult check(Claim claim, Outcomes outcomes, Instant checkTime, TripwireSettings settings) {
    Claim.Variances variances = claim.variances();
    if (variances == null) {
      throw new IllegalArgumentException("the claim of gate '" + claim.gate() + "' carries no DeLong variances (it "
          + "was made from evidence that did not record them), so production cannot be held to its interval: "
          + "write the claim from a run the gate evaluated in this JVM (backtest-gate claim --gate=" + claim.gate()
          + ")");
    }
    long[] decided = outcomes.decidedAt();
    long[] known = outcomes.labelKnownAt();
    long latest = claim.latestDecision().toEpochMilli();
    long now = checkTime.toEpochMilli();
    int overlap = 0;
    int firstOverlap = -1;
    int future = 0;
    int firstFuture = -1;
    for (int i = 0; i < decided.length; i++) {
      if (decided[i] <= latest) {
        overlap++;
        firstOverlap = firstOverlap < 0 ? i : firstOverlap;
      }
      if (decided[i] > now) {
        future++;
        firstFuture = firstFuture < 0 ? i : firstFuture;
      }
    }
    if (overlap > 0) {
      throw new IllegalArgumentException(overlap + " outcome(s) were decided within the claim's decision window ("
          + claim.earliestDecision() + " to " + claim.latestDecision() + "), the first at row " + firstOverlap
          + " (decided " + Instant.ofEpochMilli(decided[firstOverlap]) + "): backtest rows are not production; "
          + "pass only decisions made after " + claim.latestDecision());
    }
    if (future > 0) {
      throw new IllegalArgumentException(future + " outcome(s) were decided after the check time " + checkTime
          + ", the first at row " + firstFuture + " (decided " + Instant.ofEpochMilli(decided[firstFuture])
          + "): a decision not made yet has no outcome; check the times' units (milliseconds) and the clock");
    }
    boolean[] allLabels = outcomes.labels();
    int matured = 0;
    for (long k : known) {
      matured += k <= now ? 1 : 0;
    }
    int immature = decided.length - matured;
    boolean[] labels = new boolean[matured];
    double[] candidate = new double[matured];
    double[] allCandidate = outcomes.candidateScores();
    Optional<double[]> allBaseline = outcomes.baselineScores();
    double[] baseline = allBaseline.isPresent() ? new double[matured] : null;
    long positives = 0;
    int due = 0;
    long dueBy = Long.MIN_VALUE;
    for (int i = 0, j = 0; i < decided.length; i++) {
      if (known[i] <= now) {
        labels[j] = allLabels[i];
        candidate[j] = allCandidate[i];
        if (baseline != null) {
          baseline[j] = allBaseline.get()[i];
        }
        positives += allLabels[i] ? 1 : 0;
        j++;
      } else if (known[i] != Outcomes.NOT_KNOWN) {
        due++;
        dueBy = Math.max(dueBy, known[i]);
      }
    }
    long negatives = matured - positives;
    if (positives < settings.minClass() || negatives < settings.minClass()) {
      return new TripwireResult.Unchecked(new TripwireUnchecked(claim.gate(), positives, negatives,
          settings.minClass(), immature, due, due > 0 ? Instant.ofEpochMilli(dueBy) : null));
    }
    Live live = live(claim, labels, candidate, baseline);
    return decide(claim.gate(), claimed(claim, live.statistic()), live, matured, positives, negatives, immature,
        settings, claim);
  }

  /**
   * One look from numbers already measured: the decision {@link #check} makes, for a caller that computes the live
   * AUC elsewhere (a warehouse, a simulation).
   *
   * @param live the live value of the claim's statistic and its variance
   */
  static TripwireResult decide(String gate, double[] claimed, Live live, int matured, long positives, long negatives,
      int immature, TripwireSettings settings, Claim claim) {
    double claimedVariance = claimed[1];
    if (!(claimedVariance > 0)) {
      // both models rank the backtest's rows alike, or the candidate ranks them perfectly: the variance of a random
      // ranking's AUC keeps the boundary finite and modest
      claimedVariance = (claim.rows() + 1.0) / (12.0 * claim.positives() * (claim.rows() - claim.positives()));
    }
    double variance = claimedVariance + live.variance();
    double z = (claimed[0] - live.value()) / Math.sqrt(variance);
    double boundary = new MixtureBoundary(settings.alpha(), claimedVariance).z(variance);
    Measurement m = new Measurement(live.statistic(), live.noLiftReason(), claimed[0], live.value(), claimedVariance,
        live.variance(), z, boundary, matured, positives, negatives, immature, settings);
    return m.significant() && m.material() ? new TripwireResult.Tripped(new OfflineOnlineGap(gate, m))
        : new TripwireResult.Held(m);
  }

  /** The claimed value of {@code statistic} and its variance. */
  static double[] claimed(Claim claim, Measurement.Statistic statistic) {
    return statistic == Measurement.Statistic.LIFT
        ? new double[] {claim.lift(), claim.variances().lift()}
        : new double[] {claim.candidateAuc(), claim.variances().candidate()};
  }

  /**
   * The live value of the statistic the claim and the outcomes allow.
   *
   * @param statistic what it is
   * @param value the live lift or candidate AUC
   * @param variance its DeLong variance
   * @param noLiftReason why the lift was not compared, or {@code ""}
   */
  record Live(Measurement.Statistic statistic, double value, double variance, String noLiftReason) {}

  private static Live live(Claim claim, boolean[] labels, double[] candidate, double[] baseline) {
    if (baseline != null && claim.pairedBaseline()) {
      AucComparison c = DeLong.compare(labels, candidate, baseline, LEVEL);
      return new Live(Measurement.Statistic.LIFT, c.lift(), c.standardError() * c.standardError(), "");
    }
    AucEstimate e = DeLong.estimate(labels, candidate, LEVEL);
    String reason = baseline == null ? "the outcomes carry no baseline scores"
        : "the claim's baseline '" + claim.baseline() + "' is only an AUC number, so the backtest has no paired lift";
    return new Live(Measurement.Statistic.CANDIDATE_AUC, e.auc(), e.variance(), reason);
  }

  /**
   * Refuses a claim of another gate.
   *
   * @throws IllegalArgumentException when {@code claim} is not of {@code gate}
   */
  public static void requireGate(Claim claim, String gate) {
    if (!claim.gate().equals(gate)) {
      throw new IllegalArgumentException("the claim is of gate '" + claim.gate() + "', not of '" + gate + "': pass "
          + "the claim of gate '" + gate + "' (leakage-reviews/claims/" + gate + ".json)");
    }
  }
}
