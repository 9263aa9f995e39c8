package dev.backtestgate.cli.workflow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectMethod;

import dev.backtestgate.cli.workflow.fixtures.DirectFixture;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.LocalDate;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Events;

/**
 * The reviewer's goals given hostile or careless parameters and files: globs that match nothing, waiver items that
 * are not waivers, impossible dates, attestations in the wrong case, a pending file that is a link, truncated or of
 * another gate's data, a review file that is a link. Every refusal names the problem and writes nothing: the review
 * directory is never created.
 */
class HostileReviewGoalTests {
  private static final String GATE = "dev.backtestgate.cli.workflow.fixtures.DirectFixture#gbm";
  private static final LocalDate TODAY = LocalDate.now(Clock.systemUTC());

  @TempDir
  Path module;
  Path reports;
  Path reviews;
  ReviewActions actions;

  @BeforeEach
  void failingGateInLocalMode() {
    reports = module.resolve("target/backtest-gate");
    reviews = module.resolve("leakage-reviews");
    Events run = EngineTestKit.engine("junit-jupiter")
        .selectors(selectMethod(DirectFixture.class, "gbm", "dev.backtestgate.junit.Backtest"))
        .configurationParameter("backtestgate.report-dir", reports.toString())
        .configurationParameter("backtestgate.review-dir", reviews.toString())
        .configurationParameter("backtestgate.mode", "local")
        .execute().testEvents();
    // Every test here starts from the pending sign-off the failing gate writes; a gate that could not run (a
    // system property in the gate's namespace that is no key, say) writes none, so say why rather than fail later.
    assertThat(reports.resolve("pending").resolve(GATE + ".json"))
        .as("the fixture's pending sign-off; the fixture's failures: %s", run.failed().stream()
            .map(e -> e.getPayload(TestExecutionResult.class).flatMap(TestExecutionResult::getThrowable)
                .map(Throwable::getMessage).orElse("?"))
            .toList())
        .isRegularFile();
    actions = new ReviewActions(module, module, reports, reviews, TODAY);
  }

  private void refused(ReviewActions.Request request, String... phrases) {
    assertThatThrownBy(() -> actions.decide(request, true)).isInstanceOf(Refusal.class)
        .hasMessageContainingAll(phrases);
    assertThat(reviews).doesNotExist();
  }

  private static ReviewActions.Request request(String gate, String attest, String expires, String waive) {
    return new ReviewActions.Request(gate, "ana@example.com", "real", attest, expires, false, waive);
  }

  @ParameterizedTest(name = "-Dgate={0}")
  @CsvSource({"'nope#*'", "'dev.backtestgate.cli.workflow.fixtures.DirectFixture#GBM'", "'?'",
      "'dev.backtestgate.cli.workflow.fixtures.DirectFixture#gbm '' && rm -rf . #'", "'.*'"})
  void aGateThatMatchesNoPendingSignOffIsRefusedListingThePendingGates(String gate) {
    refused(request(gate, "all", null, null), "sign-off refused: no pending sign-off under", "Pending gates: " + GATE);
  }

  @ParameterizedTest(name = "-Dwaive={0}")
  @CsvSource(delimiter = '|', textBlock = """
      =no subject                    | -Dwaive item '=no subject' is not kind:subject=reason.
      region=                        | -Dwaive item 'region=' is not kind:subject=reason.
      region                         | -Dwaive item 'region' is not kind:subject=reason.
      '   =x'                        | is not kind:subject=reason.
      point-in-time:region=load time | -Dwaive item 'point-in-time:region=load time' waives no finding of this run
      no-such-kind:region=load time  | -Dwaive item 'no-such-kind:region=load time' names 'no-such-kind', which is not a kind of finding.
      ghost=load time                | -Dwaive item 'ghost=load time' waives no finding of this run: 'ghost' is not the subject of a waivable finding (nor a kind
      point-in-time:=load time       | -Dwaive item 'point-in-time:=load time' waives no finding of this run: its subject (after 'point-in-time:') is empty
      lift:gbm=it is real            | -Dwaive item 'lift:gbm=it is real' waives no finding of this run
      REGION=load time               | -Dwaive item 'REGION=load time' waives no finding of this run
      """)
  void aWaiverItemThatIsNotAWaiverOfThisRunIsRefused(String waive, String message) {
    refused(request(GATE, "all", null, waive), message);
  }

