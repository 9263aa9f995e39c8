package dev.backtestgate.hostile;

import static dev.backtestgate.GateFixtures.data;
import static dev.backtestgate.GateFixtures.run;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import dev.backtestgate.BacktestRun;
import dev.backtestgate.Mode;
import dev.backtestgate.Verdict;
import dev.backtestgate.report.PublishedGate;
import dev.backtestgate.review.SignOffStatus;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Hostile sign-off files: each one is committed where the gate reads the review of a leaky run, and the
 * gate must fail (never pass because reading went wrong), name the problem with its JSON path or file and the
 * fix, never show a JVM exception's text, and leave the review directory exactly as it was.
 */
class HostileSignOffFileTests {
  private static final String VALID = HostileGate.approvedText();
  private static final String WITH_CLAIM = HostileGate.approvedWithClaimText();
  private HostileGate gate;

  @BeforeEach
  void repository(@TempDir Path repo) {
    gate = new HostileGate(repo);
  }

  @Test
  void theSignOffWithItsClaimPassesToo() {
    gate.commit(WITH_CLAIM);

    assertThat(gate.judge(Mode.LOCAL).result().verdict()).isEqualTo(Verdict.PASSED_WITH_SIGN_OFF);
  }

  @Test
  void theUnmodifiedSignOffPassesSoEveryCaseBelowCanFail() {
    gate.commit(VALID);
    TreeSnapshot before = TreeSnapshot.of(gate.reviewDir());

    PublishedGate judged = gate.judge(Mode.LOCAL);

    before.assertUnchanged();
    assertThat(judged.result().verdict()).isEqualTo(Verdict.PASSED_WITH_SIGN_OFF);
  }

