package dev.backtestgate.hostile;

import static dev.backtestgate.GateFixtures.data;
import static dev.backtestgate.GateFixtures.run;
import static org.assertj.core.api.Assertions.assertThat;

import dev.backtestgate.BacktestRun;
import dev.backtestgate.Check;
import dev.backtestgate.Finding;
import dev.backtestgate.Mode;
import dev.backtestgate.Verdict;
import dev.backtestgate.report.PublishedGate;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Custom checks that misbehave, the way only code can: whatever a check throws (an Error, a checked exception the
 * compiler never saw), whatever it returns (null, a list with nulls, a finding that cannot be shown or written) and
 * however it leaves the thread, the gate fails with a {@code check-failed} finding naming the check, writes every
 * report, and leaves the review directory alone. A lift within the limit, so only the check can fail the run.
 */
class HostileCheckTests {
  @TempDir Path repo;

  /** Throws any throwable, checked or not, past the compiler. */
  @SuppressWarnings("unchecked")
  private static <T extends Throwable> RuntimeException sneaky(Throwable t) throws T {
    throw (T) t;
  }

  private record Odd(String kind, Map<String, Object> evidence) implements Finding {
    @Override
    public Resolution resolution() {
      return Resolution.WARNING;
    }

    @Override
    public Rendering render() {
      return Rendering.of("odd").evidence(evidence);
    }
  }

  /** A warning of its own kind that renders its kind: the anonymous hostile findings change one method of it. */
  private abstract static class Plain implements Finding {
    private final String kind;

    Plain(String kind) {
      this.kind = kind;
    }

    @Override
    public String kind() {
      return kind;
    }

    @Override
    public Resolution resolution() {
      return Resolution.WARNING;
    }

    @Override
    public Rendering render() {
      return Rendering.of(kind);
    }
  }

  private record Drawn(String figure) implements Finding {
    @Override
    public String kind() {
      return "drawn";
    }

    @Override
    public Resolution resolution() {
      return Resolution.WARNING;
    }

    @Override
    public Rendering render() {
      return Rendering.of("drawn").figure(figure);
    }
  }

  private static Object selfContaining() {
    List<Object> list = new ArrayList<>();
    list.add(list);
    return list;
  }

  private static Object unprintable() {
    return new Object() {
      @Override
      public String toString() {
        throw new IllegalStateException("no words");
      }
    };
  }

