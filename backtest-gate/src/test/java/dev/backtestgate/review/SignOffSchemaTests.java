package dev.backtestgate.review;

import static dev.backtestgate.SchemaAssertions.SIGN_OFF;
import static dev.backtestgate.SchemaAssertions.assertInvalid;
import static dev.backtestgate.SchemaAssertions.assertValid;
import static org.assertj.core.api.Assertions.assertThat;

import dev.backtestgate.SchemaAssertions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** docs/schemas/sign-off.schema.json accepts every sign-off the code writes or the repository commits, and rejects broken ones. */
class SignOffSchemaTests {

  @Test
  void aSignOffWrittenByTheCodeIsValid() {
    assertValid(SIGN_OFF, SignOffFixtures.approvedText());
  }

  @Test
  void aPendingSignOffIsValid() {
    SignOff a = SignOffFixtures.approved();
    SignOff pending = new SignOff(a.schema(), a.gate(), a.fingerprint(), a.reviewed(), Decision.UNDECIDED, "", null,
        null, "", SignOff.Checklist.unchecked(), List.of());

    assertValid(SIGN_OFF, SignOffJson.write(pending));
  }

  @Test
  void everyCommittedSignOffIsValid() throws IOException {
    List<Path> committed = new ArrayList<>();
    for (String dir : List.of("examples/leakage-reviews",
        "junit-extension/src/it/churn-backtest-signed-off/leakage-reviews")) {
      try (Stream<Path> files = Files.list(SchemaAssertions.repository().resolve(dir))) {
        files.filter(f -> f.toString().endsWith(".json")).forEach(committed::add);
      }
    }

    assertThat(committed).hasSizeGreaterThanOrEqualTo(2);
    for (Path file : committed) {
      String text = SchemaAssertions.read(file);
      assertValid(SIGN_OFF, text);
      SignOff read = SignOffJson.parse(text, file);
      assertThat(read.gate()).as("the gate reads %s too", file).isNotBlank();
      assertThat(SignOffJson.write(read)).as("%s is in the canonical form, its claim included", file).isEqualTo(text);
      if (read.claim() != null) {
        assertThat(dev.backtestgate.claim.ClaimJson.parse(read.claim(), file.toString()).fingerprint())
            .isEqualTo(read.fingerprint());
      }
    }
  }

  @Test
  void theDocumentedExamplesAreValid() {
    String doc = SchemaAssertions.read(SchemaAssertions.docs().resolve("sign-off-format.md"));
    Matcher blocks = Pattern.compile("```json\n(\\{\n.*?\n})\n```", Pattern.DOTALL).matcher(doc);
    int complete = 0;
    while (blocks.find()) {
      assertValid(SIGN_OFF, blocks.group(1));
      SignOff example = SignOffJson.parse(blocks.group(1), Path.of("sign-off-format.md"));   // the reader agrees
      if (example.claim() != null) {   // and the claim it embeds is one the claim's own rules read
        assertThat(dev.backtestgate.claim.ClaimJson.parse(example.claim(), "sign-off-format.md").gate())
            .isEqualTo(example.gate());
      }
      complete++;
    }
    assertThat(complete).as("complete examples in docs/sign-off-format.md").isPositive();
  }

  @Test
  void waiversGoByKindAndSubjectAndThePreReleaseListIsRefused() {
    String waivers = "\"waivers\": [{\"kind\": \"point-in-time\", \"subject\": \"status\", \"reason\": \"load time\"},"
        + " {\"kind\": \"label-horizon\", \"subject\": \"\", \"reason\": \"labels resolve at month end\"}]";

    assertValid(SIGN_OFF, schema2(waivers));
    assertValid(SIGN_OFF, schema2("\"waivers\": []"));
    assertInvalid(SIGN_OFF, schema2(waivers + ", \"pointInTimeWaivers\": [{\"feature\": \"status\", \"reason\": \"x\"}]"));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', textBlock = """
      an unknown top-level field       | "rationale": "New                        | "approvedBy": "x", "rationale": "New
      a missing field                  | "reviewer": "ana@acme.com",              | ''
      a fingerprint without its prefix | "sha256-v2:abab                          | "abab
      an upper-case fingerprint        | "sha256-v2:abab                          | "sha256-v2:ABAB
      an unknown fingerprint version   | "sha256-v2:abab                          | "sha256-v3:abab
      a pre-release fingerprint        | "sha256-v2:abab                          | "sha256:abab
      an impossible date               | "2027-02-28"                             | "2027-02-30"
      a date in another format         | "2026-11-30"                             | "30.11.2026"
      an unknown decision              | "approved"                               | "maybe"
      an unsupported schema            | "schema": 2                              | "schema": 3
      schema 2 with the schema-1 list  | "waivers": [                             | "pointInTimeWaivers": [], "waivers": [
      a pre-release schema 1           | "schema": 2                              | "schema": 1
      a lift above 1                   | "lift": 0.129                            | "lift": 1.5
      an AUC below 0                   | "baselineAuc": 0.713                     | "baselineAuc": -0.1
      an interval of three numbers     | 0.14                                     | 0.14, 0.2
      a fractional row count           | "rows": 50000                            | "rows": 50000.5
      no positives                     | "positives": 15000                       | "positives": 0
      a checklist item as text         | "noTargetDerivedFeatures": true          | "noTargetDerivedFeatures": "yes"
      an extra checklist item          | "noTargetDerivedFeatures": true          | "noTargetDerivedFeatures": true, "other": true
      a waiver with a blank reason     | "reason": "knownAt is the warehouse load time, a day after the event" | "reason": "  "
      a waiver without its subject     | "subject": "status",                     | ''
      """)
  void aBrokenFileIsRejected(String what, String replaced, String by) {
    String valid = SignOffFixtures.approvedText();
    assertThat(valid).contains(replaced);

    List<String> problems = assertInvalid(SIGN_OFF, valid.replace(replaced, by == null ? "" : by));

    assertThat(problems).as(what).isNotEmpty();
  }

  @Test
  void kindsAreLowerCaseWordsJoinedByHyphens() {
    for (String kind : List.of("PointInTime", "point_in_time", "-lift", "lift-", "point--in-time", "")) {
      assertInvalid(SIGN_OFF, schema2("\"waivers\": [{\"kind\": \"" + kind + "\", \"subject\": \"s\", \"reason\": \"r\"}]"));
    }
    assertInvalid(SIGN_OFF, schema2("\"waivers\": [{\"kind\": \"lift\", \"reason\": \"r\"}]"));
    assertInvalid(SIGN_OFF, schema2("\"waivers\": [{\"kind\": \"lift\", \"subject\": \"\", \"reason\": \"r\", \"x\": 1}]"));
  }

  /** The approved schema-2 fixture with {@code waivers} (a JSON member list) in place of its own. */
  private static String schema2(String waivers) {
    String text = SignOffFixtures.approvedText();
    int at = text.indexOf("\"waivers\"");
    return text.substring(0, at) + waivers + ",\n  \"claim\": null\n}\n";
  }
}
