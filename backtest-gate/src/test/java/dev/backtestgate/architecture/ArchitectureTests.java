package dev.backtestgate.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.apiguardian.api.API;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The core's shape, enforced: one concept per package, no cycles, internals stay inside, no JUnit. */
class ArchitectureTests {
  /** Every built-in check's package. */
  static final String[] CHECKS = {"dev.backtestgate.lift..", "dev.backtestgate.lifttrend..",
      "dev.backtestgate.pointintime..",
      "dev.backtestgate.history..", "dev.backtestgate.screen.featurelabel..", "dev.backtestgate.screen.horizon..",
      "dev.backtestgate.screen.overlap..", "dev.backtestgate.screen.futureread.."};
  /** The gate, its configuration and its reports: what the foundations must not know. */
  private static final String[] ROOT_AND_ABOVE = {"dev.backtestgate", "dev.backtestgate.report..",
      "dev.backtestgate.lift..", "dev.backtestgate.lifttrend..", "dev.backtestgate.pointintime..",
      "dev.backtestgate.history..",
      "dev.backtestgate.screen.."};
  private static JavaClasses core;

  @BeforeAll
  static void importCore() {
    core = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
        .importPackages("dev.backtestgate");
  }

  @Test
  void packagesHaveNoCyclesTheRootIncluded() {
    PackageCycles.check(core);
  }

  @Test
  void theCycleRuleFailsOnAPlantedCycle() {
    JavaClasses planted = new ClassFileImporter().importPackages("dev.backtestgate.fixture.cycle");
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> PackageCycles.check(planted))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("dev.backtestgate.fixture.cycle.a")
        .hasMessageContaining("dev.backtestgate.fixture.cycle.b");
  }

  @Test
  void theRootPackageNamesNoCheck() {
    noClasses().that().resideInAPackage("dev.backtestgate")
        .should().dependOnClassesThat().resideInAnyPackage(CHECKS)
        .check(core);
  }

  /** The foundations: they know nothing of the gate, its checks or its reports. */
  @Test
  void foundationsDependOnNoGateNoCheckAndNoReport() {
    noClasses().that().resideInAnyPackage("dev.backtestgate.internal..", "dev.backtestgate.metrics..",
        "dev.backtestgate.time..", "dev.backtestgate.review..")
        .should().dependOnClassesThat().resideInAnyPackage(ROOT_AND_ABOVE)
        .check(core);
  }

  @Test
  void internalDependsOnNothingOfOurs() {
    noClasses().that().resideInAPackage("dev.backtestgate.internal..")
        .should().dependOnClassesThat().resideInAnyPackage(ROOT_AND_ABOVE)
        .orShould().dependOnClassesThat().resideInAnyPackage("dev.backtestgate.metrics..", "dev.backtestgate.time..",
            "dev.backtestgate.review..")
        .check(core);
  }

  /** One check, one package: a check depends on the gate's SPI and the foundations, never on another check. */
  @Test
  void aCheckDependsOnNoOtherCheckAndOnNoReport() {
    for (String check : CHECKS) {
      String[] others = java.util.Arrays.stream(CHECKS).filter(c -> !c.equals(check)).toArray(String[]::new);
      noClasses().that().resideInAPackage(check)
          .should().dependOnClassesThat().resideInAnyPackage(others)
          .orShould().dependOnClassesThat().resideInAPackage("dev.backtestgate.report..")
          .check(core);
    }
  }

  /** Every package says in its package-info.java what it is for and what it may depend on. */
  @Test
  void everyPackageSaysWhatItIsFor() {
    for (String pkg : core.stream().map(c -> c.getPackageName()).distinct().toList()) {
      org.assertj.core.api.Assertions.assertThat(core.containPackage(pkg) && core.getPackage(pkg)
          .tryGetPackageInfo().isPresent()).as("package-info.java of %s", pkg).isTrue();
    }
  }

  @Test
  void coreImportsNoJUnit() {
    noClasses().should().dependOnClassesThat().resideInAnyPackage("org.junit..", "org.opentest4j..")
        .check(core);
  }

  @Test
  void everyPublicTopLevelTypeDeclaresItsApiStatus() {
    classes().that().arePublic().and().areTopLevelClasses()
        .should().beAnnotatedWith(API.class)
        .check(core);
  }
}
