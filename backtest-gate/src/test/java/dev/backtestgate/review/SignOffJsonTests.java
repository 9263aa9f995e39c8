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
          "schema": 2,
          "gate": "com.acme.ChurnBacktest#gbm",
          "fingerprint": "sha256-v2:abababababababababababababababababababababababababababababababab",
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
            ],
            "trials": {
              "counted": 3,
              "deflatedP": 4.0E-4
            }
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
          "waivers": [
            {
              "kind": "point-in-time",
              "subject": "status",
              "reason": "knownAt is the warehouse load time, a day after the event"
            }
          ],
          "claim": null
        }
        """);
  }

  @Test
  void theClaimAndTheTrialsSurviveAReadAndAWrite() {
    SignOff withClaim = SignOffFixtures.approvedWithClaim();
    String text = SignOffJson.write(withClaim);

    SignOff read = SignOffJson.parse(text, FILE);

    assertThat(read).isEqualTo(withClaim);
    assertThat(SignOffJson.write(read)).isEqualTo(text);
    assertThat(text).contains("\"claim\": {\n    \"schema\": " + dev.backtestgate.claim.Claim.SCHEMA + ",");
    assertThat(read.reviewed().trials()).isEqualTo(SignOff.Trials.counted(3, 0.0004));
  }

  @Test
  void aClaimThatDisagreesWithTheReviewIsRefusedNamingTheField() {
    SignOff signOff = SignOffFixtures.approvedWithClaim();
    String text = SignOffJson.write(signOff);
    int claim = text.indexOf("\"claim\"");
    String head = text.substring(0, claim);
    String tail = text.substring(claim);

    MalformedSignOffException auc = malformed(head + tail.replaceFirst("\"auc\": [0-9.E-]+", "\"auc\": 0.99"));
    assertThat(auc.jsonPath()).isEqualTo("$.claim.candidate.auc");
    assertThat(auc.problem()).startsWith("the claim says 0.99, reviewed.candidateAuc says "
        + signOff.reviewed().candidateAuc() + ": the claim is the reviewed run's, copied by the gate, never edited.");
    MalformedSignOffException rows = malformed(head + tail.replaceFirst("\"rows\": [0-9]+", "\"rows\": 2999"));
    assertThat(rows.jsonPath()).isEqualTo("$.claim.rows");
    MalformedSignOffException gate = malformed(head + tail.replaceFirst("\"gate\": \"[^\"]*\"",
        "\"gate\": \"com.acme.Other#gbm\""));
    assertThat(gate.jsonPath()).isEqualTo("$.claim.gate");
    assertThat(gate.problem()).contains("the file's \"gate\" says 'com.acme.ChurnBacktest#gbm'");
    assertThat(malformed(text.replace(",\n  \"claim\": {", ",\n  \"claimed\": {")).jsonPath())
        .isEqualTo("$.claimed");
    assertThat(malformed(head + "\"claim\": []\n}\n").jsonPath()).isEqualTo("$.claim");
  }

  @Test
  void trialsThatAreNotACountOrAReasonAreRefusedWithTheirPath() {
    String text = approvedText();
    String counted = "\"counted\": 3,\n      \"deflatedP\": 4.0E-4";

    assertThat(malformed(text.replace(counted, "\"counted\": 0,\n      \"deflatedP\": 0.5")).jsonPath())
        .isEqualTo("$.reviewed.trials.counted");
    assertThat(malformed(text.replace(counted, "\"counted\": 3,\n      \"deflatedP\": 1.5")).jsonPath())
        .isEqualTo("$.reviewed.trials.deflatedP");
    assertThat(malformed(text.replace(counted, "\"counted\": null,\n      \"deflatedP\": null")).jsonPath())
        .isEqualTo("$.reviewed.trials.reason");
    assertThat(malformed(text.replace(counted, "\"counted\": null,\n      \"deflatedP\": 0.2, \"reason\": \"x\""))
        .jsonPath()).isEqualTo("$.reviewed.trials.deflatedP");
    assertThat(malformed(text.replace(counted, counted + ", \"reason\": \"off\"")).jsonPath())
        .isEqualTo("$.reviewed.trials.reason");
    assertThat(SignOffJson.parse(text.replace(counted, "\"counted\": 3,\n      \"deflatedP\": null"), FILE).reviewed()
        .trials()).as("a run whose z is undefined has a count but no deflated p").isEqualTo(
            new SignOff.Trials(3, null, ""));
    SignOff off = SignOffJson.parse(text.replace(counted, "\"counted\": null,\n      \"deflatedP\": null, "
        + "\"reason\": \"the trials ledger was off (backtestgate.ledger=off)\""), FILE);
    assertThat(off.reviewed().trials().reason()).isEqualTo("the trials ledger was off (backtestgate.ledger=off)");
  }

  @Test
  void aFileWrittenByAPreReleaseBuildIsRefusedWithHowToSignItAgain() {
    String schemaOne = approvedText().replace("\"schema\": 2", "\"schema\": 1");
    MalformedSignOffException one = malformed(schemaOne);
    assertThat(one.jsonPath()).isEqualTo("$.schema");
    assertThat(one.problem()).startsWith("this review was written by a pre-release build (sign-off schema 1), which "
        + "this version does not read: sign it again from this run's evidence.")
        .contains("mvn backtest-gate:sign-off -Dgate='com.acme.ChurnBacktest#gbm'", "-Dreplace");
    String versionOne = approvedText().replace("sha256-v2:", "sha256:");
    MalformedSignOffException v1 = malformed(versionOne);
    assertThat(v1.jsonPath()).isEqualTo("$.fingerprint");
    assertThat(v1.problem()).startsWith("this review was written by a pre-release build (fingerprint version 1 "
        + "(sha256:)), which this version does not read");
  }


  @Test
  void implausibleNumbersAndDatesAreRefusedWithTheirPath() {
    assertThat(malformed(approvedText().replace("\"candidateAuc\": 0.842", "\"candidateAuc\": 1.2")).jsonPath())
        .isEqualTo("$.reviewed.candidateAuc");
    assertThat(malformed(approvedText().replace("\"lift\": 0.129", "\"lift\": 1e999")).problem())
        .contains("out of range", "finite");
    assertThat(malformed(approvedText().replace("\"expiresOn\": \"2027-02-28\"", "\"expiresOn\": \"2026-11-01\""))
        .problem()).contains("expiresOn 2026-11-01 is before reviewedOn 2026-11-30");
    assertThat(malformed(approvedText().replace("\"positives\": 15000", "\"positives\": 60000")).jsonPath())
        .isEqualTo("$.reviewed.positives");
    assertThat(malformed(approvedText().replace("0.118,", "0.5,")).jsonPath()).isEqualTo("$.reviewed.liftCi");
    assertThat(malformed(approvedText().replace("\"rows\": 50000", "\"rows\": 5000000000")).problem())
        .contains("expected a whole number between");
  }

  @Test
  void trailingContentByteOrderMarksAndDeepNestingAreNamedPlainly() {
    assertThat(malformed(approvedText() + "{}").problem()).contains("not valid JSON", "nothing after it");
    assertThat(malformed("\uFEFF" + approvedText()).problem()).contains("remove the byte-order mark");
    assertThat(malformed("[".repeat(5000) + "]".repeat(5000)).problem()).contains("size limit", "nesting depth");
    assertThat(malformed("").problem()).contains("the file is empty");
  }

  @Test
  void readsBackWhatItWrites() {
    SignOff read = SignOffJson.parse(approvedText(), FILE);
    assertThat(read).isEqualTo(approved());
    assertThat(SignOffJson.write(read)).isEqualTo(approvedText());
  }

  @Test
  void readsVersion2AndNoOther() {
    assertThat(SignOffJson.parse(approvedText(), FILE).fingerprint()).startsWith("sha256-v2:");
    MalformedSignOffException e = malformed(approvedText().replace("\"sha256-v2:", "\"sha256-v3:"));
    assertThat(e.jsonPath()).isEqualTo("$.fingerprint");
    assertThat(e.problem()).contains("sha256-v2:");
  }

  @Test
  void pendingFormHasEmptyHumanFields() {
    SignOff pending = new SignOff(2, "g", "sha256-v2:" + "00".repeat(32), approved().reviewed(), Decision.UNDECIDED, "", null, null, "",
        SignOff.Checklist.unchecked(), java.util.List.of());
    String text = SignOffJson.write(pending);
    assertThat(text).contains("\"decision\": \"\",", "\"reviewedOn\": \"\",", "\"waivers\": []");
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
        .contains("expected a whole number between", "found number 5.5");
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
    assertThat(malformed(approvedText().replace("\"schema\": 2", "\"schema\": 3")).jsonPath()).isEqualTo("$.schema");
  }

  @Test
  void duplicateKeysAreRejected() {
    MalformedSignOffException e = malformed(approvedText().replace("\"schema\": 2,", "\"schema\": 2, \"schema\": 2,"));
    assertThat(e.problem()).contains("Duplicate field 'schema'");
  }

  @Test
  void waiversNeedFeatureAndReason() {
    assertThat(malformed(approvedText().replace("\"reason\": \"knownAt is the warehouse load time, a day after the "
        + "event\"", "\"reason\": \"\"")).jsonPath()).isEqualTo("$.waivers[0].reason");
  }

  @Test
  void anEmptySubjectWaivesAKindWithoutSubjectButABlankOneIsRejected() {
    String text = approvedText().replace("\"subject\": \"status\"", "\"subject\": \"\"");
    assertThat(SignOffJson.parse(text, FILE).waivers().get(0).covers("point-in-time", ""))
        .isTrue();
    MalformedSignOffException e = malformed(approvedText().replace("\"subject\": \"status\"", "\"subject\": \"  \""));
    assertThat(e.jsonPath()).isEqualTo("$.waivers[0].subject");
    assertThat(e.problem()).contains("write \"\" for a kind without a subject");
  }

  @Test
  void aNonObjectIsRejected() {
    assertThat(malformed("[1, 2]").problem()).contains("expected an object, found array");
  }

  private static SignOff withLiftCarried() {
    SignOff a = approved();
    SignOff.Reviewed r = a.reviewed();
    return new SignOff(a.schema(), a.gate(), a.fingerprint(), new SignOff.Reviewed(r.candidate(), r.baseline(),
        r.candidateAuc(), r.baselineAuc(), r.lift(), r.liftCi(), r.rows(), r.positives(), r.features(),
        java.util.List.of(new SignOff.LiftCarried("status", 0.117, java.util.List.of(0.101, 0.133)),
            new SignOff.LiftCarried("balance", 0.004, java.util.List.of(-0.002, 0.01)))),
        a.decision(), a.reviewer(), a.reviewedOn(), a.expiresOn(), a.rationale(), a.checklist(), a.waivers());
  }

  @Test
  void theLiftEachFeatureCarriesIsWrittenAfterTheFeaturesAndReadBack() {
    String text = SignOffJson.write(withLiftCarried());
    assertThat(text).contains("""
            "features": [
              "balance",
              "status"
            ],
            "liftCarried": [
              {
                "feature": "status",
                "carried": 0.117,
                "carriedCi": [
                  0.101,
                  0.133
                ]
              },
        """);
    assertThat(SignOffJson.parse(text, FILE)).isEqualTo(withLiftCarried());
    assertThat(approvedText()).doesNotContain("liftCarried");
  }

  @Test
  void aLiftCarriedEntryWithAnUnknownFieldOrAnAucOutOfRangeIsRefused() {
    String text = SignOffJson.write(withLiftCarried());
    assertThat(catchThrowableOfType(MalformedSignOffException.class,
        () -> SignOffJson.parse(text.replace("\"carried\": 0.117", "\"carried\": 7"), FILE)))
        .hasMessageContaining("$.reviewed.liftCarried[0].carried");
    assertThat(catchThrowableOfType(MalformedSignOffException.class,
        () -> SignOffJson.parse(text.replace("\"feature\": \"status\"", "\"feature\": \"status\", \"share\": 1"),
            FILE))).hasMessageContaining("share");
  }
}
