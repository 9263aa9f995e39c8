package dev.backtestgate.junit;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.backtestgate.Check;
import dev.backtestgate.Finding;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Custom checks (the check SPI) added to a gated test that misbehave: they throw, return null, report a finding
 * whose kind is not a kind, leave its parts null, cannot be rendered, or have no usable name. Each becomes a
 * {@code check-failed} finding naming the check, which fails the gate (never the test's own exception, never a
 * pass), with the report written and the review directory never created. A well-behaved check that finds nothing
 * leaves the honest backtest passing.
 */
class HostileCheckTests {
  private GateKit kit;

  @BeforeEach
  void kit(@TempDir Path temp) {
    kit = new GateKit(temp);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', textBlock = """
      throwing        | exploding | The exploding check could not run: segment table missing
      returnsNull     | nulls     | it returned null instead of a list of findings (return List.of() when it finds nothing)
      upperCaseKind   | bad kind  | it reported a finding of kind 'Thin_Segment', which is not a kind
      nullKind        | null kind | it reported a finding of kind 'null', which is not a kind
      spacedKind      | spaced    | it reported a finding of kind 'thin segment', which is not a kind
      nullSubject     | holes     | its 'thin-segment' finding (dev.backtestgate.junit.HostileCheckTests$Thin) returned null from subject() (return "" for a finding without a subject).
      nullRendering   | blank     | its 'thin-segment' finding (dev.backtestgate.junit.HostileCheckTests$Thin) returned null from resolution() (return one of Finding.Resolution).
      renderThrows    | renderer  | could not be shown: IllegalStateException ("no words").
      namelessCheck   | \\$       | it reported a finding of kind 'Thin_Segment', which is not a kind
      nameThrows      | \\$       | it reported a finding of kind 'Thin_Segment', which is not a kind
      """)
  void aMisbehavingCheckFailsTheGateAsCheckFailedNamingIt(String method, String checkName, String reason) {
    Throwable failure = kit.run(CheckTestCases.class, method).onlyFailure();

    assertThat(failure).isInstanceOf(LeakageGateFailure.class).hasMessageContaining(reason)
        .hasMessageContaining("The gate cannot vouch for a backtest it could not check");
    assertThat(failure.getMessage()).containsPattern("The .*" + checkName + ".* check could not run");
    JsonNode report = kit.reportJson(CheckTestCases.class.getName() + "#" + method);
    assertThat(report.get("verdict").asText()).isEqualTo("FAILED");
    assertThat(report.get("findings")).anySatisfy(f -> {
      assertThat(f.get("kind").asText()).isEqualTo("check-failed");
      assertThat(f.get("unresolved").asBoolean()).isTrue();
    });
    assertThat(kit.reviewDir()).doesNotExist();
  }

  @Test
  void aCheckThatFindsNothingLeavesAnHonestBacktestPassing() {
    kit.run(CheckTestCases.class, "quiet").assertPassed(1);

    assertThat(kit.reviewDir()).doesNotExist();
  }

  /** A custom finding, made hostile by its fields. */
  record Thin(String kind, String subject, Finding.Resolution resolution, boolean renders) implements Finding {
    @Override
    public Rendering render() {
      if (!renders) {
        throw new IllegalStateException("no words");
      }
      return Rendering.of("Segment 'smb' has only 7 positives.");
    }
  }

  static final Thin FINE = new Thin("thin-segment", "smb", Finding.Resolution.WAIVER, true);

  /** Honest backtests, each with one hostile check. */
  static class CheckTestCases {
    private static void record(Backtest backtest, Check check) {
      Samples.HONEST.recordInto(backtest);
      backtest.check(check);
    }

    @Test
    @LeakageGated
    void throwing(Backtest backtest) {
      record(backtest, Check.of("exploding", c -> {
        throw new IllegalStateException("segment table missing");
      }));
    }

    @Test
    @LeakageGated
    void returnsNull(Backtest backtest) {
      record(backtest, Check.of("nulls", c -> null));
    }

    @Test
    @LeakageGated
    void upperCaseKind(Backtest backtest) {
      record(backtest, Check.of("bad kind", c -> List.of(new Thin("Thin_Segment", "smb", Finding.Resolution.WAIVER,
          true))));
    }

    @Test
    @LeakageGated
    void nullKind(Backtest backtest) {
      record(backtest, Check.of("null kind", c -> List.of(new Thin(null, "smb", Finding.Resolution.WAIVER, true))));
    }

    @Test
    @LeakageGated
    void spacedKind(Backtest backtest) {
      record(backtest, Check.of("spaced", c -> List.of(new Thin("thin segment", "smb", Finding.Resolution.WAIVER,
          true))));
    }

    @Test
    @LeakageGated
    void nullSubject(Backtest backtest) {
      record(backtest, Check.of("holes", c -> List.of(new Thin("thin-segment", null, Finding.Resolution.WAIVER,
          true))));
    }

    @Test
    @LeakageGated
    void nullRendering(Backtest backtest) {
      record(backtest, Check.of("blank", c -> List.of(new Thin("thin-segment", "smb", null, true))));
    }

    @Test
    @LeakageGated
    void renderThrows(Backtest backtest) {
      record(backtest, Check.of("renderer", c -> List.of(new Thin("thin-segment", "smb", Finding.Resolution.WAIVER,
          false))));
    }

    @Test
    @LeakageGated
    void namelessCheck(Backtest backtest) {
      record(backtest, Check.of(" ", c -> List.of(new Thin("Thin_Segment", "smb", Finding.Resolution.WAIVER,
          true))));
    }

    @Test
    @LeakageGated
    void nameThrows(Backtest backtest) {
      record(backtest, new Check() {
        @Override
        public String name() {
          throw new IllegalStateException("no name");
        }

        @Override
        public List<Finding> run(dev.backtestgate.CheckContext context) {
          return List.of(new Thin("Thin_Segment", "smb", Finding.Resolution.WAIVER, true));
        }
      });
    }

    @Test
    @LeakageGated
    void quiet(Backtest backtest) {
      record(backtest, Check.of("quiet", c -> List.of()));
    }
  }
}
