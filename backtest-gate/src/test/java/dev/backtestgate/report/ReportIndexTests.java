package dev.backtestgate.report;

import static dev.backtestgate.GateFixtures.data;
import static dev.backtestgate.GateFixtures.run;
import static org.assertj.core.api.Assertions.assertThat;

import dev.backtestgate.BacktestRun;
import dev.backtestgate.Mode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportIndexTests {
  @TempDir Path repo;
  private ReportScenarios scenarios;

  @BeforeEach
  void setUp() {
    scenarios = new ReportScenarios(repo);
  }

  /** A small run that passes or fails depending on {@code i}: quick to evaluate, different per gate. */
  static BacktestRun small(String gate, int i) {
    return run(gate, data(i, 300, i % 3 == 0 ? 2.0 : 1.0, 0.95)).build();
  }

  private HtmlDoc index() {
    return HtmlDoc.read(scenarios.files.index());
  }

  @Test
  void listsEveryGateFailuresFirstWithLiftIntervalAndLink() {
    PublishedGate passed = scenarios.publish(ReportScenarios.passing("com.acme.A#pass"), Mode.LOCAL);
    PublishedGate failed = scenarios.publish(ReportScenarios.leaky("com.acme.B#fail[1]"), Mode.LOCAL);
    PublishedGate late = scenarios.publish(ReportScenarios.lateStatus("com.acme.C#late"), Mode.LOCAL);
    HtmlDoc index = index();

    assertThat(index.all("//table[@id='gates']/tbody/tr/@data-gate"))
        .containsExactly("com.acme.B#fail[1]", "com.acme.C#late", "com.acme.A#pass");
    assertThat(index.one("//section[@id='summary']/div[@class='verdict']")).isEqualTo("2 of 3 gates FAILED");
    String row = "//tr[@data-gate='com.acme.B#fail[1]']";
    var c = failed.result().comparison();
    assertThat(index.all(row + "/td")).containsExactly("FAILED", "com.acme.B#fail[1] json",
        String.format(Locale.ROOT, "%+.3f", c.lift()),
        String.format(Locale.ROOT, "%+.3f\u00a0… %+.3f", c.ciLower(), c.ciUpper()), "0.050",
        "lift: AUC lift +0.151 is above the 0.050 limit.",
        "none", failed.result().evaluatedOn().toString());
    assertThat(index.one(row + "/td[2]/a[1]/@href")).isEqualTo("com.acme.B%23fail%5B1%5D.html");
    assertThat(index.one("//tr[@data-gate='com.acme.C#late']/td[6]")).isEqualTo(
        "point-in-time: Feature 'status' was recorded after the decision time in 25 rows (2.5%).");
    for (PublishedGate g : List.of(passed, failed, late)) {
      String href = index.one("//tr[@data-gate='" + g.result().gateId() + "']/td[2]/a[1]/@href");
      assertThat(Path.of(scenarios.files.directory().toUri().resolve(href))).isEqualTo(g.htmlFile());
      String json = index.one("//tr[@data-gate='" + g.result().gateId() + "']/td[2]/a[2]/@href");
      assertThat(Path.of(scenarios.files.directory().toUri().resolve(json))).isEqualTo(g.reportFile());
    }
    assertThat(index.count("//section[@id='skipped']")).isZero();
  }

  @Test
  void foreignTruncatedAndNewerFilesAreSkippedWithTheReason() throws Exception {
    PublishedGate g = scenarios.publish(ReportScenarios.passing("com.acme.A#pass"), Mode.LOCAL);
    Path dir = scenarios.files.directory();
    String report = Files.readString(g.reportFile());
    Files.writeString(dir.resolve("foreign.json"), "{\"name\": \"<not ours>\"}");
    Files.writeString(dir.resolve("truncated.json"), report.substring(0, report.length() / 2));
    Files.writeString(dir.resolve("newer.json"), report.replace("\"schema\": 2", "\"schema\": 3"));
    Files.writeString(dir.resolve("noverdict.json"), report.replace("\"verdict\": \"PASSED\"", "\"verdict\": \"OK\""));
    Files.writeString(dir.resolve(".partial.json123.tmp"), "{");
    ReportIndex.update(scenarios.files);
    HtmlDoc index = index();

    assertThat(index.all("//table[@id='gates']/tbody/tr/@data-gate")).containsExactly("com.acme.A#pass");
    assertThat(index.all("//section[@id='skipped']//li")).containsExactly(
        "foreign.json: no $.schema number: not a backtest-gate report",
        "newer.json: report schema 3, this version reads schema 2",
        "noverdict.json: $.verdict is not one of PASSED, PASSED_WITH_SIGN_OFF, FAILED",
        index.all("//section[@id='skipped']//li").get(3));
    assertThat(index.all("//section[@id='skipped']//li").get(3))
        .startsWith("truncated.json: not readable JSON (a foreign or partly written file): ");
  }

  @Test
  void reportsOfAnEarlierBuildAreListedApartAsNotRunInThisBuild() throws Exception {
    scenarios.publish(ReportScenarios.leaky("com.acme.Removed#gbm"), Mode.LOCAL);
    earlierBuild();
    // the next build: the removed test's class is gone, the remaining gate passes
    scenarios.publish(ReportScenarios.passing("com.acme.A#pass"), Mode.LOCAL);
    HtmlDoc index = index();

    assertThat(index.all("//table[@id='gates']/tbody/tr/@data-gate")).containsExactly("com.acme.A#pass");
    assertThat(index.one("//section[@id='summary']/div[@class='verdict']")).isEqualTo("All 1 gate passed");
    assertThat(index.one("//section[@id='not-run']/h2")).isEqualTo("Not run in this build");
    assertThat(index.one("//section[@id='not-run']/p")).startsWith("1 report of earlier builds, kept in the directory: "
        + "its test did not run in this build");
    assertThat(index.all("//table[@id='older']/tbody/tr/@data-gate")).containsExactly("com.acme.Removed#gbm");
    assertThat(index.all("//table[@id='older']/tbody/tr/@data-verdict")).containsExactly("FAILED");
  }

  @Test
  void aGateRunAgainInTheNextBuildCountsAsThisBuilds() throws Exception {
    scenarios.publish(ReportScenarios.leaky("com.acme.B#gbm"), Mode.LOCAL);
    earlierBuild();
    scenarios.publish(ReportScenarios.passing("com.acme.A#pass"), Mode.LOCAL);
    scenarios.publish(ReportScenarios.leaky("com.acme.B#gbm"), Mode.LOCAL);
    HtmlDoc index = index();

    assertThat(index.all("//table[@id='gates']/tbody/tr/@data-gate")).containsExactly("com.acme.B#gbm",
        "com.acme.A#pass");
    assertThat(index.count("//section[@id='not-run']")).isZero();
  }

  @Test
  void onlyEarlierBuildsReportsSayThatNoGateRanInThisBuild() throws Exception {
    scenarios.publish(ReportScenarios.leaky("com.acme.B#gbm"), Mode.LOCAL);
    earlierBuild();
    ReportIndex.update(scenarios.files);

    assertThat(index().one("//section[@id='summary']/div[@class='verdict']"))
        .isEqualTo("No gate reports in this build");
    assertThat(index().all("//table[@id='older']/tbody/tr/@data-gate")).containsExactly("com.acme.B#gbm");
  }

  @Test
  void aDamagedBuildLedgerStartsAfresh() throws Exception {
    scenarios.publish(ReportScenarios.leaky("com.acme.B#gbm"), Mode.LOCAL);
    Files.write(scenarios.files.directory().resolve(BuildSession.FILE), new byte[] {(byte) 0xff, 0, '\n'});
    scenarios.publish(ReportScenarios.passing("com.acme.A#pass"), Mode.LOCAL);

    assertThat(index().all("//table[@id='gates']/tbody/tr/@data-gate")).containsExactly("com.acme.A#pass");
    assertThat(index().all("//table[@id='older']/tbody/tr/@data-gate")).containsExactly("com.acme.B#gbm");
  }

  @Test
  void thePendingSignOffOfAGateThatNowPassesIsCleared() {
    PublishedGate failed = scenarios.publish(ReportScenarios.leaky("com.acme.B#gbm"), Mode.LOCAL);
    assertThat(failed.pendingFile()).exists();

    PublishedGate passed = scenarios.publish(ReportScenarios.passing("com.acme.B#gbm"), Mode.LOCAL);

    assertThat(passed.pendingFile()).isEqualTo(failed.pendingFile()).doesNotExist();
  }

  @Test
  void thePendingSignOffOfAGateStillFailingInVerifyModeIsKept() {
    PublishedGate failed = scenarios.publish(ReportScenarios.leaky("com.acme.B#gbm"), Mode.LOCAL);

    scenarios.publish(ReportScenarios.leaky("com.acme.B#gbm"), Mode.VERIFY);

    assertThat(failed.pendingFile()).exists();
  }

  @Test
  void theBuildOfATestJvmIsTheJavaProcessThatStartedIt() {
    String identity = BuildSession.identity();
    assertThat(identity).matches("\\d+@.+");
    long pid = Long.parseLong(identity.substring(0, identity.indexOf('@')));
    if (System.getProperty("maven.home") == null && ProcessHandle.current().parent().isPresent()) {
      // a Surefire fork: its build is an ancestor (Maven's JVM), shared by every fork of the build
      List<Long> lineage = new ArrayList<>();
      for (var p = ProcessHandle.current().parent(); p.isPresent(); p = p.get().parent()) {
        lineage.add(p.get().pid());
      }
      assertThat(lineage).as("ancestors of this JVM").contains(pid);
    }
  }

  /** Makes the directory's ledger one of another build, as the next mvn verify finds it. */
  private void earlierBuild() throws IOException {
    Path ledger = scenarios.files.directory().resolve(BuildSession.FILE);
    String text = Files.readString(ledger);
    Files.writeString(ledger, "build 1@2026-01-01T00:00:00Z" + text.substring(text.indexOf('\n')));
  }

  @Test
  void anEmptyDirectorySaysSo() {
    ReportIndex.update(scenarios.files);
    assertThat(index().one("//section[@id='summary']/div[@class='verdict']")).isEqualTo("No gate reports yet.");
    assertThat(index().count("//table[@id='gates']/tbody/tr")).isZero();
  }

  /** A real report to copy under other gate ids: writing copies is cheap, so writers really overlap. */
  private String template() throws Exception {
    PublishedGate template = scenarios.publish(ReportScenarios.passing("template#0"), Mode.VERIFY);
    // the writers below record their reports as build "test-build": the template belongs to it too
    ReportIndex.update(scenarios.files, template.reportFile().getFileName().toString(), "test-build");
    return Files.readString(template.reportFile());
  }

  private List<String> gates(String... prefixes) {
    List<String> gates = new ArrayList<>(List.of("template#0"));
    for (String prefix : prefixes) {
      IntStream.range(0, WRITES).forEach(i -> gates.add(prefix + "#" + i));
    }
    return gates;
  }

  private static final int WRITES = 25;

  @Test
  void parallelThreadsLoseNoRows() throws Exception {
    String template = template();
    List<String> prefixes = IntStream.range(0, 6).mapToObj(t -> "thread" + t).toList();
    ExecutorService pool = Executors.newFixedThreadPool(prefixes.size());
    CountDownLatch start = new CountDownLatch(1);
    List<Future<?>> done = new ArrayList<>();
    for (String prefix : prefixes) {
      done.add(pool.submit(() -> {
        start.await();
        IndexWriterMain.writeAll(scenarios.files, template, prefix, WRITES);
        return null;
      }));
    }
    start.countDown();
    for (Future<?> f : done) {
      f.get(5, TimeUnit.MINUTES);
    }
    pool.shutdown();
    assertThat(index().all("//table[@id='gates']/tbody/tr/@data-gate"))
        .containsExactlyInAnyOrderElementsOf(gates(prefixes.toArray(String[]::new)));
  }

  @Test
  void separateJvmsLoseNoRows() throws Exception {
    String template = template();
    Path templateFile = repo.resolve("template.json");
    Files.writeString(templateFile, template);
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    List<Process> forks = new ArrayList<>();
    for (int f = 0; f < 3; f++) {
      Process fork = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
          IndexWriterMain.class.getName(), scenarios.files.directory().toString(), templateFile.toString(), "fork" + f,
          Integer.toString(WRITES)).redirectErrorStream(true).start();
      forks.add(fork);
    }
    for (Process fork : forks) {
      assertThat(new BufferedReader(new InputStreamReader(fork.getInputStream(), StandardCharsets.UTF_8)).readLine())
          .isEqualTo("ready");
    }
    for (Process fork : forks) {
      fork.getOutputStream().write("go\n".getBytes(StandardCharsets.UTF_8));
      fork.getOutputStream().flush();
    }
    IndexWriterMain.writeAll(scenarios.files, template, "here", WRITES);
    for (Process fork : forks) {
      assertThat(fork.waitFor(5, TimeUnit.MINUTES)).isTrue();
      assertThat(fork.exitValue()).as(new String(fork.getInputStream().readAllBytes(), StandardCharsets.UTF_8))
          .isZero();
    }
    assertThat(index().all("//table[@id='gates']/tbody/tr/@data-gate"))
        .containsExactlyInAnyOrderElementsOf(gates("fork0", "fork1", "fork2", "here"));
    assertThat(scenarios.files.directory().resolve(ReportIndex.LOCK_FILE)).exists();
    try (var files = Files.list(scenarios.files.directory())) {
      assertThat(files.map(p -> p.getFileName().toString())).noneMatch(n -> n.endsWith(".tmp"));
    }
  }

  /** Against the definition of a relative URL: resolving the encoded name gives back exactly the file name. */
  @Property(tries = 500)
  void encodedNamesResolveToTheSameFile(@ForAll String name) {
    String encoded = ReportIndex.encode(name);
    assertThat(encoded).matches("[A-Za-z0-9._~%-]*");
    assertThat(URI.create("file:///reports/" + encoded).getPath()).isEqualTo("/reports/"
        + new String(name.getBytes(java.nio.charset.StandardCharsets.UTF_8), java.nio.charset.StandardCharsets.UTF_8));
  }
}
