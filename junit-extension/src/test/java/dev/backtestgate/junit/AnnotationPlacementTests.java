package dev.backtestgate.junit;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where @LeakageGated can sit: method, class, superclass, meta-annotation, enclosing class of @Nested. */
class AnnotationPlacementTests {
  private GateKit kit;

  @BeforeEach
  void kit(@TempDir Path temp) {
    kit = new GateKit(temp);
  }

  @Test
  void onAClassItGatesEveryTestMethod() {
    GateKit.Outcome outcome = kit.run(ClassLevelTestCases.class);

    outcome.results().testEvents().assertStatistics(stats -> stats.succeeded(1).failed(1));
    assertThat(outcome.failures()).singleElement().asInstanceOf(org.assertj.core.api.InstanceOfAssertFactories.THROWABLE)
        .hasMessageStartingWith("Leakage gate FAILED: " + ClassLevelTestCases.class.getName() + "#leaky\n");
    assertThat(kit.report(ClassLevelTestCases.class.getName() + "#honest")).exists();
  }

  @Test
  void onAMethodItGatesOnlyThatMethod() {
    GateKit.Outcome outcome = kit.run(MethodLevelTestCases.class);

    outcome.results().testEvents().assertStatistics(stats -> stats.succeeded(1).failed(1));
    assertThat(outcome.failures().get(0)).isInstanceOf(LeakageGateFailure.class);
    assertThat(outcome.entries()).hasSize(1);
  }

  @Test
  void theNearestAnnotationThatSetsMaxLiftWins() {
    GateKit.Outcome outcome = kit.run(NearestTestCases.class);

    outcome.results().testEvents().assertStatistics(stats -> stats.succeeded(2).failed(1));
    assertThat(outcome.failures().get(0)).hasMessageStartingWith(
        "Leakage gate FAILED: " + NearestTestCases.class.getName() + "#strictOnTheMethod\n")
        .hasMessageContaining("above the 0.010 limit");
  }

  @Test
  void itWorksAsAMetaAnnotation() {
    kit.run(MetaAnnotatedTestCases.class).assertPassed(2);

    assertThat(kit.reportJson(MetaAnnotatedTestCases.class.getName() + "#onTheMethod").at("/policy/maxLift").asDouble())
        .isEqualTo(0.5);
    assertThat(kit.report(MetaAnnotatedTestCases.OnTheClass.class.getName() + "#leaky")).exists();
  }

  @Test
  void aSubclassInheritsItFromItsSuperclass() {
    Throwable failure = kit.run(SubclassTestCases.class).onlyFailure();

    assertThat(failure).hasMessageStartingWith("Leakage gate FAILED: " + SubclassTestCases.class.getName() + "#leaky");
  }

  @Test
  void anEnclosingClassGatesItsNestedClasses() {
    Throwable failure = kit.run(EnclosingTestCases.class).onlyFailure();

    assertThat(failure).isInstanceOf(LeakageGateFailure.class).hasMessageStartingWith(
        "Leakage gate FAILED: " + EnclosingTestCases.Inner.class.getName() + "#leaky\n");
    assertThat(EnclosingTestCases.Inner.class.getName()).endsWith("$EnclosingTestCases$Inner");
  }

  @Test
  void theIdAttributeNamesTheGate() {
    kit.run(CustomIdTestCases.class).assertPassed(2);

    assertThat(kit.report("churn-gbm")).exists();
    assertThat(kit.report("churn#onlyTheClassId")).exists();
    assertThat(kit.reportJson("churn-gbm").get("gate").asText()).isEqualTo("churn-gbm");
  }

  @Retention(RetentionPolicy.RUNTIME)
  @Target({ElementType.TYPE, ElementType.METHOD})
  @LeakageGated(maxLift = 0.5)
  @interface TolerantGate {}

  @LeakageGated
  static class ClassLevelTestCases {
    @Test
    void honest(Backtest backtest) {
      Samples.HONEST.recordInto(backtest);
    }

    @Test
    void leaky(Backtest backtest) {
      Samples.LEAKY.recordInto(backtest);
    }
  }

  static class MethodLevelTestCases {
    @Test
    @LeakageGated
    void gated(Backtest backtest) {
      Samples.LEAKY.recordInto(backtest);
    }

    @Test
    void notGated() {
      assertThat(List.of()).isEmpty();
    }
  }

  @LeakageGated(maxLift = 0.5)
  static class NearestTestCases {
    @Test
    @LeakageGated(maxLift = 0.01)
    void strictOnTheMethod(Backtest backtest) {
      Samples.LEAKY.recordInto(backtest);
    }

    @Test
    @LeakageGated
    void unsetOnTheMethod(Backtest backtest) {
      Samples.LEAKY.recordInto(backtest);
    }

    @Test
    void tolerantFromTheClass(Backtest backtest) {
      Samples.LEAKY.recordInto(backtest);
    }
  }

  static class MetaAnnotatedTestCases {
    @Test
    @TolerantGate
    void onTheMethod(Backtest backtest) {
      Samples.LEAKY.recordInto(backtest);
    }

    @TolerantGate
    @Nested
    class OnTheClass {
      @Test
      void leaky(Backtest backtest) {
        Samples.LEAKY.recordInto(backtest);
      }
    }
  }

  @LeakageGated
  abstract static class GatedBase {}

  static class SubclassTestCases extends GatedBase {
    @Test
    void leaky(Backtest backtest) {
      Samples.LEAKY.recordInto(backtest);
    }
  }

  @LeakageGated
  static class EnclosingTestCases {
    @Nested
    class Inner {
      @Test
      void leaky(Backtest backtest) {
        Samples.LEAKY.recordInto(backtest);
      }
    }
  }

  @LeakageGated(id = "churn")
  static class CustomIdTestCases {
    @Test
    @LeakageGated(id = "churn-gbm")
    void gbm(Backtest backtest) {
      Samples.HONEST.recordInto(backtest);
    }

    @Test
    void onlyTheClassId(Backtest backtest) {
      Samples.HONEST.recordInto(backtest);
    }
  }
}
