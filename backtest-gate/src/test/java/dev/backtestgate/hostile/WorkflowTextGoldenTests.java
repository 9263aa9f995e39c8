package dev.backtestgate.hostile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.backtestgate.Mode;
import dev.backtestgate.Verdict;
import dev.backtestgate.report.PublishedGate;
import dev.backtestgate.review.Decision;
import dev.backtestgate.review.SignOff;
import dev.backtestgate.review.SignOffJson;
import dev.backtestgate.review.SignOffStatus;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The console text of every sign-off situation, byte for byte, against the files under
 * {@code src/test/resources/golden/workflow/} (the temporary repository's path shown as {@code <project>}).
 * A change to any wording shows up here as a diff a reviewer reads. To accept a deliberate change, run with
 * {@code -Dgolden.update=true} and review the diff of the golden files.
 */
class WorkflowTextGoldenTests {
  private static final Path GOLDEN = Path.of(System.getProperty("basedir", "."))
      .resolve("src/test/resources/golden/workflow");
  private static final SignOff APPROVED = HostileGate.approved();

  static Stream<Arguments> situations() {
    return Stream.of(
        situation("no-review-local", Mode.LOCAL, null, SignOffStatus.Missing.class),
        situation("no-review-verify", Mode.VERIFY, null, SignOffStatus.Missing.class),
        situation("stale-local", Mode.LOCAL, s -> with(s, "sha256-v2:" + "0".repeat(64), s.reviewed(), s.decision(),
            s.reviewer(), s.reviewedOn(), s.expiresOn(), s.checklist()), SignOffStatus.Stale.class),
        situation("stale-verify", Mode.VERIFY, s -> with(s, "sha256-v2:" + "0".repeat(64), s.reviewed(), s.decision(),
            s.reviewer(), s.reviewedOn(), s.expiresOn(), s.checklist()), SignOffStatus.Stale.class),
        situation("expired", Mode.LOCAL, s -> with(s, s.fingerprint(), s.reviewed(), s.decision(), s.reviewer(),
            LocalDate.parse("2026-06-01"), LocalDate.parse("2026-11-30"), s.checklist()), SignOffStatus.Expired.class),
        situation("lift-grew", Mode.LOCAL, s -> with(s, s.fingerprint(), lowered(s.reviewed(), 0.05), s.decision(),
            s.reviewer(), s.reviewedOn(), s.expiresOn(), s.checklist()), SignOffStatus.LiftGrew.class),
        situation("undecided", Mode.LOCAL, s -> with(s, s.fingerprint(), s.reviewed(), Decision.UNDECIDED, "", null,
            null, SignOff.Checklist.unchecked()), SignOffStatus.Undecided.class),
        situation("incomplete", Mode.LOCAL, s -> with(s, s.fingerprint(), s.reviewed(), s.decision(), "",
            s.reviewedOn(), s.expiresOn(), new SignOff.Checklist(true, true, false, true, true)),
            SignOffStatus.Incomplete.class),
        situation("wrong-gate", Mode.LOCAL, s -> new SignOff(s.schema(), "com.acme.OtherBacktest#gbm", s.fingerprint(),
            s.reviewed(), s.decision(), s.reviewer(), s.reviewedOn(), s.expiresOn(), s.rationale(), s.checklist(),
            s.waivers()), SignOffStatus.WrongGate.class),
        situation("rejected-local", Mode.LOCAL, WorkflowTextGoldenTests::rejected, SignOffStatus.Rejected.class),
        situation("rejected-verify", Mode.VERIFY, WorkflowTextGoldenTests::rejected, SignOffStatus.Rejected.class),
        Arguments.of("malformed", Mode.LOCAL, HostileGate.approvedText().replace("\"approved\"", "\"maybe\""),
            SignOffStatus.Malformed.class));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("situations")
  void theTextOfEachSituationIsPinned(String name, Mode mode, String committed, Class<?> status,
      @TempDir Path repo) throws IOException {
    HostileGate gate = new HostileGate(repo);
    if (committed != null) {
      gate.commit(committed);
    }
    TreeSnapshot before = TreeSnapshot.of(gate.reviewDir());

    PublishedGate judged = gate.judge(mode);

    before.assertUnchanged();
    assertThat(judged.result().verdict()).isEqualTo(Verdict.FAILED);
    assertThat(judged.result().signOff()).isInstanceOf(status);
    assertThat(judged.pendingWritten()).isEqualTo(mode == Mode.LOCAL);
    if (!judged.pendingWritten()) {
      assertThat(judged.pendingFile()).doesNotExist();
    }
    String text = Messages.assertPlain(judged.text()).replace(repo.toString(), "<project>");
    Path golden = GOLDEN.resolve(name + ".txt");
    if (Boolean.getBoolean("golden.update")) {
      Files.createDirectories(GOLDEN);
      Files.writeString(golden, text, StandardCharsets.UTF_8);
    }
    assertThat(golden).as("golden file (run with -Dgolden.update=true to create it)").exists();
    assertThat(text).isEqualTo(Files.readString(golden, StandardCharsets.UTF_8));
  }

  private static Arguments situation(String name, Mode mode, UnaryOperator<SignOff> change, Class<?> status) {
    return Arguments.of(name, mode, change == null ? null : SignOffJson.write(change.apply(APPROVED)), status);
  }

  private static SignOff rejected(SignOff s) {
    return new SignOff(s.schema(), s.gate(), s.fingerprint(), s.reviewed(), Decision.REJECTED, s.reviewer(),
        s.reviewedOn(), s.expiresOn(), "The bureau score is computed after the decision.", s.checklist(), s.waivers());
  }

  private static SignOff with(SignOff s, String fingerprint, SignOff.Reviewed reviewed, Decision decision,
      String reviewer, LocalDate reviewedOn, LocalDate expiresOn, SignOff.Checklist checklist) {
    return new SignOff(s.schema(), s.gate(), fingerprint, reviewed, decision, reviewer, reviewedOn, expiresOn,
        decision == Decision.UNDECIDED ? "" : s.rationale(), checklist, s.waivers());
  }

  /** The reviewed numbers as if the candidate had been {@code by} worse when it was reviewed. */
  private static SignOff.Reviewed lowered(SignOff.Reviewed r, double by) {
    return new SignOff.Reviewed(r.candidate(), r.baseline(), r.candidateAuc() - by, r.baselineAuc(), r.lift() - by,
        List.of(r.liftCi().get(0) - by, r.liftCi().get(1) - by), r.rows(), r.positives(), r.features());
  }
}
