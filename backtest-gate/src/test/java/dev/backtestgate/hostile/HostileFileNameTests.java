package dev.backtestgate.hostile;

import static dev.backtestgate.GateFixtures.data;
import static dev.backtestgate.GateFixtures.run;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.backtestgate.BacktestRun;
import dev.backtestgate.InvalidBacktestRunException;
import dev.backtestgate.Mode;
import dev.backtestgate.Verdict;
import dev.backtestgate.internal.FileNames;
import dev.backtestgate.report.PublishedGate;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Gate ids chosen against the report directory's file names: ids that map to one file, ids that look like
 * the index page or the report directory's own folders, path tricks, device names, unsafe characters and
 * very long ids. Every report lands in its own file directly under the report directory, and no gate's
 * report is ever overwritten by another's.
 */
class HostileFileNameTests {
  private HostileGate gate;

  @BeforeEach
  void repository(@TempDir Path repo) {
    gate = new HostileGate(repo);
  }

  private static BacktestRun leaky(String gateId) {
    return run(gateId, data(7, 600, 1.8, 0.9)).build();
  }

  /** Publishes {@code gateId}'s leaky run and checks where its files went. */
  private PublishedGate publishes(String gateId) {
    TreeSnapshot before = TreeSnapshot.of(gate.reviewDir());
    PublishedGate published = gate.judge(leaky(gateId), Mode.LOCAL);
    before.assertUnchanged();
    assertThat(published.result().verdict()).isEqualTo(Verdict.FAILED);
    Path dir = gate.files.directory();
    assertThat(published.reportFile().getParent()).isEqualTo(dir);
    assertThat(published.htmlFile().getParent()).isEqualTo(dir);
    assertThat(published.pendingFile().getParent()).isEqualTo(dir.resolve("pending"));
    assertThat(published.reportFile().getFileName().toString().getBytes(StandardCharsets.UTF_8).length)
        .isLessThanOrEqualTo(200);
    assertThat(published.reportFile()).content().contains("\"gate\": ");
    assertThat(gate.files.index()).content().startsWith("<!DOCTYPE html>");
    Messages.assertPlain(published.text());
    return published;
  }

  @Test
  void twoIdsThatMapToOneFileFailNamingBothAndTheFirstReportSurvives() throws IOException {
    String spaced = "my gate";
    String lookalike = FileNames.of(spaced).replace(".json", "");
    assertThat(FileNames.of(lookalike)).isEqualTo(FileNames.of(spaced));
    PublishedGate first = publishes(spaced);
    String firstReport = Files.readString(first.reportFile());

    Throwable thrown = catchThrowable(() -> gate.judge(leaky(lookalike), Mode.LOCAL));

    assertThat(thrown).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("Gate ids '" + lookalike + "' and '" + spaced + "' map to the same report file")
        .hasMessageContaining("Give one of them another id");
    Messages.assertPlain(thrown.getMessage());
    assertThat(first.reportFile()).hasContent(firstReport);
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"index", "INDEX", "pending", "history-manifests", "Pending"})
  void anIdNamedLikeTheReportDirectorysOwnFilesGetsAnotherName(String gateId) {
    PublishedGate published = publishes(gateId);

    assertThat(published.htmlFile()).isNotEqualTo(gate.files.index());
    assertThat(published.reportFile().getFileName().toString()).startsWith("_").endsWith(".json");
    assertThat(gate.files.index()).content().contains("report index");
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"CON", "nul", "com1.Backtest#run", "LPT9", "aux.json"})
  void aWindowsDeviceNameIsNeverAFileName(String gateId) {
    PublishedGate published = publishes(gateId);

    assertThat(published.reportFile().getFileName().toString()).startsWith("_");
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"../../leakage-reviews/com.acme.ChurnBacktest#gbm", "..", ".", "/etc/passwd",
      "a/b\\c:d*e?f\"g<h>i|j", "gate\nwith a line break", "\u00dcberpr\u00fcfung#l\u00e4uft", "-rf",
      ".hidden#gate", "tab\there", "emoji \ud83d\ude00#x"})
  void pathTricksAndUnsafeCharactersStayOneFileInTheReportDirectory(String gateId) {
    PublishedGate published = publishes(gateId);

    assertThat(published.reportFile().getFileName().toString()).matches("[A-Za-z0-9._#\\[\\]$-]+\\.json")
        .doesNotStartWith(".").doesNotStartWith("-");
    assertThat(gate.reviewDir()).doesNotExist();
  }

  @Test
  void aVeryLongIdGetsAShortNameAndTwoLongIdsSharingAPrefixGetTwo() {
    String prefix = "com.acme." + "VeryLong".repeat(1_000);

    PublishedGate a = publishes(prefix + "#a");
    PublishedGate b = publishes(prefix + "#b");

    assertThat(a.reportFile()).isNotEqualTo(b.reportFile());
    assertThat(a.reportFile().getFileName().toString().length()).isLessThanOrEqualTo(170);
  }

  @Test
  void nestedAndParameterizedIdsKeepTheirReadableNames() {
    PublishedGate nested = publishes("com.acme.Outer$Inner#method");
    PublishedGate parameterized = publishes("com.acme.Churn#model[1]");

    assertThat(nested.reportFile().getFileName()).hasToString("com.acme.Outer$Inner#method.json");
    assertThat(parameterized.reportFile().getFileName()).hasToString("com.acme.Churn#model[1].json");
  }

  @ParameterizedTest(name = "''{0}''")
  @ValueSource(strings = {"", " ", "\t"})
  void aBlankIdIsRefusedWithAMessage(String gateId) {
    Throwable thrown = catchThrowable(() -> leaky(gateId));

    assertThat(thrown).isInstanceOf(InvalidBacktestRunException.class).hasMessageContaining("gate id is blank");
    Messages.assertPlain(thrown.getMessage());
  }

  @Test
  void idsDifferingOnlyInCaseGetTheirOwnFilesHereAndAreRefusedTogetherByTheExtension() {
    assertThat(FileNames.of("com.acme.A#run")).isNotEqualTo(FileNames.of("com.acme.a#run"));
    // one file on macOS and Windows: refusing both in one run is the JUnit extension's job (it sees every gate)
    assertThat(Stream.of("com.acme.A#run", "com.acme.a#run").map(FileNames::of).map(String::toLowerCase).distinct())
        .hasSize(1);
  }
}
