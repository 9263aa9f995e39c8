package dev.backtestgate.cli.workflow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import dev.backtestgate.cli.workflow.fixtures.DirectFixture;
import dev.backtestgate.cli.workflow.fixtures.HistoryFixture;
import dev.backtestgate.cli.workflow.fixtures.InheritedFixture;
import dev.backtestgate.cli.workflow.fixtures.InterfaceFixture;
import dev.backtestgate.cli.workflow.fixtures.MetaFixture;
import dev.backtestgate.cli.workflow.fixtures.NestedFixture;
import dev.backtestgate.cli.workflow.fixtures.OverrideFixture;
import dev.backtestgate.cli.workflow.fixtures.TemplateFixture;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineTestKit;

class GatedTestScannerTests {
  private static final String P = "dev.backtestgate.cli.workflow.fixtures.";

  private static List<GatedMethod> scanFixtures(Path own) throws IOException {
    TestClasses.copy(own, TestClasses.fixtures().toArray(String[]::new));
    try (ClassIndex index = new ClassIndex(own, TestClasses.classpath())) {
      return GatedTestScanner.scan(index);
    }
  }

  @Test
  void findsEveryPlacementJUnitRuns(@TempDir Path own) throws IOException {
    Map<String, GatedMethod> byName = scanFixtures(own).stream()
        .collect(Collectors.toMap(GatedMethod::name, Function.identity()));
    assertThat(byName).containsOnlyKeys(
        P + "DirectFixture#gbm", P + "DirectFixture#custom", P + "DirectFixture#off",
        P + "MetaFixture#viaMeta",
        P + "InheritedFixture#inherited",
        P + "NestedFixture$Inner#deep", P + "NestedFixture$Inner$Deeper#deeper", P + "NestedFixture$Off#skipped",
        P + "TemplateFixture#parameterized", P + "TemplateFixture#repeated",
        P + "InterfaceFixture#fromInterface",
        P + "HistoryFixture#reader", P + "HistoryFixture#early");
    assertThat(byName.get(P + "DirectFixture#custom").gateId()).isEqualTo("churn-model");
    assertThat(byName.get(P + "MetaFixture#viaMeta").gateId()).isEqualTo("composed");
    assertThat(byName.get(P + "NestedFixture$Inner$Deeper#deeper").gateId()).isEqualTo("renamed#deeper");
    assertThat(byName.get(P + "DirectFixture#off").disabled()).isEqualTo("@Disabled(\"waiting for data\")");
    assertThat(byName.get(P + "NestedFixture$Off#skipped").disabled()).isEqualTo("@Disabled");
    assertThat(byName.get(P + "DirectFixture#gbm").disabled()).isNull();
    assertThat(byName.get(P + "TemplateFixture#parameterized").template()).isTrue();
    assertThat(byName.get(P + "TemplateFixture#repeated").template()).isTrue();
    assertThat(byName.get(P + "DirectFixture#gbm").template()).isFalse();
    assertThat(byName.get(P + "NestedFixture$Inner#deep").topLevelClass())
        .isEqualTo("dev/backtestgate/cli/workflow/fixtures/NestedFixture");
    SourceLocation inherited = byName.get(P + "InheritedFixture#inherited").location();
    assertThat(inherited.declaringClass()).isEqualTo(P + "BaseFixture");
    assertThat(inherited.relativePath()).isEqualTo("dev/backtestgate/cli/workflow/fixtures/BaseFixture.java");
    assertThat(inherited.firstLine()).isEqualTo(12);
  }

  @Test
  void gateIdsAreTheOnesTheExtensionWritesReportsFor(@TempDir Path own, @TempDir Path reports,
      @TempDir Path reviews) throws IOException {
    List<GatedMethod> scanned = scanFixtures(own);
    EngineTestKit.engine("junit-jupiter")
        .selectors(selectClass(DirectFixture.class), selectClass(MetaFixture.class),
            selectClass(InheritedFixture.class), selectClass(OverrideFixture.class), selectClass(NestedFixture.class),
            selectClass(TemplateFixture.class), selectClass(InterfaceFixture.class),
            selectClass(HistoryFixture.class))
        .configurationParameter("backtestgate.report-dir", reports.toString())
        .configurationParameter("backtestgate.review-dir", reviews.toString())
        .configurationParameter("backtestgate.mode", "verify")
        .execute();
    List<String> written = GateReports.read(reports).reports().stream().map(GateReport::gate).sorted().toList();
    assertThat(written).containsExactlyInAnyOrder(
        P + "DirectFixture#gbm", "churn-model", "composed", P + "InheritedFixture#inherited",
        P + "NestedFixture$Inner#deep", "renamed#deeper",
        P + "TemplateFixture#parameterized[1]", P + "TemplateFixture#parameterized[2]",
        P + "TemplateFixture#repeated[1]", P + "TemplateFixture#repeated[2]",
        P + "InterfaceFixture#fromInterface",
        P + "HistoryFixture#reader", P + "HistoryFixture#early");
    for (String gate : written) {
      assertThat(scanned).filteredOn(m -> m.matches(gate)).as(gate).hasSize(1);
    }
    for (GatedMethod m : scanned) {
      assertThat(written.stream().anyMatch(m::matches)).as(m.name()).isEqualTo(m.disabled() == null);
    }
  }

  @Test
  void inheritsTheClassAnnotationFromASuperclassInAJar(@TempDir Path own, @TempDir Path jars) throws IOException {
    TestClasses.copy(own, "dev/backtestgate/cli/workflow/fixtures/InheritedFixture");
    Path jar = TestClasses.jar(jars.resolve("base.jar"), "dev/backtestgate/cli/workflow/fixtures/BaseFixture");
    List<Path> classpath = new java.util.ArrayList<>(List.of(jar));
    classpath.addAll(TestClasses.classpath().stream().filter(p -> p.toString().endsWith(".jar")).toList());
    try (ClassIndex index = new ClassIndex(own, classpath)) {
      assertThat(GatedTestScanner.scan(index)).extracting(GatedMethod::gateId)
          .containsExactly(P + "InheritedFixture#inherited");
    }
  }

  @Test
  void templateGatesMatchOnlyInvocationSuffixes() {
    GatedMethod m = new GatedMethod("a.B#c", "a.B#c", true, null, "a/B", new SourceLocation("a.B", "a", "B.java",
        "c", 3));
    assertThat(m.matches("a.B#c[1]")).isTrue();
    assertThat(m.matches("a.B#c[12][3]")).isTrue();
    assertThat(m.matches("a.B#c")).isTrue();
    assertThat(m.matches("a.B#cd")).isFalse();
    assertThat(m.matches("a.B#c[x]")).isFalse();
    assertThat(m.matches("a.B#c[1]x")).isFalse();
  }
}
