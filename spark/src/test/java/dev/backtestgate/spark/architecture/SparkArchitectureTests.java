package dev.backtestgate.spark.architecture;

import dev.backtestgate.architecture.PackageCycles;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.apiguardian.api.API;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The spark module's shape: every public type says its API status, and it uses only the core's API. */
class SparkArchitectureTests {
  private static final String MODULE = "dev.backtestgate.spark";
  private static JavaClasses spark;

  @BeforeAll
  static void importModule() {
    spark = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
        .importPackages(MODULE);
  }

  /**
   * The core's rules that every engine applies, written once and called by each (one rule, one home): INTERNAL to
   * users, shared with the engines of this repository.
   */
  static final java.util.Set<String> ENGINE_RULES = java.util.Set.of("dev.backtestgate.time.AsOfRule",
      "dev.backtestgate.review.RowHash", "dev.backtestgate.review.FingerprintV2");

  /** Classes of other modules users must not build on: the core's internal package and INTERNAL types. */
  static DescribedPredicate<JavaClass> internalsOutside(String module) {
    return DescribedPredicate.describe("internals of another backtest-gate module",
        c -> c.getPackageName().startsWith("dev.backtestgate") && !c.getPackageName().startsWith(module)
            && !ENGINE_RULES.contains(c.getName().replaceFirst("\\$.*", ""))
            && (c.getPackageName().startsWith("dev.backtestgate.internal")
                || c.tryGetAnnotationOfType(API.class).map(api -> api.status() == API.Status.INTERNAL)
                    .orElse(false)));
  }

  @Test
  void everyPublicTopLevelTypeDeclaresItsApiStatus() {
    classes().that().arePublic().and().areTopLevelClasses().should().beAnnotatedWith(API.class).check(spark);
  }

  @Test
  void usesNoInternalsOfOtherModules() {
    noClasses().should().dependOnClassesThat(internalsOutside(MODULE)).check(spark);
  }

  @Test
  void mainCodeImportsNoTestFramework() {
    noClasses().should().dependOnClassesThat()
        .resideInAnyPackage("org.junit..", "org.opentest4j..", "org.assertj..", "net.jqwik..").check(spark);
  }

  @Test
  void packagesHaveNoCycles() {
    PackageCycles.check(MODULE);
  }
}
