package dev.backtestgate.report;

import static dev.backtestgate.GateFixtures.data;
import static dev.backtestgate.GateFixtures.run;
import static dev.backtestgate.SchemaAssertions.REPORT;
import static dev.backtestgate.SchemaAssertions.assertValid;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.backtestgate.BacktestRun;
import dev.backtestgate.Check;
import dev.backtestgate.CheckContext;
import dev.backtestgate.Finding;
import dev.backtestgate.Mode;
import dev.backtestgate.Verdict;
import dev.backtestgate.review.SignOff;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A brand-new finding kind, added by implementing the SPI alone (a {@link Check} and a {@link Finding}): it shows
 * in the console text, the JSON report (schema-valid), the HTML page and the index, and a sign-off waives it by
 * kind and subject. Nothing else in the code base knows about it.
 */
class CustomCheckTests {
  /** Too few positives in a segment: the AUC there is noise. */
  record ThinSegment(String segment, int positives) implements Finding {
    @Override
    public String kind() {
      return "thin-segment";
    }

    @Override
    public String subject() {
      return segment;
    }

    @Override
    public Resolution resolution() {
      return Resolution.WAIVER;
    }

    @Override
    public Rendering render() {
      return Rendering.of("Segment '" + segment + "' has only " + positives + " positives.")
          .lines(List.of("Segment '" + segment + "' has only " + positives + " positives: its AUC is noise.",
              "  - at least 100 are needed"))
          .why("A lift measured on a handful of defaults proves nothing.")
          .fix("Widen the test window of segment '" + segment + "'.")
          .evidence(Map.of("segment", segment, "positives", positives));
    }
  }

  static final Check THIN_SEGMENTS =
      Check.of("thin segments", c -> List.of(new ThinSegment("smb", Math.min(7, c.run().positives()))));

  @TempDir Path repo;
  private ReportScenarios scenarios;

  @BeforeEach
  void setUp() {
    scenarios = new ReportScenarios(repo);
  }

  private static BacktestRun withThinSegments() {
    return run(ReportScenarios.GATE, data(1, 2_000, 1.0, 0.95)).check(THIN_SEGMENTS).build();
  }

  @Test
  void aNewKindShowsEverywhereAndFailsUntilWaived() throws Exception {
    PublishedGate g = scenarios.publish(withThinSegments(), Mode.LOCAL);

    assertThat(g.result().verdict()).isEqualTo(Verdict.FAILED);
    assertThat(g.text()).contains("Segment 'smb' has only 7 positives: its AUC is noise.\n  - at least 100 are needed\n",
        "A lift measured on a handful of defaults proves nothing.",
        "{\"kind\": \"thin-segment\", \"subject\": \"smb\", \"reason\": \"...\"}",
        "Otherwise fix it: Widen the test window of segment 'smb'.");

    String json = Files.readString(g.reportFile());
    assertValid(REPORT, json);
    JsonNode finding = new ObjectMapper().readTree(json).get("findings").get(0);
    assertThat(finding.get("kind").asText()).isEqualTo("thin-segment");
    assertThat(finding.get("subject").asText()).isEqualTo("smb");
    assertThat(finding.get("resolution").asText()).isEqualTo("waiver");
    assertThat(finding.get("evidence").get("positives").asInt()).isEqualTo(7);

    HtmlDoc page = HtmlDoc.read(g.htmlFile());
    assertThat(page.one("//section[@id='verdict']//li[@data-kind='thin-segment']"))
        .startsWith("Segment 'smb' has only 7 positives.");
    assertThat(page.one("//section[@id='other-findings']//div[@data-kind='thin-segment']/p[@class='note']"))
        .isEqualTo("A lift measured on a handful of defaults proves nothing.");

    HtmlDoc index = HtmlDoc.read(scenarios.files.index());
    assertThat(index.one("//tr[@data-gate='" + ReportScenarios.GATE + "']/td[6]"))
        .isEqualTo("thin-segment: Segment 'smb' has only 7 positives.");

    scenarios.approve(g, List.of(new SignOff.Waiver("thin-segment", "smb", "smb launched in March; reviewed by hand")));
    PublishedGate waived = scenarios.publish(withThinSegments(), Mode.VERIFY);
    assertThat(waived.result().verdict()).isEqualTo(Verdict.PASSED_WITH_SIGN_OFF);
    assertThat(waived.result().waived()).singleElement().isInstanceOf(ThinSegment.class);
    assertThat(waived.text()).contains("  (waived by the leakage review)");
    assertValid(REPORT, Files.readString(waived.reportFile()));
  }

  @Test
  void aWaiverForAnotherSubjectDoesNotCoverIt() {
    PublishedGate g = scenarios.publish(withThinSegments(), Mode.LOCAL);
    scenarios.approve(g, List.of(new SignOff.Waiver("thin-segment", "retail", "not this one")));
    assertThat(scenarios.publish(withThinSegments(), Mode.VERIFY).result().verdict()).isEqualTo(Verdict.FAILED);
  }

  @Test
  void aCheckThatThrowsReturnsNullOrAnInvalidKindFailsTheGateNamingTheCheck() {
    Check throwing = Check.of("exploding", c -> {
      throw new IllegalStateException("segment table missing");
    });
    Check nulls = Check.of("nulls", c -> null);
    Check badKind = Check.of("bad kind", c -> List.of(renamed("Thin_Segment")));
    for (Check check : List.of(throwing, nulls, badKind)) {
      BacktestRun run = run(ReportScenarios.GATE, data(1, 2_000, 1.0, 0.95)).check(check).build();
      PublishedGate g = scenarios.publish(run, Mode.VERIFY);
      assertThat(g.result().verdict()).as(check.name()).isEqualTo(Verdict.FAILED);
      assertThat(g.result().unresolved()).singleElement().isInstanceOfSatisfying(Finding.CheckFailed.class,
          f -> assertThat(f.check()).isEqualTo(check.name()));
      assertThat(g.text()).contains("The " + check.name() + " check could not run");
    }
  }

  private static Finding renamed(String kind) {
    return new Finding() {
      @Override
      public String kind() {
        return kind;
      }

      @Override
      public Resolution resolution() {
        return Resolution.SIGN_OFF;
      }

      @Override
      public Rendering render() {
        return Rendering.of("x");
      }
    };
  }


}
