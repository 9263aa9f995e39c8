package dev.backtestgate.hostile;

import static dev.backtestgate.GateFixtures.CLOCK;
import static dev.backtestgate.GateFixtures.data;
import static dev.backtestgate.GateFixtures.run;
import static org.assertj.core.api.Assertions.assertThat;

import dev.backtestgate.BacktestGate;
import dev.backtestgate.BacktestRun;
import dev.backtestgate.Comparison;
import dev.backtestgate.GatePolicy;
import dev.backtestgate.trials.TrialsSettings;
import dev.backtestgate.GateResult;
import dev.backtestgate.Mode;
import dev.backtestgate.RunSummary;
import dev.backtestgate.Verdict;
import dev.backtestgate.report.Published;
import dev.backtestgate.report.PublishedGate;
import dev.backtestgate.report.ReportFiles;
import dev.backtestgate.review.Decision;
import dev.backtestgate.review.ReviewStore;
import dev.backtestgate.review.SignOff;
import dev.backtestgate.review.SignOffJson;
import dev.backtestgate.review.SignOffStatus;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;

/**
 * A repository layout under a temporary folder ({@code leakage-reviews/}, {@code target/backtest-gate/}) and
 * one leaky run that needs a sign-off, judged by the real gate with the fixed test clock: what every hostile
 * case feeds its input into.
 *
 * <pre>{@code
 * HostileGate gate = new HostileGate(tempDir);
 * gate.commit(HostileGate.approvedText().replace("\"approved\"", "\"maybe\""));
 * PublishedGate judged = gate.judge(Mode.LOCAL);   // FAILED, review dir untouched
 * }</pre>
 */
final class HostileGate {
  static final String GATE = "com.acme.ChurnBacktest#gbm";
  /** Lift about 0.2: far above the limit, so only a sign-off lets it pass. */
  static final BacktestRun LEAKY = run(GATE, data(7, 3_000, 1.8, 0.9)).build();
  private static final GateResult UNREVIEWED =
      BacktestGate.evaluate(LEAKY, GatePolicy.defaults(), ReviewStore.directory(Path.of("no-reviews-here")), CLOCK);

  final Path repo;
  final ReviewStore store;
  final ReportFiles files;

  HostileGate(Path repo) {
    this(repo, repo.resolve("leakage-reviews"), repo.resolve("target/backtest-gate"));
  }

  HostileGate(Path repo, Path reviewDir, Path reportDir) {
    this.repo = repo;
    this.store = ReviewStore.directory(reviewDir);
    this.files = new ReportFiles(reportDir);
  }

  /** The approved, complete sign-off that covers {@link #LEAKY} on the test clock's day. */
  static SignOff approved() {
    Comparison c = UNREVIEWED.comparison();
    RunSummary r = UNREVIEWED.run();
    return new SignOff(SignOff.SCHEMA, GATE, UNREVIEWED.fingerprint(),
        new SignOff.Reviewed(r.candidate(), r.baseline(), c.candidateAuc(), c.baselineAuc(), c.lift(),
            List.of(c.ciLower(), c.ciUpper()), r.rows(), r.positives(), r.features()),
        Decision.APPROVED, "ana@acme.com", LocalDate.parse("2026-12-01"), LocalDate.parse("2027-03-01"),
        "New bureau features explain the lift; joins checked.", new SignOff.Checklist(true, true, true, true, true),
        List.of());
  }

  static String approvedText() {
    return SignOffJson.write(approved());
  }

  /** {@link #approvedText()} embedding the claim of {@link #LEAKY}, as the reviewer commands write it. */
  static String approvedWithClaimText() {
    return SignOffJson.write(approved().withClaim(
        dev.backtestgate.claim.ClaimJson.write(dev.backtestgate.claim.Claim.of(UNREVIEWED, LEAKY))));
  }

  /** The review directory. */
  Path reviewDir() {
    return store.directory();
  }

  /** Writes {@code text} as the committed review of {@link #GATE}. */
  Path commit(String text) {
    return commit(text.getBytes(java.nio.charset.StandardCharsets.UTF_8));
  }

  /** Writes {@code bytes} as the committed review of {@link #GATE}. */
  Path commit(byte[] bytes) {
    try {
      Files.createDirectories(reviewDir());
      return Files.write(store.locationOf(GATE), bytes);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Evaluates {@link #LEAKY} and publishes it in {@code mode}: the whole gate, as a build runs it. */
  PublishedGate judge(Mode mode) {
    return judge(LEAKY, mode);
  }

  PublishedGate judge(BacktestRun run, Mode mode) {
    GateResult result = BacktestGate.evaluate(run, GatePolicy.defaults().with(TrialsSettings.DEFAULTS.withLedger(
        Optional.of(repo.resolve(TrialsSettings.DEFAULT_LEDGER)))), store, CLOCK);   // the ledger in the project
    return Published.publish(run, result, mode, files, store);
  }

  /**
   * Judges {@link #LEAKY} in local mode with the review directory snapshotted around it, and asserts what
   * every hostile sign-off must give: a FAILED verdict, a plain text, and an untouched review directory.
   */
  PublishedGate judgeFailing() {
    TreeSnapshot before = TreeSnapshot.of(reviewDir());
    PublishedGate judged = judge(Mode.LOCAL);
    before.assertUnchanged();
    assertThat(judged.result().verdict()).as("the verdict on a hostile sign-off").isEqualTo(Verdict.FAILED);
    Messages.assertPlain(judged.text());
    return judged;
  }

  /** Like {@link #judgeFailing()}, and the status is a malformed file at {@code jsonPath}; returns its problem. */
  String judgeMalformed(String jsonPath) {
    PublishedGate judged = judgeFailing();
    SignOffStatus status = judged.result().signOff();
    assertThat(status).isInstanceOf(SignOffStatus.Malformed.class);
    SignOffStatus.Malformed malformed = (SignOffStatus.Malformed) status;
    assertThat(malformed.jsonPath()).isEqualTo(jsonPath);
    assertThat(judged.text()).contains("cannot be read: at " + jsonPath + ", ", "An unreadable review covers nothing.");
    return Messages.assertPlain(malformed.problem());
  }
}
