package dev.backtestgate.report;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.backtestgate.internal.AtomicFiles;
import dev.backtestgate.internal.BoundedFiles;
import dev.backtestgate.internal.CanonicalJson;
import dev.backtestgate.internal.StrictJson;
import dev.backtestgate.review.ReviewStore;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Predicate;
import org.apiguardian.api.API;

/**
 * Which test of this build writes a gate's report: the first test to claim a gate id in a report directory writes
 * it, and a second, different test of the same build that claims the same id (or an id with the same file name) is
 * told who was first, so that it can be refused before it overwrites the first one's report and pending sign-off.
 * This holds across JVMs (Surefire forks, {@code reuseForks=false}) and class loaders, which share nothing but the
 * report directory.
 *
 * <p>A claim is a marker beside the report, {@code <dir>/<gate>.writer}, written atomically under the report
 * directory's lock: the gate id, the test ({@code Class#method}) and its JUnit unique id, the build
 * ({@link BuildSession}) and the JVM that claimed it. A marker stands against a new claim only if all of these hold:
 * <ul>
 *   <li>it names another test (another unique id): the same test run again (JUnit's {@code EngineTestKit} running
 *       one class many times, Surefire's {@code rerunFailingTestsCount}, the next {@code mvn verify}) rewrites its
 *       own report, as it should;</li>
 *   <li>it was written in this build (a marker of an earlier build is stale, and replaced);</li>
 *   <li>this build ends with its run (a plain {@code mvn}, or one JVM on its own), or the JVM that wrote the marker
 *       still runs: under a long-lived parent (an IDE, a Gradle or Maven daemon), whose identity outlives many runs,
 *       only JVMs running side by side count as one build, so that renaming a test between two runs is no
 *       conflict.</li>
 * </ul>
 * A marker that cannot be read (damaged, foreign) is replaced: it belongs to no test of this build.
 *
 * <pre>{@code
 * GateWriters.claim(files, reviews, new GateWriters.Writer("churn-gbm", "com.acme.ChurnTest#gbm", uniqueId))
 *     .ifPresent(first -> { throw new IllegalStateException(first.test() + " wrote churn-gbm first"); });
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.2")
public final class GateWriters {
  /** The marker's name ending, beside the report's {@code .json}. */
  static final String ENDING = ".writer";
  private static final int MAX_BYTES = 64 * 1024;

  private GateWriters() {}

  /**
   * A test that writes a gate's report.
   *
   * @param gateId the gate id
   * @param test the test, {@code fully.qualified.Class#method}, for messages
   * @param uniqueId the test's JUnit unique id, which tells one test from another
   */
  public record Writer(String gateId, String test, String uniqueId) {
    /** Refuses nulls. */
    public Writer {
      Objects.requireNonNull(gateId, "gateId");
      Objects.requireNonNull(test, "test");
      Objects.requireNonNull(uniqueId, "uniqueId");
    }
  }

  /** A marker as read: who claimed the gate, in which build and JVM. */
  record Marker(Writer writer, String build, String jvm) {}

  /** What decides whether a marker is of this build. */
  record Build(String identity, boolean oneShot, Predicate<String> running) {
    static Build current() {
      return new Build(BuildSession.identity(), BuildSession.oneShot(), BuildSession::running);
    }
  }

  /**
   * Claims the report of {@code me.gateId()} in the report directory for {@code me}.
   *
   * @return the other test of this build that claimed it first; empty when the claim is {@code me}'s (the marker
   *     then names {@code me})
   * @throws IllegalArgumentException when the report and review directories overlap (nothing is written)
   * @throws java.io.UncheckedIOException when the report directory cannot be written
   */
  public static Optional<Writer> claim(ReportFiles files, ReviewStore reviews, Writer me) {
    GateReporter.ReviewDirectoryGuard.requireApart(files.directory(), reviews.directory());
    return claim(files, Build.current(), BuildSession.jvm(), me);
  }

  static Optional<Writer> claim(ReportFiles files, Build build, String jvm, Writer me) {
    Path marker = files.writer(me.gateId());
    return ReportIndex.locked(files.directory(), "claim the report of gate '" + me.gateId() + "' in " + marker, () -> {
      Optional<Writer> first = read(marker).filter(m -> stands(m, me, build)).map(Marker::writer);
      if (first.isEmpty()) {
        AtomicFiles.write(marker, write(new Marker(me, build.identity(), jvm)));
      }
      return first;
    });
  }

  /** Whether an existing marker refuses {@code me}: another test, of this build (see the class comment). */
  static boolean stands(Marker marker, Writer me, Build build) {
    return !marker.writer().uniqueId().equals(me.uniqueId()) && marker.build().equals(build.identity())
        && (build.oneShot() || build.running().test(marker.jvm()));
  }

  static String write(Marker marker) {
    ObjectNode node = JsonNodeFactory.instance.objectNode();
    node.put("gate", marker.writer().gateId());
    node.put("test", marker.writer().test());
    node.put("uniqueId", marker.writer().uniqueId());
    node.put("build", marker.build());
    node.put("jvm", marker.jvm());
    return CanonicalJson.write(node);
  }

  /** The marker at {@code file}; empty when there is none or it cannot be read (it is then replaced). */
  static Optional<Marker> read(Path file) {
    try {
      Optional<String> text = BoundedFiles.readRegular(file, MAX_BYTES, "gate writer marker");
      if (text.isEmpty()) {
        return Optional.empty();
      }
      JsonNode node = StrictJson.parse(text.get());
      String[] fields = {"gate", "test", "uniqueId", "build", "jvm"};
      for (String field : fields) {
        if (!node.path(field).isTextual()) {
          return Optional.empty();
        }
      }
      return Optional.of(new Marker(new Writer(node.get("gate").asText(), node.get("test").asText(),
          node.get("uniqueId").asText()), node.get("build").asText(), node.get("jvm").asText()));
    } catch (RuntimeException unreadable) {
      return Optional.empty();
    }
  }
}
