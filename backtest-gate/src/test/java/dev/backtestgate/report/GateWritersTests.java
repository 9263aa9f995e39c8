package dev.backtestgate.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.backtestgate.report.GateWriters.Build;
import dev.backtestgate.report.GateWriters.Writer;
import dev.backtestgate.review.ReviewStore;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two tests of one build writing one gate's report: the second is told who was first, across threads, JVMs and
 * builds as {@link GateWriters} defines them; the same test run again, and a test of an earlier build, are not.
 */
class GateWritersTests {
  private static final Build ONE_SHOT = new Build("4711@2026-12-07T08:00:00Z", true, jvm -> false);
  private static final Writer A = new Writer("churn-gbm", "com.acme.A#gbm", "[engine:junit-jupiter]/[class:A]/[m:gbm]");
  private static final Writer B = new Writer("churn-gbm", "com.acme.B#gbm", "[engine:junit-jupiter]/[class:B]/[m:gbm]");
  @TempDir Path temp;

  private ReportFiles files() {
    return new ReportFiles(temp.resolve("target/backtest-gate"));
  }

  private Optional<Writer> claim(Build build, String jvm, Writer writer) {
    return GateWriters.claim(files(), build, jvm, writer);
  }

  @Test
  void theSameTestRunAgainInOneBuildIsNoSecondWriter() {
    assertThat(claim(ONE_SHOT, "1@a", A)).isEmpty();
    assertThat(claim(ONE_SHOT, "2@b", A)).isEmpty(); // a rerun, in the same JVM or another
    assertThat(claim(ONE_SHOT, "1@a", A)).isEmpty();
  }

  @Test
  void anotherTestOfTheSameBuildIsRefusedAndTheFirstStaysTheWriter() {
    assertThat(claim(ONE_SHOT, "1@a", A)).isEmpty();

    assertThat(claim(ONE_SHOT, "2@b", B)).contains(A);
    assertThat(claim(ONE_SHOT, "1@a", B)).contains(A); // in the first one's JVM too (another JUnit run)
    assertThat(GateWriters.read(files().writer("churn-gbm")).orElseThrow().writer()).isEqualTo(A);
  }

  @Test
  void aMarkerOfAnEarlierBuildIsStaleAndReplaced() {
    claim(ONE_SHOT, "1@a", A);
    Build next = new Build("4712@2026-12-07T09:00:00Z", true, jvm -> false);

    assertThat(claim(next, "3@c", B)).isEmpty();
    assertThat(GateWriters.read(files().writer("churn-gbm")).orElseThrow())
        .isEqualTo(new GateWriters.Marker(B, next.identity(), "3@c"));
  }

  @Test
  void underALongLivedParentOnlyAWriterStillRunningIsOfThisBuild() {
    claim(new Build("9@daemon", false, jvm -> false), "1@a", A);

    assertThat(claim(new Build("9@daemon", false, jvm -> jvm.equals("1@a")), "2@b", B)).contains(A);
    // the first JVM ended: an earlier run of the IDE or daemon (a test renamed since), not a second writer
    assertThat(claim(new Build("9@daemon", false, jvm -> false), "2@b", B)).isEmpty();
  }

  @Test
  void idsWithOneFileNameAreOneGate() {
    Writer spaced = new Writer("my gate", "com.acme.A#x", "u1");
    Writer lookalike = new Writer("my_gate-1ba9dc12", "com.acme.B#y", "u2");
    claim(ONE_SHOT, "1@a", spaced);

    assertThat(claim(ONE_SHOT, "2@b", lookalike)).contains(spaced);
  }

  @Test
  void aDamagedOrForeignMarkerIsReplaced() throws Exception {
    Path marker = files().writer("churn-gbm");
    Files.createDirectories(marker.getParent());
    for (String text : List.of("not json", "{\"gate\": \"churn-gbm\"}", "[1, 2]", "{\"gate\": 1, \"test\": 2, "
        + "\"uniqueId\": 3, \"build\": 4, \"jvm\": 5}", "")) {
      Files.writeString(marker, text);
      assertThat(claim(ONE_SHOT, "2@b", B)).as(text).isEmpty();
      assertThat(GateWriters.read(marker).orElseThrow().writer()).isEqualTo(B);
    }
  }

  @Test
  void nothingIsWrittenWhenTheReportDirectoryLiesInTheReviewDirectory() {
    ReviewStore reviews = ReviewStore.directory(temp.resolve("leakage-reviews"));
    ReportFiles inside = new ReportFiles(temp.resolve("leakage-reviews/out"));

    assertThatThrownBy(() -> GateWriters.claim(inside, reviews, A)).hasMessageContaining("lies inside the review "
        + "directory");
    assertThat(temp.resolve("leakage-reviews")).doesNotExist();
  }

  @Test
  void ofEightThreadsClaimingOneGateForEightTestsExactlyOneWins() throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(8);
    try {
      CountDownLatch start = new CountDownLatch(1);
      List<Future<Optional<Writer>>> all = new ArrayList<>();
      for (int t = 0; t < 8; t++) {
        Writer w = new Writer("churn-gbm", "com.acme.T" + t + "#gbm", "u" + t);
        all.add(pool.submit(() -> {
          start.await();
          return GateWriters.claim(files(), ReviewStore.directory(temp.resolve("leakage-reviews")), w);
        }));
      }
      start.countDown();
      List<Optional<Writer>> outcomes = new ArrayList<>();
      for (Future<Optional<Writer>> f : all) {
        outcomes.add(f.get(1, TimeUnit.MINUTES));
      }
      assertThat(outcomes).filteredOn(Optional::isEmpty).hasSize(1);
      Writer first = GateWriters.read(files().writer("churn-gbm")).orElseThrow().writer();
      assertThat(outcomes).filteredOn(Optional::isPresent).allSatisfy(o -> assertThat(o).contains(first));
    } finally {
      pool.shutdown();
      assertThat(pool.awaitTermination(1, TimeUnit.MINUTES)).isTrue();
    }
  }

  /**
   * Two JVMs started by one parent, as Surefire starts its forks: while the first runs, the second is refused; once
   * it ended, this parent (a JVM that is not a plain {@code mvn}, so possibly long-lived) counts it as an earlier run.
   */
  @Test
  void separateJvmsOfOneParent() throws Exception {
    Process first = fork(A);
    try {
      assertThat(firstLine(first)).isEqualTo("claimed");
      Process second = fork(B);
      assertThat(firstLine(second)).isEqualTo("refused by " + A.test());
      end(second);
    } finally {
      end(first);
    }
    Process third = fork(B);
    assertThat(firstLine(third)).isEqualTo("claimed");
    end(third);
    assertThat(GateWriters.read(files().writer("churn-gbm")).orElseThrow().writer()).isEqualTo(B);
  }

  private Process fork(Writer writer) throws Exception {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    return new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), GateWriterMain.class.getName(),
        files().directory().toString(), writer.gateId(), writer.test(), writer.uniqueId()).redirectErrorStream(true)
        .start();
  }

  private static String firstLine(Process fork) throws Exception {
    return new BufferedReader(new InputStreamReader(fork.getInputStream(), StandardCharsets.UTF_8)).readLine();
  }

  private static void end(Process fork) throws Exception {
    fork.getOutputStream().write("done\n".getBytes(StandardCharsets.UTF_8));
    fork.getOutputStream().flush();
    assertThat(fork.waitFor(2, TimeUnit.MINUTES)).isTrue();
    assertThat(fork.exitValue()).isZero();
  }
}
