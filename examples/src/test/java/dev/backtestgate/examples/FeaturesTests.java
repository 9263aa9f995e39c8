package dev.backtestgate.examples;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The two ways of reading features, against brute force and against each other: the point-in-time join
 * of the append-only logs (corrections included) must read exactly what the table said before anybody
 * rewrote it, and the in-place read of the rewritten table must not.
 */
class FeaturesTests {
  private static final CreditWorld WORLD = WorldGenerator.generate(new WorldSpec(2_000, 9L));
  private static final DecisionRows ROWS = DecisionRows.test(WORLD);
  private static final SourceFeatures HONEST = honest();

  private static SourceFeatures honest() {
    StatusLog log = StatusLog.load(WORLD);
    NormalizeStatusBackfill.record(log, WORLD);
    return PointInTimeFeatures.of(WORLD, log).read(ROWS, true);
  }

  @Test
  void theInPlaceReadTakesTheLatestStatementOnOrBeforeTheDecisionAndTheWorstOfTwelve() {
    StatementTable table = StatementTable.load(WORLD);
    SourceFeatures f = InPlaceFeatures.read(table, WORLD, ROWS);
    Statements s = WORLD.statements();
    for (int i = 0; i < ROWS.size(); i++) {
      int account = ROWS.account()[i];
      int latest = -1;
      for (int row = 0; row < s.size(); row++) {
        if (s.account()[row] == account && s.statementAt()[row] <= ROWS.decisionAt()[i]) {
          latest = row;
        }
      }
      int worst = 0;
      for (int row = latest; row > latest - 12 && row >= 0 && s.account()[row] == account; row--) {
        worst = Math.max(worst, StatusCodes.meaning(s.code()[row]).severity());
      }
      assertThat(f.statusCode()[i]).isEqualTo(s.code()[latest]);
      assertThat(f.balance()[i]).isEqualTo(s.balance()[latest]);
      assertThat(f.worstStatus12m()[i]).isEqualTo(worst);
      assertThat(f.knownAt().get(SourceFeatures.STATUS)[i]).isEqualTo(s.recordedAt()[latest]);
    }
  }

  @Test
  void thePointInTimeJoinOfTheCorrectedLogReadsWhatTheTableSaidBeforeTheRewrite() {
    SourceFeatures original = InPlaceFeatures.read(StatementTable.load(WORLD), WORLD, ROWS);
    assertThat(HONEST.statusCode()).isEqualTo(original.statusCode());
    assertThat(HONEST.worstStatus12m()).isEqualTo(original.worstStatus12m());
    assertThat(HONEST.balance()).isEqualTo(original.balance());
    assertThat(HONEST.knownAt().get(SourceFeatures.STATUS)).isEqualTo(original.knownAt().get(SourceFeatures.STATUS));
  }

  @Test
  void everyPointInTimeValueWasKnownAtItsDecision() {
    for (String feature : HONEST.knownAt().keySet()) {
      long[] known = HONEST.knownAt().get(feature);
      for (int i = 0; i < ROWS.size(); i++) {
        assertThat(known[i]).as("%s row %d", feature, i).isLessThanOrEqualTo(ROWS.decisionAt()[i]);
      }
    }
    assertThat(HONEST.knownAt()).containsOnlyKeys(SourceFeatures.STATUS, SourceFeatures.WORST_STATUS,
        SourceFeatures.BALANCE, SourceFeatures.PAYMENT_RATIO, SourceFeatures.TENURE);
  }

  @Test
  void thePaymentRatioIsTheLatestPaymentPostedByTheDecision() {
    Statements s = WORLD.statements();
    for (int i = 0; i < ROWS.size(); i++) {
      int posted = -1;
      for (int row = 0; row < s.size(); row++) {
        if (s.account()[row] == ROWS.account()[i] && s.paymentRecordedAt()[row] <= ROWS.decisionAt()[i]) {
          posted = row;
        }
      }
      assertThat(HONEST.paymentRatio()[i]).isEqualTo(s.paymentRatio()[posted]);
      assertThat(HONEST.knownAt().get(SourceFeatures.PAYMENT_RATIO)[i]).isEqualTo(s.paymentRecordedAt()[posted]);
    }
  }

  @Test
  void theRewrittenTableChangesTheValuesAndOnlyStampingRevealsWhen() {
    StatementTable silent = StatementTable.load(WORLD);
    NormalizeStatusBackfill.rewrite(silent, WORLD, StatementTable.Stamping.SILENT);
    StatementTable stamped = StatementTable.load(WORLD);
    NormalizeStatusBackfill.rewrite(stamped, WORLD, StatementTable.Stamping.STAMP_UPDATED_AT);
    SourceFeatures quiet = InPlaceFeatures.read(silent, WORLD, ROWS);
    SourceFeatures loud = InPlaceFeatures.read(stamped, WORLD, ROWS);
    int changed = 0;
    int late = 0;
    for (int i = 0; i < ROWS.size(); i++) {
      boolean rewritten = quiet.statusCode()[i] != HONEST.statusCode()[i];
      changed += rewritten ? 1 : 0;
      assertThat(quiet.knownAt().get(SourceFeatures.STATUS)[i]).isLessThanOrEqualTo(ROWS.decisionAt()[i]);
      long known = loud.knownAt().get(SourceFeatures.STATUS)[i];
      assertThat(known).isEqualTo(rewritten ? Timeline.BACKFILL_AT : HONEST.knownAt().get(SourceFeatures.STATUS)[i]);
      late += known > ROWS.decisionAt()[i] ? 1 : 0;
    }
    assertThat(changed).isPositive();
    assertThat(late).isEqualTo(changed);
    assertThat(quiet.statusCode()).isEqualTo(loud.statusCode());
  }
}
