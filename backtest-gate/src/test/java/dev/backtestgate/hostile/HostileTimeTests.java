package dev.backtestgate.hostile;

import static dev.backtestgate.hostile.Hostile.DECIDED;
import static dev.backtestgate.hostile.Hostile.KNOWN;
import static dev.backtestgate.hostile.Hostile.evaluate;
import static dev.backtestgate.hostile.Hostile.illegal;
import static dev.backtestgate.hostile.Hostile.problems;
import static dev.backtestgate.hostile.Hostile.valid;
import static org.assertj.core.api.Assertions.assertThat;

import dev.backtestgate.BacktestRun;
import dev.backtestgate.FeatureTiming;
import dev.backtestgate.GatePolicy;
import dev.backtestgate.GateResult;
import dev.backtestgate.Mode;
import dev.backtestgate.Verdict;
import dev.backtestgate.pointintime.PointInTimeCheck;
import dev.backtestgate.pointintime.PointInTimeViolation;
import dev.backtestgate.report.GateReporter;
import dev.backtestgate.report.PublishedGate;
import dev.backtestgate.report.ReportFiles;
import dev.backtestgate.review.ReviewStore;
import dev.backtestgate.time.EventLog;
import dev.backtestgate.time.PointInTimeJoin;
import dev.backtestgate.time.Spine;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Hostile times: arithmetic that would overflow a {@code long} of milliseconds, instants beyond that range,
 * and times before 1970. Overflow fails with a message naming the field and the row; it never wraps around
 * into a pass. Times before 1970 are times, for the gate and the join alike.
 */
class HostileTimeTests {
  private static final String LONGEST = "PT2562047788015H12M55.807S";
  private static final Duration TOO_LONG = Duration.ofMillis(Long.MAX_VALUE).plusMillis(1);

  @TempDir
  Path temp;

  private GateResult gate(BacktestRun run, GatePolicy policy) {
    return evaluate(run, policy, temp.resolve("leakage-reviews"));
  }

  private static long[] column(long value) {
    long[] column = new long[DECIDED.length];
    java.util.Arrays.fill(column, value);
    return column;
  }

  // knownAt + lag ---------------------------------------------------------------------------------------------

  @Test
  void aKnowledgeTimePlusTheLagBeyondLongMaxFailsTheGateInsteadOfWrappingIntoAPass() {
    long[] known = KNOWN.clone();
    known[2] = Long.MAX_VALUE - 1_000;
    GateResult r = gate(valid().feature("status", known).build(),
        GatePolicy.defaults().withAvailabilityLag(Duration.ofDays(1)));

    assertThat(r.verdict()).isEqualTo(Verdict.FAILED);
    assertThat(String.valueOf(r.findings())).contains("feature 'status', row 2: knowledge time")
        .contains("plus the availability lag PT24H lies beyond the latest time").contains("FeatureTiming.NO_VALUE");
  }

  @Test
  void theCheckNamesFeatureRowAndTimesWhenKnownAtPlusLagOverflows() {
    String message = illegal(() -> PointInTimeCheck.check("status", new long[] {0, 0},
        new long[] {0, Long.MAX_VALUE}, Duration.ofMillis(1)));
    assertThat(message).startsWith("feature 'status', row 1: knowledge time +292278994-08-17T07:12:55.807Z plus "
        + "the availability lag PT0.001S lies beyond the latest time").contains("decision time 1970-01-01T00:00:00Z");
  }

  @Test
  void aLeadLongerThanLongMaxMillisFailsInsteadOfWrappingIntoAPass() {
    String message = illegal(() -> PointInTimeCheck.check("status", new long[] {Long.MIN_VALUE + 1},
        new long[] {1}, Duration.ZERO));
    assertThat(message).startsWith("feature 'status', row 0: knowledge time 1970-01-01T00:00:00.001Z")
        .contains("is more than " + LONGEST + " after the decision time").contains("too far apart to compare");
  }

  @Test
  void theGateFailsOnALeadTooLongToCompute() {
    GateResult r = gate(valid().decisionTimes(new long[] {Long.MIN_VALUE + 1, 1, 2, 3, 4, 5})
        .feature("status", column(Long.MAX_VALUE)).build(), GatePolicy.defaults());
    assertThat(r.verdict()).isEqualTo(Verdict.FAILED);
    assertThat(String.valueOf(r.findings())).contains("feature 'status', row 0").contains("too far apart");
  }

  @Test
  void aKnowledgeTimeThatPlusTheLagLandsExactlyOnLongMaxIsStillCompared() {
    Optional<PointInTimeViolation> v = PointInTimeCheck.check("f", new long[] {Long.MAX_VALUE, Long.MAX_VALUE - 1},
        new long[] {Long.MAX_VALUE - 10, Long.MAX_VALUE - 10}, Duration.ofMillis(10));
    assertThat(v).get().extracting(PointInTimeViolation::rowsAffected, PointInTimeViolation::largestLead)
        .containsExactly(1, Duration.ofMillis(1));
  }

