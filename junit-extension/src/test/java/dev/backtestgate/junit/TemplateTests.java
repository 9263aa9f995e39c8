package dev.backtestgate.junit;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.RepetitionInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Parameterized and repeated tests get one gate per invocation; parallel runs lose and mix nothing. */
class TemplateTests {
  private static final String PARAMETERIZED = ParameterizedTestCases.class.getName() + "#";
  private static final String PARALLEL = ParallelTestCases.class.getName() + "#backtest";
  private GateKit kit;

  @BeforeEach
  void kit(@TempDir Path temp) {
    kit = new GateKit(temp);
  }

  @Test
  void eachParameterizedInvocationIsItsOwnGate() {
    GateKit.Outcome outcome = kit.run(ParameterizedTestCases.class, "model");

    outcome.results().testEvents().assertStatistics(stats -> stats.succeeded(1).failed(1));
    assertThat(outcome.failures().get(0)).hasMessageStartingWith("Leakage gate FAILED: " + PARAMETERIZED + "model[2]\n");
    assertThat(kit.reportJson(PARAMETERIZED + "model[1]").get("verdict").asText()).isEqualTo("PASSED");
    assertThat(kit.reportJson(PARAMETERIZED + "model[2]").get("verdict").asText()).isEqualTo("FAILED");
    assertThat(kit.pending(PARAMETERIZED + "model[2]")).exists();
  }

  @Test
  void repeatedInvocationsKeepTheirNumberAfterACustomId() {
    kit.run(ParameterizedTestCases.class, "repeated").assertPassed(3);

    assertThat(Stream.of("churn[1]", "churn[2]", "churn[3]").map(kit::report)).allMatch(Files::exists);
  }

  @Test
  void twentyGatedTestsInParallelEachWriteTheirOwnCompleteReport() throws IOException {
    kit.with("junit.jupiter.execution.parallel.enabled", "true")
        .with("junit.jupiter.execution.parallel.config.strategy", "fixed")
        .with("junit.jupiter.execution.parallel.config.fixed.parallelism", "4");

    GateKit.Outcome outcome = kit.run(ParallelTestCases.class);

    outcome.results().testEvents().assertStatistics(stats -> stats.finished(20).succeeded(10).failed(10));
    assertThat(outcome.failures()).allSatisfy(f -> assertThat(f).isInstanceOf(LeakageGateFailure.class)
        .hasMessageMatching("(?s)Leakage gate FAILED: " + PARALLEL.replace("$", "\\$") + "\\[\\d*[02468]]\n.*"));
    try (Stream<Path> files = Files.list(kit.reportDir())) {
      List<String> names = files.filter(Files::isRegularFile).map(p -> p.getFileName().toString()).toList();
      assertThat(names).filteredOn(n -> n.endsWith(".json")).hasSize(20);
      assertThat(names).filteredOn(n -> n.endsWith(".html") && !n.equals("index.html")).hasSize(20);
      assertThat(names).noneMatch(n -> n.endsWith(".tmp"));
    }
    String index = Files.readString(kit.reportDir().resolve("index.html"));
    for (int n = 1; n <= 20; n++) {
      assertThat(index).contains("ParallelTestCases#backtest[" + n + "]");
    }
    for (int n = 1; n <= 20; n++) {
      JsonNode report = kit.reportJson(PARALLEL + "[" + n + "]");
      assertThat(report.get("gate").asText()).isEqualTo(PARALLEL + "[" + n + "]");
      assertThat(report.get("verdict").asText()).isEqualTo(n % 2 == 0 ? "FAILED" : "PASSED");
      assertThat(kit.pending(PARALLEL + "[" + n + "]").toFile().exists()).isEqualTo(n % 2 == 0);
    }
    List<String> reported = outcome.entries().stream().map(e -> e.get(LeakageGateExtension.ENTRY_REPORT)).toList();
    assertThat(reported).containsExactlyInAnyOrderElementsOf(
        IntStream.rangeClosed(1, 20).mapToObj(n -> kit.report(PARALLEL + "[" + n + "]").toString()).toList());
    assertThat(outcome.entries()).extracting(Map::size).allMatch(size -> size >= 3);
  }

  static class ParameterizedTestCases {
    @ParameterizedTest
    @EnumSource(value = Samples.class, names = {"HONEST", "LEAKY"})
    @LeakageGated
    void model(Samples sample, Backtest backtest) {
      sample.recordInto(backtest);
    }

    @RepeatedTest(3)
    @LeakageGated(id = "churn")
    void repeated(Backtest backtest) {
      Samples.HONEST.recordInto(backtest);
    }
  }

  @Execution(ExecutionMode.CONCURRENT)
  static class ParallelTestCases {
    /** Trips only when two tests wait at once: a sequential run fails here instead of passing unnoticed. */
    private static final CyclicBarrier TWO_AT_ONCE = new CyclicBarrier(2);

    @RepeatedTest(20)
    @LeakageGated
    void backtest(RepetitionInfo repetition, Backtest backtest) throws Exception {
      TWO_AT_ONCE.await(60, TimeUnit.SECONDS);
      (repetition.getCurrentRepetition() % 2 == 0 ? Samples.LEAKY : Samples.HONEST).recordInto(backtest);
    }
  }
}
