package dev.backtestgate.review;

import static dev.backtestgate.review.SignOffFixtures.approved;
import static dev.backtestgate.review.SignOffFixtures.approvedText;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class SignOffJsonTests {
  private static final Path FILE = Path.of("/repo/leakage-reviews/x.json");

  @Test
  void writesTheCanonicalForm() {
    assertThat(approvedText()).isEqualTo("""
        {
          "schema": 1,
          "gate": "com.acme.ChurnBacktest#gbm",
          "fingerprint": "sha256:abababababababababababababababababababababababababababababababab",
          "reviewed": {
            "candidate": "gbm-v7",
            "baseline": "prod-v3",
            "candidateAuc": 0.842,
            "baselineAuc": 0.713,
            "lift": 0.129,
            "liftCi": [
              0.118,
              0.14
            ],
            "rows": 50000,
            "positives": 15000,
            "features": [
              "balance",
              "status"
            ]
          },
          "decision": "approved",
          "reviewer": "ana@acme.com",
          "reviewedOn": "2026-11-30",
          "expiresOn": "2027-02-28",
          "rationale": "New bureau data explains the lift; checked join keys and label windows.",
          "checklist": {
            "preprocessingFitOnTrainingDataOnly": true,
            "noDuplicatesAcrossTrainAndTest": true,
            "featuresKnownAtDecisionTime": true,
            "noTargetDerivedFeatures": true,
            "testPeriodAfterTrainingLabelsResolved": true
          },
          "pointInTimeWaivers": [
            {
              "feature": "status",
              "reason": "knownAt is the warehouse load time, a day after the event"
            }
          ]
        }
        """);
  }

  @Test
  void readsBackWhatItWrites() {
    SignOff read = SignOffJson.parse(approvedText(), FILE);
    assertThat(read).isEqualTo(approved());
    assertThat(SignOffJson.write(read)).isEqualTo(approvedText());
  }

  @Test
  void pendingFormHasEmptyHumanFields() {
    SignOff pending = new SignOff(1, "g", "sha256:00", approved().reviewed(), Decision.UNDECIDED, "", null, null, "",
        SignOff.Checklist.unchecked(), java.util.List.of());
    String text = SignOffJson.write(pending);
    assertThat(text).contains("\"decision\": \"\",", "\"reviewedOn\": \"\",", "\"pointInTimeWaivers\": []");
    assertThat(SignOffJson.parse(text, FILE)).isEqualTo(pending);
  }

  private static MalformedSignOffException malformed(String json) {
    return catchThrowableOfType(MalformedSignOffException.class, () -> SignOffJson.parse(json, FILE));
  }

  @Test
  void invalidJsonNamesLineAndColumn() {
    MalformedSignOffException e = malformed("{\n  \"schema\": 1,,\n}");
    assertThat(e.jsonPath()).isEqualTo("$");
    assertThat(e.getMessage()).contains(FILE.toString(), "not valid JSON", "line 2");
  }

  @Test
  void unknownFieldsAreRejectedWithTheirPath() {
    MalformedSignOffException e = malformed(approvedText().replace("\"rows\":", "\"rowz\": 1, \"rows\":"));
    assertThat(e.jsonPath()).isEqualTo("$.reviewed.rowz");
    assertThat(e.problem()).contains("unknown field 'rowz'", "Allowed here: candidate,");
  }

  @Test
  void missingFieldsAreNamed() {
    MalformedSignOffException e = malformed(approvedText().replace("  \"reviewer\": \"ana@acme.com\",\n", ""));
    assertThat(e.jsonPath()).isEqualTo("$.reviewer");
    assertThat(e.problem()).contains("the field is missing");
  }

  @Test
  void wrongTypesAreNamed() {
    assertThat(malformed(approvedText().replace("\"lift\": 0.129", "\"lift\": \"0.129\"")).jsonPath())
        .isEqualTo("$.reviewed.lift");
    assertThat(malformed(approvedText().replace("\"rows\": 50000", "\"rows\": 5.5")).problem())
        .contains("expected a whole number, found number 5.5");
    assertThat(malformed(approvedText().replace("\"noTargetDerivedFeatures\": true",
        "\"noTargetDerivedFeatures\": \"yes\"")).jsonPath()).isEqualTo("$.checklist.noTargetDerivedFeatures");
    assertThat(malformed(approvedText().replace("0.118,", "\"a\",")).jsonPath()).isEqualTo("$.reviewed.liftCi[0]");
  }

  @Test
  void badDatesDecisionsAndSchemasAreNamed() {
    assertThat(malformed(approvedText().replace("2027-02-28", "28/02/2027")).problem())
        .contains("'28/02/2027' is not an ISO date");
    assertThat(malformed(approvedText().replace("\"approved\"", "\"approve\"")).problem())
        .contains("'approve' is not a decision: write \"approved\" or \"rejected\"");
    assertThat(malformed(approvedText().replace("\"schema\": 1", "\"schema\": 2")).jsonPath()).isEqualTo("$.schema");
  }

  @Test
  void duplicateKeysAreRejected() {
    MalformedSignOffException e = malformed(approvedText().replace("\"schema\": 1,", "\"schema\": 1, \"schema\": 1,"));
    assertThat(e.problem()).contains("Duplicate field 'schema'");
  }

  @Test
  void waiversNeedFeatureAndReason() {
    assertThat(malformed(approvedText().replace("\"reason\": \"knownAt is the warehouse load time, a day after the "
        + "event\"", "\"reason\": \"\"")).jsonPath()).isEqualTo("$.pointInTimeWaivers[0].reason");
  }

  @Test
  void aNonObjectIsRejected() {
    assertThat(malformed("[1, 2]").problem()).contains("expected an object, found array");
  }
}