  @Test
  void theLargestRepresentableLeadIsReportedAndRendered() throws Exception {
    long[] decided = {-1, 1, 2, 3, 4, 5};
    long[] known = {Long.MAX_VALUE - 1, 0, 1, 2, 3, 4};
    BacktestRun run = valid().decisionTimes(decided).feature("status", known).build();
    GateResult r = gate(run, GatePolicy.defaults().withMode(Mode.VERIFY));
    assertThat(r.verdict()).isEqualTo(Verdict.FAILED);

    PublishedGate published = GateReporter.publish(run, r, new ReportFiles(temp.resolve("reports")),
        ReviewStore.directory(temp.resolve("leakage-reviews")));
    assertThat(published.text()).contains("status");
    Hostile.assertClean(published.text());
  }

  // lags beyond a long of milliseconds ---------------------------------------------------------------------------

  @Test
  void aPolicyLagLongerThanLongMaxMillisIsRejectedWithTheAllowedRange() {
    String message = illegal(() -> GatePolicy.defaults().withAvailabilityLag(TOO_LONG));
    assertThat(message).isEqualTo("availability lag is PT2562047788015H12M55.808S: it must be an ISO-8601 duration "
        + "of zero or more and at most " + LONGEST + " (Long.MAX_VALUE milliseconds), e.g. PT0S, PT6H or P1D "
        + "(backtestgate.availability-lag).");
  }

  @Test
  void aPolicyLagOfSecondsBeyondAnyMillisecondCountIsRejected() {
    assertThat(illegal(() -> GatePolicy.defaults().withAvailabilityLag(Duration.ofSeconds(Long.MAX_VALUE))))
        .startsWith("availability lag is PT2562047788015215H30M7S: it must be an ISO-8601 duration of zero or more and at most");
  }

  @Test
  void theLongestLagIsAcceptedAndEveryValueIsThenTooLateOrTooFarToCompare() {
    GatePolicy policy = GatePolicy.defaults().withAvailabilityLag(Duration.ofMillis(Long.MAX_VALUE));
    GateResult r = gate(valid().build(), policy);
    assertThat(r.verdict()).isEqualTo(Verdict.FAILED);
    assertThat(String.valueOf(r.findings())).contains("feature 'balance', row 0");
  }

  @ParameterizedTest
  @ValueSource(strings = {"-PT1S", "-PT0.001S"})
  void aNegativePolicyLagIsRejected(String lag) {
    assertThat(illegal(() -> GatePolicy.defaults().withAvailabilityLag(Duration.parse(lag))))
        .startsWith("availability lag is " + Duration.parse(lag) + ": it must be an ISO-8601 duration of zero or more");
  }

  @Test
  void aMissingPolicyLagIsRejected() {
    assertThat(illegal(() -> GatePolicy.defaults().withAvailabilityLag(null)))
        .startsWith("availability lag is null: it must be an ISO-8601 duration of zero or more");
  }

  @Test
  void theCheckRejectsALagLongerThanLongMaxMillisInsteadOfThrowingLongOverflow() {
    assertThat(illegal(() -> PointInTimeCheck.check("f", DECIDED, KNOWN, Duration.ofSeconds(Long.MAX_VALUE))))
        .startsWith("availability lag is PT2562047788015215H30M7S: longer than the longest duration in milliseconds, "
            + LONGEST);
  }

  @Test
  void theCheckRejectsAMissingLagAndMissingColumns() {
    assertThat(illegal(() -> PointInTimeCheck.check("f", DECIDED, KNOWN, null))).startsWith("availability lag is null");
    assertThat(illegal(() -> PointInTimeCheck.check("f", null, KNOWN, Duration.ZERO)))
        .startsWith("decision times of feature 'f' is null");
    assertThat(illegal(() -> PointInTimeCheck.check("f", DECIDED, null, Duration.ZERO)))
        .startsWith("knowledge times of feature 'f' is null");
  }

  @Test
  void theJoinRejectsALagOrTtlLongerThanLongMaxMillis() {
    assertThat(illegal(() -> PointInTimeJoin.builder().availabilityLag(TOO_LONG)))
        .startsWith("availability lag is PT2562047788015H12M55.808S: longer than the longest duration");
    assertThat(illegal(() -> PointInTimeJoin.builder().ttl(TOO_LONG)))
        .startsWith("time-to-live is PT2562047788015H12M55.808S: longer than the longest duration");
    assertThat(illegal(() -> PointInTimeJoin.builder().ttl("plan", TOO_LONG)))
        .startsWith("time-to-live of 'plan' is PT2562047788015H12M55.808S");
  }

