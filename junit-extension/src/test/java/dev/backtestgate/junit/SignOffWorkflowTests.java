package dev.backtestgate.junit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.backtestgate.review.Decision;
import dev.backtestgate.review.ReviewStore;
import dev.backtestgate.review.SignOff;
import dev.backtestgate.review.SignOffJson;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The sign-off workflow as a person follows it: the failure's printed command is run by a real shell
 * ({@code /bin/sh -c}), the reviewer fills in the fields, and the same run passes. Gate ids with {@code $}
 * (nested classes) and {@code [n]} (parameterized tests), and review directories that do not exist yet or have
 * a space and a quote in their path, all work as printed. Renewing an expired review takes only new dates.
 */
class SignOffWorkflowTests {
  private static final Pattern COPY_COMMAND = Pattern.compile("(?m)^  \\d+\\. (mkdir -p .+)$");
  private GateKit kit;
  private Path temp;

  @BeforeEach
  void kit(@TempDir Path temp) {
    this.temp = temp;
    kit = new GateKit(temp);
  }

  @Test
  void aNestedClassIdWithDollarSignsFollowsThePrintedCommands() throws Exception {
    String gate = NestedTestCases.Inner.class.getName() + "#method";
    assertThat(gate).contains("$NestedTestCases$Inner#method");

    followTheWorkflow(NestedTestCases.class, gate, kit.reviewDir());
  }

  @Test
  void aParameterizedIdWithBracketsFollowsThePrintedCommands() throws Exception {
    followTheWorkflow(ParameterizedTestCases.class, ParameterizedTestCases.class.getName() + "#method[1]",
        kit.reviewDir());
  }

  @Test
  void aReviewDirectoryWithASpaceAndAQuoteInItsPathIsCreatedByThePrintedCommand() throws Exception {
    Path reviews = temp.resolve("team's reviews/leakage reviews");
    kit.with(BacktestGateConfig.REVIEW_DIR, reviews.toString());

    followTheWorkflow(NestedTestCases.class, NestedTestCases.Inner.class.getName() + "#method", reviews);

    assertThat(reviews).isDirectory();
  }

  /**
   * Fails once with no review directory at all, runs the printed command in a shell, checks it created the
   * directory and copied the pending file exactly, fills in the reviewer's part, and passes the same run.
   */
  private void followTheWorkflow(Class<?> fixture, String gate, Path reviewDir) throws Exception {
    assertThat(reviewDir).doesNotExist();
    GateKit.Outcome first = kit.run(fixture);
    String text = first.onlyFailure().getMessage();
    Path review = ReviewStore.directory(reviewDir).locationOf(gate);
    assertThat(review.getParent()).doesNotExist();

    Matcher command = COPY_COMMAND.matcher(text);
    assertThat(command.find()).as("a mkdir/cp command in:%n%s", text).isTrue();
    assertThat(shell(command.group(1))).isZero();

    assertThat(review).hasSameBinaryContentAs(kit.pending(gate));
    SignOff pending = SignOffJson.parse(GateKit.read(review), review);
    assertThat(pending.decision()).isEqualTo(Decision.UNDECIDED);
    assertThat(text).contains("In " + review + " set \"decision\" (approved or rejected), \"reviewer\", "
        + "\"reviewedOn\" (today, YYYY-MM-DD), \"expiresOn\"", "\"rationale\"", "preprocessingFitOnTrainingDataOnly",
        "testPeriodAfterTrainingLabelsResolved");

    Files.writeString(review, SignOffJson.write(SignOffs.approved(pending)), StandardCharsets.UTF_8);

    kit.run(fixture).assertPassed(1);
  }

  private static int shell(String command) throws IOException, InterruptedException {
    Process process = new ProcessBuilder("/bin/sh", "-c", command).redirectErrorStream(true).start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("the shell finished").isTrue();
    assertThat(output).as("what the shell printed for %s", command).isEmpty();
    return process.exitValue();
  }

  @Test
  void renewingAnExpiredReviewWithTheSameDataTakesOnlyNewDates() throws IOException {
    String gate = NestedTestCases.Inner.class.getName() + "#method";
    kit.run(NestedTestCases.class).onlyFailure();
    SignOff pending = SignOffs.pending(kit.pending(gate));
    SignOff expired = SignOffs.decided(pending, Decision.APPROVED, "Bureau data explains the lift.",
        SignOffs.today().minusDays(1), List.of());
    SignOffs.commit(kit, expired);
    String before = GateKit.read(kit.review(gate));

    Throwable failure = kit.run(NestedTestCases.class).onlyFailure();

    assertThat(failure).hasMessageContaining("expired on " + SignOffs.today().minusDays(1) + " (today is "
        + SignOffs.today() + "). To renew it:")
        .hasMessageContaining("The data is unchanged since the review, so renewing takes only new dates: in "
            + kit.review(gate) + " set \"reviewedOn\" to today and \"expiresOn\" to a new date, and attest the "
            + "checklist again; commit it.");
    String renewed = before
        .replace("\"reviewedOn\": \"" + expired.reviewedOn() + "\"", "\"reviewedOn\": \"" + SignOffs.today() + "\"")
        .replace("\"expiresOn\": \"" + expired.expiresOn() + "\"",
            "\"expiresOn\": \"" + SignOffs.today().plusDays(90) + "\"");
    assertThat(changedLines(before, renewed)).as("the lines a renewal changes").hasSize(2)
        .allMatch(line -> line.contains("\"reviewedOn\"") || line.contains("\"expiresOn\""));
    Files.writeString(kit.review(gate), renewed, StandardCharsets.UTF_8);

    kit.run(NestedTestCases.class).assertPassed(1);
  }

  @Test
  void fixtureRunsSeeTheFixedClockNeverTheWallClock() {
    String gate = NestedTestCases.Inner.class.getName() + "#method";

    kit.run(NestedTestCases.class).onlyFailure();

    assertThat(kit.reportJson(gate).get("evaluatedOn").asText()).isEqualTo(FixedClock.TODAY.toString());
  }

  private static List<String> changedLines(String before, String after) {
    List<String> a = before.lines().toList();
    List<String> b = after.lines().toList();
    assertThat(b).hasSameSizeAs(a);
    return java.util.stream.IntStream.range(0, a.size()).filter(i -> !a.get(i).equals(b.get(i)))
        .mapToObj(b::get).toList();
  }

  static class NestedTestCases {
    @Nested
    class Inner {
      @Test
      @LeakageGated
      void method(Backtest backtest) {
        Samples.LEAKY.recordInto(backtest);
      }
    }
  }

  static class ParameterizedTestCases {
    @ParameterizedTest
    @ValueSource(ints = 1)
    @LeakageGated
    void method(int variant, Backtest backtest) {
      Samples.LEAKY.recordInto(backtest);
    }
  }
}