  @ParameterizedTest(name = "-Dexpires={0}")
  @CsvSource(delimiter = '|', textBlock = """
      2026-02-30 | is neither a date nor a number of days
      tomorrow   | is neither a date nor a number of days
      +99999d    | is neither a date nor a number of days
      -1d        | is neither a date nor a number of days
      +1w        | is neither a date nor a number of days
      1999-12-31 | before today
      """)
  void anImpossibleExpiryIsRefused(String expires, String message) {
    refused(request(GATE, "all", expires, null), "-Dexpires=" + expires, message);
  }

  @ParameterizedTest(name = "-Dattest={0}")
  @CsvSource(delimiter = '|', textBlock = """
      ALL                                 | -Dattest names unknown checklist items: ALL.
      all;                                | -Dattest names unknown checklist items: all;.
      'featuresknownatdecisiontime'       | -Dattest names unknown checklist items: featuresknownatdecisiontime.
      ',,'                                | An approval attests every checklist item; not attested: preprocessingFitOnTrainingDataOnly
      """)
  void anAttestationInAnotherSpellingIsRefused(String attest, String message) {
    refused(request(GATE, attest, null, null), message);
  }

  @Test
  void aPendingFileThatIsALinkIsNotRead() throws IOException {
    Path pending = reports.resolve("pending").resolve(GATE + ".json");
    Path elsewhere = Files.move(pending, module.resolve("elsewhere.json"));
    Files.createSymbolicLink(pending, elsewhere);

    refused(request(GATE, "all", null, null), "sign-off refused: no pending sign-off",
        "No readable ones", "Unreadable: " + pending, "is not a regular file (a link or a directory)");
  }