  static Stream<Arguments> hostileChecks() {
    return Stream.of(
        Arguments.of("an assertion error", (Check) Check.of("asserting", c -> {
          throw new AssertionError("expected 100 defaults");
        }), "it threw AssertionError (\"expected 100 defaults\"). Fix the check"),
        Arguments.of("a stack overflow", Check.of("recursing", c -> {
          throw new StackOverflowError();
        }), "it threw StackOverflowError. Fix the check"),
        Arguments.of("a checked exception", Check.of("reading", c -> {
          throw sneaky(new IOException("segments.csv is gone"));
        }), "it threw IOException (\"segments.csv is gone\")"),
        Arguments.of("an exception without a message", Check.of("silent", c -> {
          throw sneaky(new InterruptedException());
        }), "it threw InterruptedException. Fix"),
        Arguments.of("a runtime exception without a message", Check.of("wordless", c -> {
          throw new IllegalStateException();
        }), "it threw IllegalStateException with no message. Fix the check"),
        Arguments.of("a finding with a null subject", Check.of("subjectless", c -> List.of(new Plain("no-subject") {
          @Override
          public String subject() {
            return null;
          }
        })), "finding (dev.backtestgate.hostile.HostileCheckTests$2) returned null from subject() (return \"\" for a "
            + "finding without a subject)."),
        Arguments.of("a finding with a null subject that its rendering reads", Check.of("subject-reading",
            c -> List.of(new Plain("thin-segment") {
              @Override
              public String subject() {
                return null;
              }

              @Override
              public Rendering render() {
                return Rendering.of("Segment " + subject().toUpperCase(java.util.Locale.ROOT) + " is thin.");
              }
            })), "its 'thin-segment' finding (dev.backtestgate.hostile.HostileCheckTests$3) returned null from "
            + "subject() (return \"\" for a finding without a subject), and could not be shown: its render() "
            + "failed on a null value (at dev.backtestgate.hostile.HostileCheckTests$3.render(HostileCheckTests.java:"),
        Arguments.of("a rendering with a null headline", Check.of("headless", c -> List.of(new Plain("no-headline") {
          @Override
          public Rendering render() {
            return Rendering.of(null);
          }
        })), "could not be shown: its rendering's headline is null (Finding.Rendering needs text there)."),
        Arguments.of("a rendering that throws the second time", Check.of("fickle", c -> List.of(new Plain("fickle") {
          private int calls;

          @Override
          public Rendering render() {
            if (++calls > 1) {
              throw new IllegalStateException("already rendered");
            }
            return Rendering.of("fickle");
          }
        })), "renders once and then throws IllegalStateException (\"already rendered\"): the console, the JSON "
            + "report and the HTML page each render it, so render() must give the same rendering every time."),
        Arguments.of("a null finding", Check.of("holey", c -> Arrays.asList((Finding) null)),
            "its list of findings holds null at index 0"),
        Arguments.of("a null among findings", Check.of("holey later",
            c -> Arrays.asList(new Odd("odd-one", Map.of()), null)), "holds null at index 1"),
        Arguments.of("an interrupt left behind", Check.of("interrupting", c -> {
          Thread.currentThread().interrupt();
          return List.of();
        }), "it left the thread interrupted"),
        Arguments.of("a rendering that throws an Error", Check.of("unrenderable", c -> List.of(new Finding() {
          @Override
          public String kind() {
            return "broken-render";
          }

          @Override
          public Resolution resolution() {
            return Resolution.WARNING;
          }

          @Override
          public Rendering render() {
            throw new NoClassDefFoundError("com/acme/Segments");
          }
        })), "could not be shown: NoClassDefFoundError (\"com/acme/Segments\")."),
        Arguments.of("a figure with a script", Check.of("scripted", c -> List.of(new Drawn(
            "<svg><script>fetch('https://evil.example')</script></svg>"))), "its 'drawn' finding's figure cannot go on "
            + "the report page: it contains '<script'."),
        Arguments.of("a figure with an event handler", Check.of("handler", c -> List.of(new Drawn(
            "<svg><rect onload = \"alert(1)\"/></svg>"))), "it has an event handler attribute"),
        Arguments.of("a figure that is not one svg", Check.of("html", c -> List.of(new Drawn(
            "<div>chart</div>"))), "it is not one <svg> element"),
        Arguments.of("a figure with an external image", Check.of("external", c -> List.of(new Drawn(
            "<svg><image href=\"http://cdn.example/x.png\"/></svg>"))), "it contains '<image'"),
        Arguments.of("evidence that contains itself", Check.of("cyclic", c -> List.of(
            new Odd("cyclic-evidence", Map.of("rows", selfContaining())))), "nests deeper than 32 levels"),
        Arguments.of("evidence that cannot print itself", Check.of("mute", c -> List.of(
            new Odd("mute-evidence", Map.of("segment", unprintable())))), "could not be shown: IllegalStateException (\"no words\")."));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("hostileChecks")
  void aMisbehavingCheckFailsTheGateNamingItAndEveryReportIsWritten(String what, Check check, String reason)
      throws Exception {
    HostileGate gate = new HostileGate(repo);
    Files.createDirectories(gate.reviewDir());
    TreeSnapshot before = TreeSnapshot.of(gate.reviewDir());
    BacktestRun run = run("com.acme.SegmentBacktest#gbm", data(5, 2_000, 1.0, 0.99)).check(check).build();

    PublishedGate judged = gate.judge(run, Mode.LOCAL);

    assertThat(Thread.currentThread().isInterrupted()).as("the gate clears an interrupt a check left").isFalse();
    assertThat(judged.result().verdict()).isEqualTo(Verdict.FAILED);
    assertThat(judged.result().unresolved()).anySatisfy(f -> assertThat(f)
        .isInstanceOfSatisfying(Finding.CheckFailed.class, failed -> {
          assertThat(failed.check()).isEqualTo(check.name());
          assertThat(failed.reason()).contains(reason);
        }));
    assertThat(judged.text()).contains("The " + check.name() + " check could not run");
    assertThat(Files.readString(judged.reportFile())).contains("\"kind\": \"check-failed\"");
    assertThat(Files.readString(judged.htmlFile())).contains("check-failed");
    Messages.assertPlain(judged.text());
    before.assertUnchanged();
  }
}
