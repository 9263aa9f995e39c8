package dev.backtestgate.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.apiguardian.api.API;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The core's shape, enforced: one concept per package, no cycles, internals stay inside, no JUnit. */
class ArchitectureTests {
  private static JavaClasses core;

  @BeforeAll
  static void importCore() {
    core = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
        .importPackages("dev.backtestgate");
  }

  @Test
  void packagesHaveNoCycles() {
    slices().matching("dev.backtestgate.(*)..").should().beFreeOfCycles().check(core);
  }

  @Test
  void theRootPackageIsNotACycleMemberEither() {
    noClasses().that().resideInAnyPackage("dev.backtestgate.internal..", "dev.backtestgate.metrics..",
        "dev.backtestgate.time..", "dev.backtestgate.review..")
        .should().dependOnClassesThat().resideInAnyPackage("dev.backtestgate", "dev.backtestgate.report..")
        .check(core);
  }

  @Test
  void internalDependsOnNothingOfOurs() {
    noClasses().that().resideInAPackage("dev.backtestgate.internal..")
        .should().dependOnClassesThat().resideInAnyPackage("dev.backtestgate", "dev.backtestgate.metrics..",
            "dev.backtestgate.time..", "dev.backtestgate.review..", "dev.backtestgate.report..")
        .check(core);
  }

  @Test
  void coreImportsNoJUnit() {
    noClasses().should().dependOnClassesThat().resideInAnyPackage("org.junit..", "org.opentest4j..")
        .check(core);
  }

  @Test
  void everyPublicTopLevelTypeOutsideInternalDeclaresItsApiStatus() {
    classes().that().arePublic().and().areTopLevelClasses()
        .and().resideOutsideOfPackage("dev.backtestgate.internal..")
        .should().beAnnotatedWith(API.class)
        .check(core);
  }
}
