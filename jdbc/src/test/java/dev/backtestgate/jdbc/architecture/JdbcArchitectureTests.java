package dev.backtestgate.jdbc.architecture;

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

/**
 * The jdbc module's shape: every public type says its API status, it uses only the core's API, and it needs
 * nothing but {@code java.sql} at compile time (users bring their own driver).
 */
class JdbcArchitectureTests {
  private static final String MODULE = "dev.backtestgate.jdbc";
  private static JavaClasses jdbc;

  @BeforeAll
  static void importModule() {
    jdbc = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
        .importPackages(MODULE);
  }

  /** Classes of other modules users must not build on: the core's internal package and INTERNAL types. */
  static DescribedPredicate<JavaClass> internalsOutside(String module) {
    return DescribedPredicate.describe("internals of another backtest-gate module",
        c -> c.getPackageName().startsWith("dev.backtestgate") && !c.getPackageName().startsWith(module)
            && (c.getPackageName().startsWith("dev.backtestgate.internal")
                || c.tryGetAnnotationOfType(API.class).map(api -> api.status() == API.Status.INTERNAL)
                    .orElse(false)));
  }

  @Test
  void everyPublicTopLevelTypeDeclaresItsApiStatus() {
    classes().that().arePublic().and().areTopLevelClasses().should().beAnnotatedWith(API.class).check(jdbc);
  }

  @Test
  void usesNoInternalsOfOtherModules() {
    noClasses().should().dependOnClassesThat(internalsOutside(MODULE)).check(jdbc);
  }

  @Test
  void usesNoDriverAndNoTestFramework() {
    noClasses().should().dependOnClassesThat().resideInAnyPackage("org.postgresql..", "org.duckdb..",
        "org.junit..", "org.opentest4j..", "org.assertj..", "net.jqwik..").check(jdbc);
  }

  @Test
  void packagesHaveNoCycles() {
    PackageCycles.check(MODULE);
  }
}
