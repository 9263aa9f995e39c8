package dev.backtestgate.architecture;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;

/**
 * The rule that keeps every module's package graph acyclic, written once and checked by each module's architecture
 * tests: each package of backtest-gate is its own slice, the root package included (a pattern such as
 * {@code dev.backtestgate.(*)..} leaves the root out, and a cycle through it went unseen).
 *
 * <pre>{@code
 * PackageCycles.check("dev.backtestgate.spark");   // in the spark module's tests
 * }</pre>
 */
public final class PackageCycles {
  private PackageCycles() {}

  /** Each package of backtest-gate a slice of its own; classes of other libraries are not sliced. */
  private static final SliceAssignment EACH_PACKAGE = new SliceAssignment() {
    @Override
    public SliceIdentifier getIdentifierOf(JavaClass javaClass) {
      String pkg = javaClass.getPackageName();
      return pkg.equals("dev.backtestgate") || pkg.startsWith("dev.backtestgate.") ? SliceIdentifier.of(pkg)
          : SliceIdentifier.ignore();
    }

    @Override
    public String getDescription() {
      return "each package of backtest-gate";
    }
  };

  /** No cycle between any two packages of backtest-gate. */
  public static ArchRule rule() {
    return slices().assignedFrom(EACH_PACKAGE).should().beFreeOfCycles();
  }

  /** Checks the main classes of {@code packages} (and their sub-packages). */
  public static void check(String... packages) {
    rule().check(new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
        .importPackages(packages));
  }

  /** Checks {@code classes}. */
  public static void check(JavaClasses classes) {
    rule().check(classes);
  }
}
