package dev.backtestgate.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

class WorstStatusProjectionTests {

  @Test
  void aCorrectionRecordedLaterYieldsNewVersionsRecordedThenForEveryWindowItFallsIn() {
    StatusLog log = StatusLog.empty();
    log.append(7, 1_000, 1_001, StatusCodes.canonical(Status.CURRENT), StatusLog.STATEMENT);
    log.append(7, 2_000, 2_001, StatusCodes.code(0, Status.HOLD), StatusLog.STATEMENT);
    log.append(7, 3_000, 3_001, StatusCodes.code(1, Status.CURRENT), StatusLog.STATEMENT);
    log.append(7, 2_000, 9_000, StatusCodes.canonical(Status.DPD90), StatusLog.CORRECTION);

    NumericEvents worst = WorstStatusProjection.of(log, 8);

    List<org.assertj.core.groups.Tuple> events = new ArrayList<>();
    for (int e = 0; e < worst.size(); e++) {
      events.add(tuple(worst.entity()[e], worst.validFrom()[e], worst.recordedAt()[e], worst.value()[e]));
    }
    assertThat(events).containsExactly(
        tuple(7L, 1_000L, 1_001L, 0.0),
        tuple(7L, 2_000L, 2_001L, 1.0),
        tuple(7L, 3_000L, 3_001L, 1.0),
        tuple(7L, 2_000L, 9_000L, 4.0),
        tuple(7L, 3_000L, 9_000L, 4.0));
  }

  @Property(tries = 12)
  void asOfAnyTimeTheProjectionIsTheWorstOfTheLastTwelveStatementsAsKnownThen(
      @ForAll @LongRange(max = 1_000) long seed) {
    CreditWorld world = WorldGenerator.generate(new WorldSpec(120, seed));
    StatusLog log = StatusLog.load(world);
    NormalizeStatusBackfill.record(log, world);
    SplittableRandom random = new SplittableRandom(seed);
    Statements s = world.statements();
    for (int i = 0; i < 200; i++) {
      int row = random.nextInt(s.size());
      long recorded = s.recordedAt()[row] + random.nextLong(400 * Timeline.DAY);
      log.append(s.account()[row], s.statementAt()[row], recorded, random.nextInt(StatusCodes.CODES.size()),
          StatusLog.CORRECTION);
    }
    NumericEvents worst = WorstStatusProjection.of(log, world.accounts().size());
    long[][] c = BruteForceAsOf.columns(log);
    for (int i = 0; i < 300; i++) {
      int account = random.nextInt(world.accounts().size());
      long t = Timeline.DECISIONS_FROM + random.nextLong(Timeline.BACKFILL_AT + 100 * Timeline.DAY
          - Timeline.DECISIONS_FROM);
      int chosen = BruteForceAsOf.choose(worst.entity(), worst.validFrom(), worst.recordedAt(), account, t);
      double expected = bruteForceWorst(c, account, t);
      assertThat(chosen < 0 ? -1 : worst.value()[chosen]).as("account %d as of %d", account, t).isEqualTo(expected);
    }
  }

  /** Worst severity of the 12 statements up to the latest one dated and recorded by t, each as known at t. */
  private static double bruteForceWorst(long[][] c, long account, long t) {
    TreeSet<Long> known = new TreeSet<>();
    for (int e = 0; e < c[0].length; e++) {
      if (c[0][e] == account && c[2][e] <= t && c[1][e] <= t) {
        known.add(c[1][e]);
      }
    }
    if (known.isEmpty()) {
      return -1;
    }
    List<Long> window = new ArrayList<>(known.descendingSet()).subList(0, Math.min(12, known.size()));
    int worst = 0;
    for (long date : window) {
      int version = -1;
      for (int e = 0; e < c[0].length; e++) {
        if (c[0][e] == account && c[1][e] == date && c[2][e] <= t && (version < 0 || c[2][e] >= c[2][version])) {
          version = e;
        }
      }
      worst = Math.max(worst, StatusCodes.meaning((int) c[3][version]).severity());
    }
    return worst;
  }
}