  // e = t - lag and e - ttl -------------------------------------------------------------------------------------

  @Test
  void theJoinNamesTheSpineRowWhoseDecisionTimeMinusTheLagUnderflows() {
    Spine spine = Spine.of(new long[] {1, 1}, new long[] {0, Long.MIN_VALUE + 5});
    EventLog log = EventLog.numeric("f", new long[] {1}, new long[] {0}, new long[] {0}, new double[] {1});
    assertThat(illegal(() -> PointInTimeJoin.builder().availabilityLag(Duration.ofMillis(10)).build().join(spine, log)))
        .startsWith("spine row 1: decision time -292275055-05-16T16:47:04.197Z minus the availability lag of PT0.01S "
            + "is before the earliest time -292275055-05-16T16:47:04.193Z");
  }

  @Test
  void theLongestTtlSaturatesInsteadOfWrappingAroundAndExpiringEverything() {
    Spine spine = Spine.of(new long[] {1}, new long[] {Long.MIN_VALUE + 100});
    EventLog log = EventLog.numeric("f", new long[] {1}, new long[] {Long.MIN_VALUE + 50},
        new long[] {Long.MIN_VALUE + 50}, new double[] {7});
    double[] values = PointInTimeJoin.builder().ttl(Duration.ofMillis(Long.MAX_VALUE)).build().join(spine, log)
        .numeric("f").values();
    assertThat(values).containsExactly(7.0);
  }

  // Instants beyond the millisecond range ------------------------------------------------------------------------

  @Test
  void decisionInstantsBeyondTheMillisecondRangeAreReportedWithRowAndRange() {
    Instant t = Instant.ofEpochMilli(1_000);
    String message = problems(valid().decisionTimes(new Instant[] {t, t, Instant.MAX, t, Instant.MIN, t}));
    assertThat(message).contains("decisionTimes has 2 times outside the millisecond range (first at row 2: "
        + "+1000000000-12-31T23:59:59.999999999Z). Times are epoch milliseconds in a long, "
        + "-292275055-05-16T16:47:04.193Z to +292278994-08-17T07:12:55.807Z: fix those times.");
  }

  @Test
  void knowledgeInstantsBeyondTheMillisecondRangeAreReported() {
    Instant t = Instant.ofEpochMilli(1_000);
    assertThat(problems(valid().feature("status", new Instant[] {t, t, t, t, t, Instant.MAX})))
        .contains("feature 'status' knownAt has 1 time outside the millisecond range (first at row 5:");
  }

  @Test
  void theInstantOfTheNoValueMarkerIsNotSilentlyAMissingValue() {
    Instant marker = Instant.ofEpochMilli(Long.MIN_VALUE);
    Instant t = Instant.ofEpochMilli(1_000);
    assertThat(problems(valid().feature("status", new Instant[] {t, t, marker, t, t, t})))
        .contains("feature 'status' knownAt has 1 time outside the millisecond range (first at row 2: "
            + "-292275055-05-16T16:47:04.192Z)");
  }

  @Test
  void anInstantJustInsideTheRangeIsAccepted() {
    Instant latest = Instant.ofEpochMilli(Long.MAX_VALUE);
    BacktestRun run = valid().decisionTimes(new Instant[] {latest, latest, latest, latest, latest, latest}).build();
    assertThat(run.decisionTimes()).containsOnly(Long.MAX_VALUE);
  }

  @Test
  void spineBuilderNamesTheRowOfAnInstantBeyondTheRange() {
    Spine.Builder builder = Spine.builder().add(1, Instant.EPOCH).add(2, Instant.EPOCH);
    assertThat(illegal(() -> builder.add(3, Instant.MAX))).isEqualTo("spine decisionTime of row 2 is "
        + "+1000000000-12-31T23:59:59.999999999Z: outside the times a column can hold, "
        + "-292275055-05-16T16:47:04.193Z to +292278994-08-17T07:12:55.807Z (epoch milliseconds in a long; "
        + "Long.MIN_VALUE is reserved for a missing time); fix the time");
  }

  @Test
  void spineBuilderNamesTheRowOfAMissingInstant() {
    assertThat(illegal(() -> Spine.builder().add(1, (Instant) null)))
        .isEqualTo("spine decisionTime of row 0 is null: every row needs a time; drop the row or fill in its time");
  }

