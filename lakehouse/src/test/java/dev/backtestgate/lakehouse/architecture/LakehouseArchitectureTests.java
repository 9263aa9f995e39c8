package dev.backtestgate.lakehouse.architecture;

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

/** The lakehouse module's shape: every public type says its API status, and it uses only the core's API. */
class LakehouseArchitectureTests {
  private static final String MODULE = "dev.backtestgate.lakehouse";
  private static JavaClasses lakehouse;

  @BeforeAll
  static void importModule() {
    lakehouse = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
        .importPackages(MODULE);
  }

  private static DescribedPredicate<JavaClass> coreInternals() {
    return DescribedPredicate.describe("internals of the core",
        c -> c.getPackageName().startsWith("dev.backtestgate") && !c.getPackageName().startsWith(MODULE)
            && (c.getPackageName().startsWith("dev.backtestgate.internal")
                || c.tryGetAnnotationOfType(API.class).map(api -> api.status() == API.Status.INTERNAL)
                    .orElse(false)));
  }

  @Test
  void everyPublicTopLevelTypeDeclaresItsApiStatus() {
    classes().that().arePublic().and().areTopLevelClasses().should().beAnnotatedWith(API.class).check(lakehouse);
  }

  @Test
  void usesNoInternalsOfTheCore() {
    noClasses().should().dependOnClassesThat(coreInternals()).check(lakehouse);
  }

  @Test
  void mainCodeImportsNoTestFramework() {
    noClasses().should().dependOnClassesThat()
        .resideInAnyPackage("org.junit..", "org.opentest4j..", "org.assertj..", "net.jqwik..").check(lakehouse);
  }

  @Test
  void packagesHaveNoCycles() {
    PackageCycles.check(MODULE);
  }
}
