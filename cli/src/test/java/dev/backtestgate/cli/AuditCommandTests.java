package dev.backtestgate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.backtestgate.BacktestGate;
import dev.backtestgate.BacktestRun;
import dev.backtestgate.GatePolicy;
import dev.backtestgate.GateResult;
import dev.backtestgate.Mode;
import dev.backtestgate.review.ReviewStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class AuditCommandTests {
  private static final String GATE = "churn-audit";
  private static final String HEADER = "churned,gbm,logreg,scored_at,account,balance_known_at";

  @TempDir
  Path module;

  /** Rows whose candidate ranks far better than the baseline: a lift above the default 0.05 limit. */
  record Rows(boolean[] labels, double[] candidate, double[] baseline, long[] decisions, String[] accounts,
      long[] balanceKnownAt) {
    static Rows generate(int n) {
      Random random = new Random(7);
      Rows rows = new Rows(new boolean[n], new double[n], new double[n], new long[n], new String[n], new long[n]);
      long start = Instant.parse("2026-01-01T00:00:00Z").toEpochMilli();
      for (int i = 0; i < n; i++) {
        rows.labels[i] = random.nextDouble() < 0.3;
        double signal = rows.labels[i] ? 1 : 0;
        rows.candidate[i] = 1.6 * signal + random.nextGaussian();
        rows.baseline[i] = 0.4 * signal + random.nextGaussian();
        rows.decisions[i] = start + i * 3_600_000L;
        rows.accounts[i] = "acct-" + (i % 97);
        rows.balanceKnownAt[i] = rows.decisions[i] - 86_400_000L;
      }
      return rows;
    }

    /** Decision times as ISO instants, knowledge times as epoch millis, one row's knowledge time empty. */
    String csv() {
      StringBuilder out = new StringBuilder(HEADER).append('\n');
      for (int i = 0; i < labels.length; i++) {
        out.append(labels[i] ? "1" : "0").append(',').append(candidate[i]).append(',').append(baseline[i])
            .append(',').append(Instant.ofEpochMilli(decisions[i])).append(',').append(accounts[i]).append(',')
            .append(i == 5 ? "" : Long.toString(balanceKnownAt[i])).append('\n');
      }
      return out.toString();
    }

    /**
     * The same rows as Parquet: label INT32, scores DOUBLE, decision time INT64 TIMESTAMP(MICROS), account string,
     * knowledge time INT64 millis (null in row 6); {@code nullScoreRow} (0-based, or -1) leaves the candidate null.
     */
    void parquet(Path file, int nullScoreRow) throws IOException {
      MessageType schema = MessageTypeParser.parseMessageType("message scored { required int32 churned; "
          + "optional double gbm; required double logreg; required int64 scored_at (TIMESTAMP(MICROS,true)); "
          + "required binary account (STRING); optional int64 balance_known_at; }");
      try (ParquetWriter<Group> writer = ExampleParquetWriter.builder(new LocalOutputFile(file)).withType(schema)
          .withCompressionCodec(CompressionCodecName.UNCOMPRESSED).build()) {
        SimpleGroupFactory groups = new SimpleGroupFactory(schema);
        for (int i = 0; i < labels.length; i++) {
          Group row = groups.newGroup().append("churned", labels[i] ? 1 : 0);
          if (i != nullScoreRow) {
            row.append("gbm", candidate[i]);
          }
          row.append("logreg", baseline[i]).append("scored_at", decisions[i] * 1000).append("account", accounts[i]);
          if (i != 5) {
            row.append("balance_known_at", balanceKnownAt[i]);
          }
          writer.write(row);
        }
      }
    }

    BacktestRun run() {
      long[] knownAt = balanceKnownAt.clone();
      knownAt[5] = dev.backtestgate.FeatureTiming.NO_VALUE;
      return BacktestRun.builder(GATE).labels(labels).candidate("gbm", candidate).baseline("logreg", baseline)
          .decisionTimes(decisions).entities(accounts).feature("balance", knownAt).build();
    }
  }



  private ToolRun audit(String file, String... extra) {
    List<String> args = new ArrayList<>(List.of("audit", file, "--module", module.toString(), "--reports",
        "reports", "--reviews", "reviews", "--mode", "local", "--gate-id", GATE, "--label", "churned",
        "--candidate", "gbm", "--baseline", "logreg", "--decision-time", "scored_at", "--entity", "account",
        "--feature", "balance=balance_known_at"));
    args.addAll(List.of(extra));
    return ToolRun.of(args.toArray(String[]::new));
  }

  @Test
  void reproducesTheLibrarysVerdictAndLiftWritesTheReportsAndPassesOnceSignedOff() throws IOException {
    Rows rows = Rows.generate(600);
    Files.writeString(module.resolve("scored.csv"), rows.csv());

    ToolRun failed = audit("scored.csv");

    GateResult library = BacktestGate.evaluate(rows.run(), GatePolicy.defaults().withMode(Mode.LOCAL),
        ReviewStore.directory(module.resolve("no-reviews")), Clock.systemUTC());
    assertThat(failed.code()).as(failed.err() + failed.out()).isEqualTo(Main.FINDINGS);
    assertThat(library.verdict().passed()).isFalse();
    JsonNode report = new ObjectMapper().readTree(module.resolve("reports/" + GATE + ".json").toFile());
    assertThat(report.get("verdict").asText()).isEqualTo(library.verdict().name());
    JsonNode comparison = report.get("comparison");
    assertThat(Double.doubleToRawLongBits(comparison.get("lift").doubleValue()))
        .isEqualTo(Double.doubleToRawLongBits(library.comparison().lift()));
    assertThat(Double.doubleToRawLongBits(comparison.get("liftCi").get(0).doubleValue()))
        .isEqualTo(Double.doubleToRawLongBits(library.comparison().ciLower()));
    assertThat(Double.doubleToRawLongBits(comparison.get("candidateAuc").doubleValue()))
        .isEqualTo(Double.doubleToRawLongBits(library.comparison().candidateAuc()));
    assertThat(report.get("fingerprint").asText()).isEqualTo(library.fingerprint());
    assertThat(report.get("run").get("rows").asInt()).isEqualTo(600);
    assertThat(module.resolve("reports/" + GATE + ".html")).isRegularFile();
    assertThat(module.resolve("reports/pending/" + GATE + ".json")).isRegularFile();
    assertThat(failed.out()).contains("Pending sign-off: ");

    ToolRun pending = ToolRun.of("pending", "--module", module.toString(), "--reports", "reports", "--reviews", "reviews");
    assertThat(pending.code()).isEqualTo(Main.OK);
    assertThat(pending.out()).contains(GATE);

    ToolRun signed = ToolRun.of("sign-off", "--module", module.toString(), "--reports", "reports", "--reviews", "reviews",
        "--gate", GATE, "--reviewer", "ana@example.com", "--rationale", "gbm sees the support tickets logreg "
            + "lacks, each known before the decision", "--attest", "all");
    assertThat(signed.code()).as(signed.err() + signed.out()).isEqualTo(Main.OK);

    ToolRun passed = audit("scored.csv");
    assertThat(passed.code()).as(passed.err() + passed.out()).isEqualTo(Main.OK);
    JsonNode again = new ObjectMapper().readTree(module.resolve("reports/" + GATE + ".json").toFile());
    assertThat(again.get("verdict").asText()).isEqualTo("PASSED_WITH_SIGN_OFF");
    assertThat(passed.out()).contains("ana@example.com");
  }

  @Test
  void parquetGivesTheLibrarysVerdictAndLiftToTheBit() throws IOException {
    Rows rows = Rows.generate(500);
    rows.parquet(module.resolve("scored.parquet"), -1);

    ToolRun run = audit("scored.parquet");

    GateResult library = BacktestGate.evaluate(rows.run(), GatePolicy.defaults().withMode(Mode.LOCAL),
        ReviewStore.directory(module.resolve("no-reviews")), Clock.systemUTC());
    assertThat(run.code()).as(run.err() + run.out()).isEqualTo(library.verdict().passed() ? Main.OK : Main.FINDINGS);
    JsonNode report = new ObjectMapper().readTree(module.resolve("reports/" + GATE + ".json").toFile());
    assertThat(report.get("verdict").asText()).isEqualTo(library.verdict().name());
    assertThat(Double.doubleToRawLongBits(report.get("comparison").get("lift").doubleValue()))
        .isEqualTo(Double.doubleToRawLongBits(library.comparison().lift()));
    assertThat(report.get("fingerprint").asText()).isEqualTo(library.fingerprint());
    assertThat(module.resolve("reports/pending/" + GATE + ".json")).isRegularFile();
  }

  @Test
  void aParquetReadPrintsNoLoggingWarningWithTheExecutableJarsProvider() throws Exception {
    // Issue 46: "SLF4J(W): No SLF4J providers were found" on stderr at every Parquet or Iceberg read. The tool in a
    // JVM of its own, on its run-time class path: this one without the tests' Log4j provider, with the no-op one.
    Rows.generate(200).parquet(module.resolve("scored.parquet"), -1);
    List<String> classpath = new ArrayList<>(Stream.of(System.getProperty("java.class.path")
        .split(java.io.File.pathSeparator)).filter(e -> !e.contains("log4j-slf4j")).toList());
    classpath.add(System.getProperty("cli-tests.slf4j-nop-jar"));
    Process tool = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
        String.join(java.io.File.pathSeparator, classpath), Main.class.getName(), "audit", "scored.parquet",
        "--module", module.toString(), "--reports", "reports", "--reviews", "reviews", "--mode", "local",
        "--gate-id", GATE, "--label", "churned", "--candidate", "gbm", "--baseline", "logreg", "--decision-time",
        "scored_at", "--feature", "balance=balance_known_at")
        .redirectOutput(module.resolve("out.txt").toFile()).redirectError(module.resolve("err.txt").toFile())
        .start();
    int code = tool.waitFor();
    String err = Files.readString(module.resolve("err.txt"));
    assertThat(code).as(err).isIn(Main.OK, Main.FINDINGS);
    assertThat(Files.readString(module.resolve("out.txt"))).contains("Leakage gate");
    assertThat(err).doesNotContain("SLF4J");
  }

  @Test
  void aFileThatIsNoParquetIsNamedByItsPathNotByAJavaObject() throws IOException {
    Files.writeString(module.resolve("scored.parquet"), "PAR1 and then no Parquet at all\n");   // magic, no footer
    ToolRun run = audit("scored.parquet");
    assertThat(run.code()).isEqualTo(Main.CANNOT_CHECK);
    assertThat(run.err()).contains("scored.parquet is not a readable Parquet file: the file")
        .doesNotContain("LocalInputFile@");
    Files.writeString(module.resolve("scored.parquet"), "churned,gbm\n1,0.5\n");
    assertThat(audit("scored.parquet").err()).contains("scored.parquet is not a readable Parquet file: it does not "
        + "start with PAR1", "a CSV file named .parquet?");
  }

  @Test
  void anAuditWithoutAFeatureIsRefusedBeforeTheFileIsRead() {
    ToolRun run = ToolRun.of("audit", "absent.csv", "--module", module.toString(), "--label", "churned",
        "--candidate", "gbm", "--baseline", "logreg", "--decision-time", "scored_at");
    assertThat(run.code()).isEqualTo(Main.CANNOT_CHECK);
    assertThat(run.err()).contains("audit names no feature", "--feature NAME=KNOWN_AT_COL", "--timeless");
  }

  @Test
  void theHelpSaysParquetAsWellAsCsv() {
    ToolRun help = ToolRun.of("audit", "--help");
    assertThat(help.out().replaceAll("\\s+", " ")).contains("or a .parquet file",
        "at least one --feature or --timeless is required");
  }

  @Test
  void aTimelessFeatureReachesTheReportAndAFeatureBothTimedAndTimelessIsRefused() throws IOException {
    Files.writeString(module.resolve("scored.csv"), Rows.generate(200).csv());

    ToolRun run = audit("scored.csv", "--timeless", "birth_year=fixed at signup");

    assertThat(run.code()).as(run.err()).isIn(Main.OK, Main.FINDINGS);
    JsonNode report = new ObjectMapper().readTree(module.resolve("reports/" + GATE + ".json").toFile());
    assertThat(report.get("run").get("timelessFeatures").toString()).contains("birth_year");
    assertThat(report.get("run").get("features").toString()).contains("balance");

    ToolRun both = audit("scored.csv", "--timeless", "balance=known at once");
    assertThat(both.code()).isEqualTo(Main.CANNOT_CHECK);
    assertThat(both.err()).contains("balance");
  }

  @Test
  void readsTheGateSettingsOfTheModulesJUnitPropertiesAsAGatedTestDoes() throws IOException {
    Files.writeString(module.resolve("scored.csv"), Rows.generate(300).csv());
    Files.createDirectories(module.resolve("src/test/resources"));
    Files.writeString(module.resolve("src/test/resources/junit-platform.properties"), "backtestgate.max-lift=0.5\n");

    ToolRun run = audit("scored.csv");

    assertThat(run.code()).as(run.err() + run.out()).isEqualTo(Main.OK);
    JsonNode report = new ObjectMapper().readTree(module.resolve("reports/" + GATE + ".json").toFile());
    assertThat(report.get("policy").get("maxLift").doubleValue()).isEqualTo(0.5);

    Files.writeString(module.resolve("src/test/resources/junit-platform.properties"), "backtestgate.max-lift=lots\n");
    ToolRun invalid = audit("scored.csv");
    assertThat(invalid.code()).isEqualTo(Main.CANNOT_CHECK);
    assertThat(invalid.err()).contains("backtestgate.max-lift", "lots", "junit-platform.properties");
  }

  @Test
  void aNullScoreInParquetNamesItsColumnAndRow() throws IOException {
    Rows.generate(50).parquet(module.resolve("scored.parquet"), 11);

    ToolRun run = audit("scored.parquet");

    assertThat(run.code()).isEqualTo(Main.CANNOT_CHECK);
    assertThat(run.err()).contains("scored.parquet, column 'gbm', row 11 holds the score '' (empty)");
    assertThat(module.resolve("reports")).doesNotExist();
  }

  static Stream<Arguments> badInputs() {
    String good = "1,0.9,0.5,2026-01-01T00:00:00Z,a,1700000000000\n0,0.1,0.4,2026-01-02,b,\n";
    return Stream.of(
        Arguments.of("missing file", "absent.csv", null, List.of("absent.csv", "does not exist")),
        Arguments.of("unknown extension", "scored.txt", HEADER + "\n" + good,
            List.of("neither the extension .csv nor .parquet")),
        Arguments.of("missing column", "scored.csv", HEADER.replace("churned", "churn") + "\n" + good,
            List.of("no column 'churned'", "did you mean 'churn'?", "Its columns are: churn, gbm")),
        Arguments.of("empty score", "scored.csv", HEADER + "\n" + good + "1,,0.3,2026-01-03,c,\n",
            List.of("column 'gbm', row 2 (line 4)", "score '' (empty)")),
        Arguments.of("NaN score", "scored.csv", HEADER + "\n" + good + "1,0.5,NaN,2026-01-03,c,\n",
            List.of("column 'logreg', row 2 (line 4)", "score 'NaN' (not finite)")),
        Arguments.of("label not 0/1", "scored.csv", HEADER + "\n" + good + "2,0.5,0.3,2026-01-03,c,\n",
            List.of("column 'churned', row 2 (line 4)", "the label '2'", "1 or 0")),
        Arguments.of("one class", "scored.csv", HEADER + "\n1,0.9,0.5,2026-01-01,a,\n1,0.8,0.2,2026-01-02,b,\n",
            List.of("every one of the 2 labels in column 'churned' is 1 (positive)")),
        Arguments.of("bad time", "scored.csv", HEADER + "\n" + good + "0,0.5,0.3,yesterday,c,\n",
            List.of("column 'scored_at', row 2 (line 4)", "the time 'yesterday'", "epoch milliseconds")),
        Arguments.of("bad knowledge time", "scored.csv", HEADER + "\n" + good + "0,0.5,0.3,2026-01-03,c,soon\n",
            List.of("column 'balance_known_at', row 2 (line 4)", "the time 'soon'")),
        Arguments.of("duplicated header", "scored.csv", HEADER + ",gbm\n" + good.replace("\n", ",0\n"),
            List.of("the column 'gbm' twice (columns 2 and 7)")),
        Arguments.of("ragged row", "scored.csv", HEADER + "\n" + good + "0,0.5\n",
            List.of("row 2 (line 4) has 2 cells, the header 6")),
        Arguments.of("not parquet", "scored.parquet", "PAR1", List.of("is not a readable Parquet file")));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("badInputs")
  void badInputCannotBeChecked(String what, String file, String content, List<String> message) throws IOException {
    if (content != null) {
      Files.writeString(module.resolve(file), content);
    }
    ToolRun result = audit(file);
    assertThat(result.code()).as(result.err() + result.out()).isEqualTo(Main.CANNOT_CHECK);
    assertThat(result.err()).contains(message);
    assertThat(module.resolve("reports")).doesNotExist();
  }
}