  @Test
  void eventLogBuildersNameLogColumnAndRowOfAnInstantBeyondTheRange() {
    EventLog.NumericBuilder numeric = EventLog.numericBuilder("balance").add(1, Instant.EPOCH, Instant.EPOCH, 1.0);
    assertThat(illegal(() -> numeric.add(1, Instant.MIN, Instant.EPOCH, 2.0)))
        .startsWith("event log 'balance' validFrom of row 1 is -1000000000-01-01T00:00:00Z: outside the times");
    EventLog.CategoricalBuilder categorical = EventLog.categoricalBuilder("plan");
    assertThat(illegal(() -> categorical.add(1, Instant.EPOCH, Instant.MAX, "basic")))
        .startsWith("event log 'plan' recordedAt of row 0 is +1000000000-12-31T23:59:59.999999999Z: outside");
    assertThat(illegal(() -> categorical.add(1, null, Instant.EPOCH, "basic")))
        .startsWith("event log 'plan' validFrom of row 0 is null");
  }

  // before 1970 ---------------------------------------------------------------------------------------------------

  @Test
  void theGateAcceptsTimesBefore1970() {
    long[] decided = {-60_000, -50_000, -40_000, -30_000, -20_000, -10_000};
    long[] known = {-70_000, -60_000, -50_000, -40_000, -30_000, -20_000};
    GateResult r = gate(Hostile.bare().decisionTimes(decided).feature("status", known).build(),
        GatePolicy.defaults().withMaxLift(0.9));
    assertThat(r.verdict()).isEqualTo(Verdict.PASSED);
  }

  @Test
  void aLeakBefore1970IsFoundWithItsLead() {
    long[] decided = {-60_000, -50_000, -40_000, -30_000, -20_000, -10_000};
    long[] known = decided.clone();
    known[3] = -1_000;
    GateResult r = gate(Hostile.bare().decisionTimes(decided).feature("status", known).build(),
        GatePolicy.defaults().withMaxLift(0.9));
    assertThat(r.verdict()).isEqualTo(Verdict.FAILED);
    assertThat(String.valueOf(r.findings())).contains("status").doesNotContain("CheckFailed");
    assertThat(PointInTimeCheck.check("status", decided, known, Duration.ZERO)).get()
        .extracting(PointInTimeViolation::largestLead).isEqualTo(Duration.ofSeconds(29));
  }

  @Test
  void theNoTimeMarkerAsADecisionTimeGetsTheJoinsMessage() {
    long[] decided = DECIDED.clone();
    decided[4] = Long.MIN_VALUE;
    String gate = problems(valid().decisionTimes(decided));
    String join = illegal(() -> Spine.of(new long[6], decided));
    String sentence = "missing time(s) (Long.MIN_VALUE, the reserved \"no time\" marker), first at row 4; every row "
        + "needs a time in epoch milliseconds (times before 1970 are negative numbers and are accepted): drop or "
        + "fill those rows first";
    assertThat(gate).contains("backtest run: column 'decisionTimes' has 1 " + sentence);
    assertThat(join).isEqualTo("spine: column 'decisionTime' has 1 " + sentence);
  }

  @Test
  void noValueKnowledgeTimesStayUncheckedWhateverTheLag() {
    long[] decided = {-60_000, -50_000, -40_000, -30_000, -20_000, -10_000};
    assertThat(PointInTimeCheck.check("f", decided, column(FeatureTiming.NO_VALUE), Duration.ofMillis(Long.MAX_VALUE)))
        .isEmpty();
  }

  // the lift trend's periods at the edge of epoch milliseconds ------------------------------------------------------

  @Test
  void decisionsAtLongMaxWithWeekPeriodsNameTheDecisionsAndThePeriodNotAnOverflow() {
    GatePolicy weekly = GatePolicy.defaults().with(dev.backtestgate.lifttrend.LiftTrendSettings.defaults()
        .withPeriods(dev.backtestgate.lifttrend.LiftPeriods.WEEK));
    GateResult r = gate(Hostile.bare().decisionTimes(column(Long.MAX_VALUE)).feature("balance", KNOWN).build(), weekly);

    assertThat(r.verdict()).isEqualTo(Verdict.FAILED);
    assertThat(String.valueOf(r.findings())).doesNotContain("long overflow")
        .contains("the decision times run from +292278994-08-17T07:12:55.807Z to +292278994-08-17T07:12:55.807Z, "
            + "and the week period bound", "lies beyond what epoch milliseconds can hold",
            "Check their unit (epoch milliseconds, not microseconds or nanoseconds)");
  }

  @Test
  void aMissingLiftPeriodSettingIsNamedNotABareNullPointer() {
    assertThat(illegal(() -> dev.backtestgate.lifttrend.LiftTrendSettings.periods(null)))
        .startsWith("Invalid leakage gate setting backtestgate.lift-periods: no value (null). Allowed: month, week");
    assertThat(illegal(() -> dev.backtestgate.lifttrend.LiftTrendSettings.minClass(null)))
        .startsWith("Invalid leakage gate setting backtestgate.lift-period-min-class: no value (null).");
  }
}
