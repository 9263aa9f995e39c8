package dev.backtestgate.hostile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.backtestgate.Finding;
import dev.backtestgate.Mode;
import dev.backtestgate.UnusedWaiver;
import dev.backtestgate.Verdict;
import dev.backtestgate.report.PublishedGate;
import dev.backtestgate.review.SignOff;
import dev.backtestgate.review.SignOffJson;
import dev.backtestgate.review.SignOffStatus;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Waivers that would silently waive nothing: a kind no check reports (misspelled, another case, trailing space)
 * makes the sign-off malformed with a did-you-mean; a known kind whose subject matches no finding is reported as an
 * unused waiver; and schema 2 refuses the schema-1 waiver field, as the documentation says.
 */
class HostileWaiverTests {
  @TempDir Path repo;

  private static SignOff waiving(SignOff.Waiver... waivers) {
    SignOff s = HostileGate.approved();
    return new SignOff(s.schema(), s.gate(), s.fingerprint(), s.reviewed(), s.decision(), s.reviewer(),
        s.reviewedOn(), s.expiresOn(), s.rationale(), s.checklist(), List.of(waivers));
  }

  @ParameterizedTest(name = "''{0}''")
  @CsvSource(delimiter = '|', value = {
      "point_in_time|point-in-time", "Point-In-Time|point-in-time", "'point-in-time '|point-in-time",
      "pointintime|point-in-time", "feature_label|feature-label", "late-write|late-writes",
      "'FEATURE-LABEL'|feature-label", "lift trend|lift-trend", "point in time|point-in-time",
      "future_read|future-read", "label horizon|label-horizon", "train_test_overlap|train-test-overlap",
      "rewritten_history|rewritten-history", "'	point-in-time'|point-in-time"})
  void aWaiverOfAKindNoCheckReportsMakesTheSignOffMalformedWithADidYouMean(String kind, String meant) {
    HostileGate gate = new HostileGate(repo);
    gate.commit(SignOffJson.write(waiving(new SignOff.Waiver(kind, "balance", "loaded late, known on time"))));
    TreeSnapshot before = TreeSnapshot.of(gate.reviewDir());

    PublishedGate judged = gate.judge(Mode.LOCAL);

    assertThat(judged.result().verdict()).isEqualTo(Verdict.FAILED);
    assertThat(judged.result().signOff()).isInstanceOfSatisfying(SignOffStatus.Malformed.class, m -> {
      assertThat(m.jsonPath()).isEqualTo("$.waivers[0].kind");
      assertThat(m.problem()).startsWith("'" + kind + "' is not a kind of finding, so this waiver would waive "
          + "nothing: did you mean '" + meant + "'?").contains("point-in-time, ");
    });
    assertThat(judged.text()).contains("did you mean '" + meant + "'?");
    Messages.assertPlain(judged.text());
    before.assertUnchanged();
  }

  @Test
  void aWaiverOfAKnownKindThatMatchesNoFindingIsReportedAsUnused() {
    HostileGate gate = new HostileGate(repo);
    gate.commit(SignOffJson.write(waiving(new SignOff.Waiver("point-in-time", "balanse", "typo of balance"))));

    PublishedGate judged = gate.judge(Mode.VERIFY);

    assertThat(judged.result().verdict()).as("a warning only").isEqualTo(Verdict.PASSED_WITH_SIGN_OFF);
    assertThat(judged.result().findings()).filteredOn(f -> f instanceof UnusedWaiver).singleElement()
        .isInstanceOfSatisfying(UnusedWaiver.class, u -> {
          assertThat(u.waivedKind()).isEqualTo("point-in-time");
          assertThat(u.kind()).isEqualTo("unused-waiver");
          assertThat(u.waivedSubject()).isEqualTo("balanse");
          assertThat(u.subjects()).isEmpty();
          assertThat(u.resolution()).isEqualTo(Finding.Resolution.WARNING);
        });
    assertThat(judged.text()).contains("The waiver of point-in-time 'balanse' waives nothing in this run. This run "
        + "has no point-in-time finding.");
  }

  @Test
  void schemaTwoRefusesTheSchemaOneWaiverField() {
    HostileGate gate = new HostileGate(repo);
    String text = HostileGate.approvedText().replace("\"waivers\": []",
        "\"waivers\": [],\n  \"pointInTimeWaivers\": []");
    assertThat(text).contains("pointInTimeWaivers");
    gate.commit(text);
    assertThat(gate.judgeMalformed("$.pointInTimeWaivers")).isNotBlank();
  }
}