  @Test
  void aTruncatedPendingFileIsRefusedAsUnreadable() throws IOException {
    Path pending = reports.resolve("pending").resolve(GATE + ".json");
    String text = Files.readString(pending);
    Files.writeString(pending, text.substring(0, text.length() / 2));

    refused(request(GATE, "all", null, null), "sign-off refused: no pending sign-off", "No readable ones",
        "Unreadable: " + pending);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', textBlock = """
      a claim edited where the file does not check it | "confidence": 0.95       | "confidence": 0.9          | the pending file's claim differs from the latest report's at $.claim.lift.confidence (pending 0.9, report 0.95): a sign-off embeds the claim of the run it covers, unchanged.
      a claim that breaks the claim's own rules       | "interval": "paired-delong" | "interval": "bootstrap" | the pending file's claim breaks the claim's rules at $.claim.lift.interval: 'bootstrap' is not an interval
      a claim removed                                 | "claim": {               | "claim": null             | the pending file embeds no claim, but the latest report
      """)
  void aPendingFileWhoseClaimIsNotTheReportsIsRefusedNamingTheField(String what, String from, String to, String phrase)
      throws IOException {
    Path pending = reports.resolve("pending").resolve(GATE + ".json");
    String text = Files.readString(pending);
    assertThat(text).as(what).contains(from);
    String edited = to.equals("\"claim\": null")   // the claim is the file's last field: cut it off whole
        ? text.substring(0, text.indexOf(from)) + to + "\n}\n" : text.replace(from, to);
    Files.writeString(pending, edited);

    refused(request(GATE, "all", null, null), GATE + ": " + phrase);
  }

  @Test
  void aPendingFileOfOtherDataIsRefused() throws IOException {
    Path pending = reports.resolve("pending").resolve(GATE + ".json");
    Files.writeString(pending, Files.readString(pending).replaceAll("\"fingerprint\": \"[^\"]*\"",
        "\"fingerprint\": \"sha256-v2:" + "0".repeat(64) + "\""));   // the file's and its claim's

    refused(request(GATE, "all", null, null), GATE + ": the pending file's fingerprint sha256-v2:" + "0".repeat(64)
        + " differs from the latest report's");
  }

  @Test
  void aReviewFileThatIsALinkIsNeverWrittenThrough() throws IOException {
    Path target = module.resolve("elsewhere.json");
    Files.writeString(target, "{}");
    Files.createDirectories(reviews);
    Files.createSymbolicLink(reviews.resolve(GATE + ".json"), target);

    assertThatThrownBy(() -> actions.decide(new ReviewActions.Request(GATE, "ana", "real", "all", null, true), true))
        .hasMessageContaining("is a link; a review is committed content. Remove the link.");
    assertThat(Files.readString(target)).isEqualTo("{}");
  }

  @Test
  void aRejectionThatWaivesIsRefused() {
    assertThatThrownBy(() -> actions.decide(request(GATE, null, null, "region=x"), false))
        .hasMessageStartingWith("-Dwaive with reject: a rejection waives nothing.");
    assertThat(reviews).doesNotExist();
  }

  @Test
  void renewWithoutAReviewIsRefused() {
    assertThatThrownBy(() -> actions.renew(new ReviewActions.Request(GATE, "bo", null, "all", null, false)))
        .hasMessageStartingWith("renew refused: no review under " + reviews + " is for a gate matching '" + GATE
            + "'.");
    assertThat(reviews).doesNotExist();
  }

  @Test
  void acceptHistoryWithoutAProposalIsRefused() {
    assertThatThrownBy(() -> actions.acceptHistory(new HistoryChange.Request("*", null, "ana", "DATA-1", "fix", "true", null)))
        .hasMessageStartingWith("accept-history refused: no proposed history manifest under ");
    assertThat(reviews).doesNotExist();
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', textBlock = """
      a reviewer with a line break     | bo\\nforged     | real                  | -Dreviewer=<who reviewed, e.g. ana@example.com> (without control characters or line breaks: got U+000A at character 3)
      a reviewer with an escape        | bo\\u001b[2Jx   | real                  | (without control characters or line breaks: got U+001B at character 3)
      a rationale with a bidi override | ana            | it is real\\u202e kaelt | -Drationale=<why the lift is real and not a leak> (without bidirectional overrides: got U+202E at character 11)
      a rationale with a carriage return | ana          | real\\rforged          | (without control characters other than line breaks: got U+000D at character 5)
      """)
  void aValueThatCouldForgeWhatAReviewerReadsIsRefused(String what, String reviewer, String rationale, String message) {
    ReviewActions.Request request = new ReviewActions.Request(GATE, unescape(reviewer), unescape(rationale), "all",
        null, false, null);
    refused(request, "sign-off needs", message);
  }

  @Test
  void aRenewOrAnAcceptedHistoryWithAForgedLineIsRefused() {
    assertThatThrownBy(() -> actions.renew(new ReviewActions.Request(GATE, "bo\nforged", null, "all", null, false)))
        .hasMessageContaining("-Dreviewer=<who renews the review> (without control characters or line breaks: got "
            + "U+000A at character 3)");
    assertThat(HistoryChange.problems(new HistoryChange.Request("*", null, "bo\nforged", "DATA-1\nforged", "a\nb",
        "true", null))).containsExactly(
            "-Dreviewer=<who reviewed the new history> (without control characters or line breaks: got U+000A at "
                + "character 3)",
            "-Dticket=<the change ticket, e.g. DATA-1234> (without control characters or line breaks: got U+000A at "
                + "character 7)");
    assertThat(HistoryChange.problems(new HistoryChange.Request("*", null, "ana", "DATA-1", "fix \u2066x", "true",
        null))).containsExactly("-Dreason=<why the history was rewritten> (without bidirectional overrides: got "
            + "U+2066 at character 5)");
    assertThat(reviews).doesNotExist();
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
      a ticket that climbs out      | ../../x          | '/' and '..'
      a ticket that is a path       | ops/DATA-1       | '/'
      a Windows path                | ops\\DATA-1       | '\\'
      a ticket of dots              | ..               | '..'
      """)
  void aTicketThatLooksLikeAPathIsRefused(String what, String ticket, String held) {
    assertThat(HistoryChange.problems(new HistoryChange.Request("*", null, "ana", ticket, "fix", "true", null)))
        .containsExactly("-Dticket=<the change ticket, e.g. DATA-1234> (a ticket is an id, not a path: '" + ticket
            + "' holds " + held + "; give the id as the tracker shows it)");
    assertThat(HistoryChange.problems(new HistoryChange.Request("*", null, "ana", "DATA-1.2_b", "fix", "true",
        null))).isEmpty();
    assertThat(reviews).doesNotExist();
  }

  /** A CSV cell with \\n, \\r and \\uXXXX escapes turned into the characters. */
  private static String unescape(String cell) {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < cell.length(); i++) {
      char c = cell.charAt(i);
      if (c == '\\' && i + 1 < cell.length()) {
        char next = cell.charAt(i + 1);
        if (next == 'n' || next == 'r') {
          out.append(next == 'n' ? '\n' : '\r');
          i++;
          continue;
        }
        if (next == 'u') {
          out.append((char) Integer.parseInt(cell.substring(i + 2, i + 6), 16));
          i += 5;
          continue;
        }
      }
      out.append(c);
    }
    return out.toString();
  }
}