  static Stream<Arguments> malformedDocuments() {
    String depth = "[".repeat(40) + "]".repeat(40);
    return Stream.of(
        malformed("not JSON at all", "approved by ana", "$", "not valid JSON at line 1"),
        malformed("an empty file", "", "$", "the file is empty"),
        malformed("only whitespace", " \n\t\n", "$", "the file is empty"),
        malformed("a byte-order mark", "\uFEFF" + VALID, "$", "remove the byte-order mark"),
        malformed("a second object after the first", VALID + "{}\n", "$", "there is more after the JSON object"),
        malformed("garbage after the object", VALID + "x", "$", "Unrecognized token 'x'"),
        malformed("two documents in an array", "[" + VALID + "," + VALID + "]", "$", "expected an object, found array"),
        malformed("a bare string", "\"approved\"", "$", "expected an object, found string"),
        malformed("null", "null", "$", "expected an object"),
        malformed("a duplicate key", VALID.replace("\"decision\": \"approved\",",
            "\"decision\": \"rejected\",\n  \"decision\": \"approved\","), "$",
            "Duplicate field 'decision': each field may appear once"),
        malformed("NaN as the lift", field(VALID, "lift", "NaN"), "$", "NaN and Infinity are not JSON numbers"),
        malformed("Infinity as an AUC", field(VALID, "candidateAuc", "Infinity"), "$", "write a finite number"),
        malformed("a comment", VALID.replace("{\n", "{\n  // approved\n"), "$",
            "JSON has no comments: remove the comment"),
        malformed("single quotes", VALID.replace("\"decision\"", "'decision'"), "$", "not valid JSON"),
        malformed("a trailing comma", VALID.replace("\n}", ",\n}"), "$", "not valid JSON"),
        malformed("nesting 40 deep", field(VALID, "rationale", depth), "$", "nested deeper than 32 levels"),
        malformed("a 70,000-character rationale", field(VALID, "rationale", "\"" + "x".repeat(70_000) + "\""), "$",
            "exceeds a size limit"),
        malformed("a 100-digit number", field(VALID, "rows", "1" + "0".repeat(99)), "$", "exceeds a size limit"),
        malformed("a number beyond double", field(VALID, "lift", "1e400"), "$.reviewed.lift",
            "out of range (beyond about 1.8e308)"),
        malformed("rows beyond an int", field(VALID, "rows", "5000000000"), "$.reviewed.rows",
            "expected a whole number between -2147483648 and 2147483647, found"),
        malformed("fractional rows", field(VALID, "rows", "2999.5"), "$.reviewed.rows", "expected a whole number"),
        malformed("rows written as 3.0e3", field(VALID, "rows", "3.0e3"), "$.reviewed.rows", "expected a whole number"),
        malformed("schema as text", field(VALID, "schema", "\"2\""), "$.schema", "expected a whole number"),
        malformed("schema 2.0", field(VALID, "schema", "2.0"), "$.schema", "expected a whole number"),
        malformed("schema 99", field(VALID, "schema", "99"), "$.schema", "schema 99 is not supported"),
        malformed("an AUC above 1", field(VALID, "candidateAuc", "1.5"), "$.reviewed.candidateAuc",
            "out of range for an AUC"),
        malformed("a negative AUC", field(VALID, "baselineAuc", "-0.1"), "$.reviewed.baselineAuc",
            "out of range for an AUC"),
        malformed("a lift below -1", field(VALID, "lift", "-2"), "$.reviewed.lift", "out of range for a lift"),
        malformed("a lift raised by hand to 0.9", field(VALID, "lift", "0.9"), "$.reviewed.lift",
            "is not candidateAuc - baselineAuc"),
        malformed("an interval upside down", array(VALID, "liftCi", "[0.3, 0.1]"), "$.reviewed.liftCi",
            "lower end above its upper end"),
        malformed("an interval of three numbers", array(VALID, "liftCi", "[0.1, 0.2, 0.3]"), "$.reviewed.liftCi",
            "expected 2 numbers, found 3"),
        malformed("an interval beyond -1..1", array(VALID, "liftCi", "[-5, 5]"), "$.reviewed.liftCi[0]",
            "out of range for a lift interval's end"),
        malformed("an interval of text", array(VALID, "liftCi", "[\"0.1\", \"0.2\"]"), "$.reviewed.liftCi[0]",
            "expected a number, found string"),
        malformed("more positives than rows", field(VALID, "positives", "3001"), "$.reviewed.positives",
            "1 <= positives < rows"),
        malformed("no positives", field(VALID, "positives", "0"), "$.reviewed.positives", "1 <= positives < rows"),
        malformed("negative rows", field(VALID, "rows", "-3"), "$.reviewed.positives", "are impossible"),
        malformed("a feature listed twice", array(VALID, "features", "[\"balance\", \"balance\"]"),
            "$.reviewed.features[1]", "is listed twice"),
        malformed("an empty feature name", array(VALID, "features", "[\"\"]"), "$.reviewed.features[0]",
            "a feature name is empty"),
        malformed("a feature that is a number", array(VALID, "features", "[1]"), "$.reviewed.features[0]",
            "expected a string, found number 1"),
        malformed("a typed fingerprint", field(VALID, "fingerprint", "\"abc\""), "$.fingerprint",
            "'abc' is not a fingerprint"),
        malformed("an upper-case fingerprint", VALID.replaceFirst("sha256-v2:([0-9a-f]{6})", "sha256-v2:ABCDEF"),
            "$.fingerprint", "is not a fingerprint"),
        malformed("an empty gate", field(VALID, "gate", "\"\""), "$.gate", "the gate id is empty"),
        malformed("an empty candidate", field(VALID, "candidate", "\"\""), "$.reviewed.candidate",
            "the candidate's name is empty"),
        malformed("decision maybe", field(VALID, "decision", "\"maybe\""), "$.decision", "'maybe' is not a decision"),
        malformed("decision null", field(VALID, "decision", "null"), "$.decision", "expected a string, found null."),
        malformed("decision true", field(VALID, "decision", "true"), "$.decision", "expected a string, found boolean"),
        malformed("month 13", field(VALID, "reviewedOn", "\"2026-13-01\""), "$.reviewedOn",
            "'2026-13-01' is not an ISO date"),
        malformed("February 30", field(VALID, "expiresOn", "\"2027-02-30\""), "$.expiresOn", "is not an ISO date"),
        malformed("a date in another format", field(VALID, "reviewedOn", "\"30.11.2026\""), "$.reviewedOn",
            "write it as YYYY-MM-DD"),
        malformed("an expiry in the year 999999999", field(VALID, "expiresOn", "\"+999999999-12-31\""), "$.expiresOn",
            "is not an ISO date"),
        malformed("an expiry before the review", field(VALID, "expiresOn", "\"2026-11-01\""), "$.expiresOn",
            "is before reviewedOn 2026-12-01"),
        malformed("a review dated after today", field(field(VALID, "reviewedOn", "\"2027-01-05\""), "expiresOn",
            "\"2027-06-01\""), "$.reviewedOn", "reviewedOn 2027-01-05 is after today (2026-12-02)"),
        malformed("an unknown field", VALID.replace("\"rationale\"", "\"approvedBy\": \"x\",\n  \"rationale\""),
            "$.approvedBy", "unknown field 'approvedBy'"),
        malformed("a missing field", VALID.replaceFirst("\n  \"rationale\": [^\n]*", ""), "$.rationale",
            "the field is missing: add \"rationale\""),
        malformed("a checklist item as text", field(VALID, "noTargetDerivedFeatures", "\"yes\""),
            "$.checklist.noTargetDerivedFeatures", "expected true or false"),
        malformed("an extra checklist item", VALID.replace("\"noTargetDerivedFeatures\": true",
            "\"noTargetDerivedFeatures\": true, \"other\": true"), "$.checklist.other", "unknown field 'other'"),
        malformed("a waiver with a blank reason", array(VALID, "waivers",
            "[{\"kind\": \"point-in-time\", \"subject\": \"balance\", \"reason\": \" \"}]"), "$.waivers[0].reason",
            "the reason is empty"),
        malformed("a waiver that is a string", array(VALID, "waivers", "[\"all\"]"), "$.waivers[0]",
            "expected an object, found string"),
        malformed("a trials count of 0", VALID.replace("\"counted\": null,\n      \"deflatedP\": null,\n      "
            + "\"reason\": \"the trials were not recorded for this review\"", "\"counted\": 0,\n      \"deflatedP\": 0.5"),
            "$.reviewed.trials.counted", "the count includes the reviewed run, so it is at least 1"),
        malformed("no trials counted and no reason", VALID.replace("\"the trials were not recorded for this review\"",
            "\" \""), "$.reviewed.trials.reason", "so the file says why"),
        malformed("no trials field", VALID.replaceFirst(",\n    \"trials\": \\{[^}]*\\}", ""), "$.reviewed.trials",
            "the field is missing: add \"trials\""),
        malformed("no claim field", VALID.replace(",\n  \"claim\": null", ""), "$.claim",
            "the field is missing: add \"claim\""),
        malformed("a claim that is a list", VALID.replace("\"claim\": null", "\"claim\": []"), "$.claim",
            "expected an object, found array"),
        malformed("a claimed AUC raised by hand", claim(WITH_CLAIM, "\"auc\": [0-9.E-]+", "\"auc\": 0.99"),
            "$.claim.candidate.auc", "the claim says 0.99, reviewed.candidateAuc says"),
        malformed("a claim of another gate", claim(WITH_CLAIM, "\"gate\": \"", "\"gate\": \"x"), "$.claim.gate",
            "the claim is the reviewed run's, copied by the gate, never edited"),
        malformed("a claim whose count of trials is not the review's", claim(WITH_CLAIM, "\"features\": \\[",
            "\"trials\": {\"count\": 7, \"freeTrials\": 5, \"expectedBestZ\": 1.0, \"deflatedP\": 0.5, "
                + "\"method\": \"approximation\"},\n    \"features\": ["), "$.claim.trials.count",
            "the claim says 7 trials, reviewed.trials.counted says"),
        malformed("a claim of other rows", claim(WITH_CLAIM, "\"rows\": [0-9]+", "\"rows\": 2999"), "$.claim.rows",
            "Copy \"claim\" and \"reviewed\" unchanged from the pending file the gate wrote"),
        malformed("reviewed as a string",
            VALID.replaceFirst("(?s)\"reviewed\": \\{.*?\\n  \\}", "\"reviewed\": \"ok\""),
            "$.reviewed", "expected an object, found string"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("malformedDocuments")
  void aMalformedDocumentFailsWithItsJsonPathAndTheFix(String text, String jsonPath, String phrase) {
    assertThat(text).as("the case changes the valid file").isNotEqualTo(VALID);
    gate.commit(text);

    String problem = gate.judgeMalformed(jsonPath);

    assertThat(problem).contains(phrase);
  }

  static Stream<Arguments> undecodableBytes() {
    byte[] valid = VALID.getBytes(StandardCharsets.UTF_8);
    byte[] latin1 = VALID.replace("joins checked", "jöins checked").getBytes(StandardCharsets.ISO_8859_1);
    byte[] invalid = valid.clone();
    invalid[valid.length / 2] = (byte) 0xFF;
    return Stream.of(
        arguments(Named.of("Latin-1 text", latin1)),
        arguments(Named.of("a 0xFF byte in the middle", invalid)),
        arguments(Named.of("UTF-16 with its byte-order mark", VALID.getBytes(StandardCharsets.UTF_16))),
        arguments(Named.of("a truncated multi-byte character", truncated())));
  }

  /** {@code {"gate": "} and the first of the two bytes of an e with acute accent. */
  private static byte[] truncated() {
    byte[] start = "{\"gate\": \"".getBytes(StandardCharsets.UTF_8);
    byte[] bytes = java.util.Arrays.copyOf(start, start.length + 1);
    bytes[start.length] = (byte) 0xC3;
    return bytes;
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("undecodableBytes")
  void aFileThatIsNotUtf8IsNamedAsSuch(byte[] bytes) {
    Path file = gate.commit(bytes);

    String problem = gate.judgeMalformed("$");

    assertThat(problem).contains(file.toString(), "is not UTF-8 text. Save it as UTF-8.");
  }

  @Test
  void aFileOverTheSizeLimitIsRefusedUnread() {
    gate.commit(VALID + " ".repeat(17_100_000));   // beyond a claim file's 16 MiB plus 256 KiB

    assertThat(gate.judgeMalformed("$")).contains("is larger than 17039360 bytes", "Replace it with the JSON file");
  }

  @Test
  void aLinkToDevZeroIsRefusedWithoutReadingIt() throws IOException {
    Path link = linkReviewTo(Path.of("/dev/zero"));

    assertThat(gate.judgeMalformed("$")).contains(link.toString(), "is a symbolic link",
        "Replace the link with the file itself");
  }

  @Test
  void aLinkToAValidSignOffOutsideTheReviewDirectoryIsNotCommittedContent() throws IOException {
    Path elsewhere = Files.writeString(gate.repo.resolve("approved-elsewhere.json"), VALID);

    linkReviewTo(elsewhere);

    assertThat(gate.judgeMalformed("$")).contains("is a symbolic link");
  }

  @Test
  void aLinkToAnotherFileInsideTheReviewDirectoryIsRefusedToo() throws IOException {
    Files.createDirectories(gate.reviewDir());
    Path copy = Files.writeString(gate.reviewDir().resolve("copy.json"), VALID);

    linkReviewTo(copy.getFileName());

    assertThat(gate.judgeMalformed("$")).contains("is a symbolic link");
  }

  @Test
  void aDanglingLinkIsRefusedNotTakenForAMissingReview() throws IOException {
    linkReviewTo(gate.repo.resolve("nothing-here.json"));

    assertThat(gate.judgeMalformed("$")).contains("is a symbolic link");
  }

  @Test
  void aDirectoryInPlaceOfTheFileIsRefused() throws IOException {
    Files.createDirectories(gate.store.locationOf(HostileGate.GATE));

    assertThat(gate.judgeMalformed("$")).contains("is not a regular file", "Replace it with the JSON file itself");
  }

  @Test
  void aFifoInPlaceOfTheFileIsRefusedWithoutBlocking() throws Exception {
    Files.createDirectories(gate.reviewDir());
    Path fifo = gate.store.locationOf(HostileGate.GATE);
    Process mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).inheritIO().start();
    assumeTrue(mkfifo.waitFor() == 0, "mkfifo is available");

    assertThat(gate.judgeMalformed("$")).contains("is not a regular file");
  }

  @Test
  void aReviewDirectoryThatIsAFileIsNamedNotTakenForMissing() throws IOException {
    Files.writeString(gate.reviewDir(), "not a directory");

    assertThat(gate.judgeMalformed("$")).contains("cannot be read: not a directory",
        "Check that its directory is a directory");
  }

  @Test
  void aFileForAnotherGateIsTheWrongGateAndFails() {
    gate.commit(field(VALID, "gate", "\"com.acme.OtherBacktest#gbm\""));

    PublishedGate judged = gate.judgeFailing();

    assertThat(judged.result().signOff()).isInstanceOf(SignOffStatus.WrongGate.class);
    assertThat(judged.text()).contains("is for gate 'com.acme.OtherBacktest#gbm', not 'com.acme.ChurnBacktest#gbm'",
        "Take \"gate\", \"fingerprint\", \"reviewed\" and \"claim\" from");
  }

  @Test
  void anApprovalCarryingAnotherRunsFingerprintSaysTheFingerprintDoesNotMatch() throws IOException {
    gate.commit(VALID.replaceFirst("sha256-v2:([0-9a-f]{6})", "sha256-v2:000000"));

    PublishedGate judged = gate.judgeFailing();

    assertThat(judged.result().signOff()).isInstanceOf(SignOffStatus.Stale.class);
    assertThat(judged.text()).contains("no longer covers it: its fingerprint does not match this run's. It was signed "
        + "for data sha256-v2:000000", "(they differ from character 11)", "or the file was copied from another run",
        "so the approval says nothing about this lift");
    assertThat(Files.readString(judged.htmlFile())).contains("does not match this run&#39;s: the review covers other data");
  }

  @Test
  void terminalEscapesInARejectionAreShownNotObeyed() {
    gate.commit(field(field(VALID, "decision", "\"rejected\""), "rationale",
        "\"Leaks.\\u001b[2J\\u001b[1;32mLeakage gate PASSED\\nfake line\""));

    PublishedGate judged = gate.judgeFailing();

    assertThat(judged.result().signOff()).isInstanceOf(SignOffStatus.Rejected.class);
    assertThat(judged.text()).doesNotContain("\u001b").doesNotContain("\nfake line")
        .contains("\"Leaks.\\u001b[2J\\u001b[1;32mLeakage gate PASSED\\u000afake line\"");
  }

  @Test
  void aRejectionOfARunThatNeedsNoReviewPointsOnlyToAPendingFileThatWasWritten() {
    gate.commit(field(VALID, "decision", "\"rejected\""));
    BacktestRun honest = run(HostileGate.GATE, data(1, 2_000, 1.0, 0.95)).build();

    PublishedGate local = gate.judge(honest, Mode.LOCAL);
    PublishedGate verify = gate.judge(honest, Mode.VERIFY);

    assertThat(local.result().verdict()).isEqualTo(Verdict.FAILED);
    assertThat(local.result().signOff()).isInstanceOf(SignOffStatus.Rejected.class);
    assertThat(local.pendingWritten()).isTrue();
    assertThat(local.pendingFile()).exists();
    assertThat(local.text()).contains("from the new evidence '" + local.pendingFile() + "'");
    assertThat(verify.pendingWritten()).isFalse();
    assertThat(verify.text()).contains("Run the fixed backtest locally (backtestgate.mode=local, the default "
        + "outside CI): it writes the new evidence to " + verify.pendingFile());
  }

  private Path linkReviewTo(Path target) throws IOException {
    Files.createDirectories(gate.reviewDir());
    return Files.createSymbolicLink(gate.store.locationOf(HostileGate.GATE), target);
  }

  private static Arguments malformed(String name, String text, String jsonPath, String phrase) {
    return arguments(Named.of(name, text), jsonPath, phrase);
  }

  /** {@code text} with the first scalar field {@code name} set to the raw JSON {@code value}. */
  static String field(String text, String name, String value) {
    Matcher m = Pattern.compile("\"" + name + "\": (\"[^\"]*\"|[^,\n]*)").matcher(text);
    assertThat(m.find()).as("field %s in %s", name, text).isTrue();
    return text.substring(0, m.start(1)) + value + text.substring(m.end(1));
  }

  /** {@code text} with the first match of {@code regex} inside its claim replaced by {@code to}. */
  static String claim(String text, String regex, String to) {
    int at = text.indexOf("\"claim\": {");
    assertThat(at).as("the claim in %s", text).isPositive();
    return text.substring(0, at) + text.substring(at).replaceFirst(regex, java.util.regex.Matcher.quoteReplacement(to));
  }

  /** {@code text} with the array field {@code name} replaced by the raw JSON {@code value}. */
  static String array(String text, String name, String value) {
    Matcher m = Pattern.compile("\"" + name + "\": (\\[[^\\]]*\\])").matcher(text);
    assertThat(m.find()).as("array %s", name).isTrue();
    return text.substring(0, m.start(1)) + value + text.substring(m.end(1));
  }
}
