package dev.backtestgate.review;

import static dev.backtestgate.review.SignOffFixtures.FINGERPRINT;
import static dev.backtestgate.review.SignOffFixtures.GATE;
import static dev.backtestgate.review.SignOffFixtures.approved;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SignOffRulesTests {
  private static final Path FILE = Path.of("/repo/leakage-reviews/x.json");
  private static final LocalDate TODAY = LocalDate.parse("2026-12-02");

  private static SignOffStatus assess(SignOff s, double lift) {
    return SignOffRules.assess(FILE, s, GATE, FINGERPRINT, lift, 0.01, TODAY);
  }

  private static SignOff with(SignOff s, Decision decision, String reviewer, LocalDate expires, String rationale) {
    return new SignOff(s.schema(), s.gate(), s.fingerprint(), s.reviewed(), decision, reviewer, s.reviewedOn(),
        expires, rationale, s.checklist(), s.waivers());
  }

  @Test
  void anApprovedCurrentSignOffCovers() {
    assertThat(assess(approved(), 0.129)).isEqualTo(new SignOffStatus.Covers(FILE, approved()));
    assertThat(assess(approved(), 0.139)).isInstanceOf(SignOffStatus.Covers.class);
  }

  @Test
  void aManyTrialsSignOffOfFewerTrialsThanTheLedgerCountsNowIsTrialsGrew() {
    SignOffStatus covers = assess(approved(), 0.129);   // the review recorded 3 trials

    assertThat(SignOffRules.trials(covers, java.util.OptionalInt.of(3))).isSameAs(covers);
    assertThat(SignOffRules.trials(covers, java.util.OptionalInt.of(2))).isSameAs(covers);
    assertThat(SignOffRules.trials(covers, java.util.OptionalInt.empty())).isSameAs(covers);
    SignOffStatus grew = SignOffRules.trials(covers, java.util.OptionalInt.of(4));
    assertThat(grew).isEqualTo(new SignOffStatus.TrialsGrew(FILE, 3, "", 4));
    assertThat(grew.label()).isEqualTo("trials-grew");
    assertThat(grew.covers()).isFalse();
    assertThat(grew.reviewedOtherData()).isTrue();
  }

  @Test
  void aReviewThatCountedNoTrialsDoesNotCoverManyTrialsAndOtherStatusesStayAsTheyAre() {
    SignOff a = approved();
    SignOff uncounted = new SignOff(a.schema(), a.gate(), a.fingerprint(),
        a.reviewed().withTrials(SignOff.Trials.notCounted("the trials ledger was off (backtestgate.ledger=off)")),
        a.decision(), a.reviewer(), a.reviewedOn(), a.expiresOn(), a.rationale(), a.checklist(), a.waivers());

    assertThat(SignOffRules.trials(assess(uncounted, 0.129), java.util.OptionalInt.of(1)))
        .isEqualTo(new SignOffStatus.TrialsGrew(FILE, null, "the trials ledger was off (backtestgate.ledger=off)", 1));
    SignOffStatus expired = SignOffRules.assess(FILE, a, GATE, FINGERPRINT, 0.129, 0.01, LocalDate.parse("2028-01-01"));
    assertThat(SignOffRules.trials(expired, java.util.OptionalInt.of(40))).isSameAs(expired);
  }

  @Test
  void otherGate() {
    assertThat(SignOffRules.assess(FILE, approved(), "other#gate", FINGERPRINT, 0.1, 0.01, TODAY))
        .isEqualTo(new SignOffStatus.WrongGate(FILE, GATE, "other#gate"));
  }

  @Test
  void changedData() {
    assertThat(SignOffRules.assess(FILE, approved(), GATE, "sha256:ff", 0.1, 0.01, TODAY))
        .isEqualTo(new SignOffStatus.Stale(FILE, FINGERPRINT, "sha256:ff"));
  }

  @Test
  void rejected() {
    SignOff s = with(approved(), Decision.REJECTED, "bo", approved().expiresOn(), "status leaks the outcome");
    assertThat(assess(s, 0.0)).isEqualTo(new SignOffStatus.Rejected(FILE, "bo", "status leaks the outcome"));
  }

  @Test
  void undecided() {
    assertThat(assess(with(approved(), Decision.UNDECIDED, "", null, ""), 0.1))
        .isEqualTo(new SignOffStatus.Undecided(FILE));
  }

  @Test
  void incompleteNamesEveryMissingPart() {
    SignOff s = new SignOff(1, GATE, FINGERPRINT, approved().reviewed(), Decision.APPROVED, " ", null, null, "",
        new SignOff.Checklist(true, false, true, true, false), List.of());
    assertThat(assess(s, 0.1)).isEqualTo(new SignOffStatus.Incomplete(FILE, List.of("reviewer", "reviewedOn",
        "expiresOn", "rationale", "checklist.noDuplicatesAcrossTrainAndTest",
        "checklist.testPeriodAfterTrainingLabelsResolved")));
  }

  @Test
  void expiredAfterItsLastDay() {
    SignOff s = with(approved(), Decision.APPROVED, "ana", TODAY, "ok");
    assertThat(assess(s, 0.1)).isInstanceOf(SignOffStatus.Covers.class);
    SignOff old = with(approved(), Decision.APPROVED, "ana", TODAY.minusDays(1), "ok");
    assertThat(assess(old, 0.1)).isEqualTo(new SignOffStatus.Expired(FILE, TODAY.minusDays(1), TODAY));
  }

  @Test
  void liftBeyondReviewedPlusTolerance() {
    assertThat(assess(approved(), 0.1395)).isEqualTo(new SignOffStatus.LiftGrew(FILE, 0.129, 0.1395, 0.01));
  }

  @Test
  void storeLoadsAndReportsMissingAndMalformedFiles(@TempDir Path dir) throws Exception {
    ReviewStore store = ReviewStore.directory(dir);
    assertThat(SignOffRules.assess(store, GATE, FINGERPRINT, 0.1, 0.01, TODAY))
        .isEqualTo(new SignOffStatus.Missing(dir.resolve(GATE + ".json")));
    Files.writeString(store.locationOf(GATE), SignOffFixtures.approvedText());
    assertThat(SignOffRules.assess(store, GATE, FINGERPRINT, 0.1, 0.01, TODAY).covers()).isTrue();
    Files.writeString(store.locationOf(GATE), "{}");
    assertThat(SignOffRules.assess(store, GATE, FINGERPRINT, 0.1, 0.01, TODAY))
        .isEqualTo(new SignOffStatus.Malformed(store.locationOf(GATE), "$.schema",
            "the field is missing: add \"schema\"."));
  }
}
