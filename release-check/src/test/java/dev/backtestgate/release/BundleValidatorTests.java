package dev.backtestgate.release;

import static dev.backtestgate.release.HandMadeReactor.CORE;
import static dev.backtestgate.release.HandMadeReactor.PARENT;
import static dev.backtestgate.release.HandMadeReactor.resealed;
import static dev.backtestgate.release.HandMadeReactor.utf8;
import static dev.backtestgate.release.HandMadeReactor.without;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Hand-made bundles, each missing or breaking exactly one thing Central (or our own rules) requires. */
class BundleValidatorTests {
  @TempDir
  Path root;

  private final BundleValidator validator = new BundleValidator(TestKey.RELEASE.publicKeys(), Map.of());

  private Bundle valid() {
    return new HandMadeReactor().bundle(root);
  }

  private Bundle withCorePom(UnaryEdit edit) {
    HandMadeReactor reactor = new HandMadeReactor();
    Bundle bundle = reactor.bundle(root);
    return resealed(bundle, CORE + ".pom", utf8(edit.apply(reactor.corePom)));
  }

  private Bundle withParentPom(UnaryEdit edit) {
    HandMadeReactor reactor = new HandMadeReactor();
    Bundle bundle = reactor.bundle(root);
    return resealed(bundle, PARENT + ".pom", utf8(edit.apply(reactor.parentPom)));
  }

  private Bundle withSbom(String... components) {
    return resealed(valid(), CORE + "-cyclonedx.json", utf8(HandMadeReactor.sbom(components)));
  }

  interface UnaryEdit {
    String apply(String s);
  }

  @Test
  void aCompleteBundlePasses() {
    Bundle bundle = valid();
    assertThat(bundle.entries()).containsKeys(PARENT + ".pom", PARENT + ".pom.asc", PARENT + ".pom.md5",
        CORE + ".jar", CORE + ".jar.asc", CORE + ".jar.sha1", CORE + "-sources.jar", CORE + "-javadoc.jar",
        CORE + "-cyclonedx.json", CORE + "-cyclonedx.json.asc", CORE + ".pom.sha512");
    assertThat(validator.problems(bundle)).isEmpty();
  }

  @ParameterizedTest
  @ValueSource(strings = {".jar", "-sources.jar", "-javadoc.jar", "-cyclonedx.json", ".jar.asc", ".pom.asc",
      "-javadoc.jar.asc", ".jar.md5", ".jar.sha1", ".pom.md5", ".pom.sha1", "-sources.jar.sha1"})
  void aMissingFileIsNamed(String suffix) {
    List<String> problems = validator.problems(without(valid(), CORE + suffix));
    assertThat(problems).anySatisfy(p -> assertThat(p).startsWith(CORE + suffix + ": missing").contains("Fix:"));
    assertThat(problems).allSatisfy(p -> assertThat(p).contains(CORE + suffix));
  }

  @Test
  void aMissingPomIsNamed() {
    Bundle bundle = valid();
    for (String sidecar : List.of("", ".asc", ".md5", ".sha1", ".sha256", ".sha512")) {
      bundle = without(bundle, CORE + ".pom" + sidecar);
    }
    assertThat(validator.problems(bundle)).containsExactly(
        CORE + ".pom: missing; Central requires a POM for every component. Fix: build it with mvn -Prelease verify"
            + " from the repository root (the release profile attaches and signs it)");
  }

  @Test
  void aMissingParentPomIsNamed() {
    Bundle bundle = valid();
    for (String sidecar : List.of("", ".asc", ".md5", ".sha1", ".sha256", ".sha512")) {
      bundle = without(bundle, PARENT + ".pom" + sidecar);
    }
    assertThat(validator.problems(bundle)).anySatisfy(p -> assertThat(p).startsWith(CORE + ".pom: its parent"
        + " com.example.demo:demo-parent:1.0.0-SNAPSHOT is not in the bundle"));
  }

  @Test
  void aSignatureByAnotherKeyIsRefused() {
    Map<String, byte[]> entries = new TreeMap<>(valid().entries());
    entries.put(CORE + ".jar.asc", TestKey.STRANGER.sign(entries.get(CORE + ".jar")));
    assertThat(validator.problems(Bundle.of(entries))).singleElement().asString()
        .startsWith(CORE + ".jar.asc: is signed by key ").contains("which is not the release key");
  }

  @Test
  void aFileChangedAfterSigningIsRefused() {
    Bundle tampered = resealed(valid(), CORE + ".jar", utf8("PK a different jar"));
    Map<String, byte[]> entries = new TreeMap<>(tampered.entries());
    entries.put(CORE + ".jar.asc", valid().entries().get(CORE + ".jar.asc"));
    assertThat(validator.problems(Bundle.of(entries))).singleElement().asString()
        .isEqualTo(CORE + ".jar.asc: does not verify: the file was changed after it was signed. Fix: sign with the"
            + " release key: rebuild with mvn -Prelease verify and MAVEN_GPG_KEY set to it (docs/releasing.md)");
  }

  @Test
  void aSignatureThatIsNoSignatureIsRefused() {
    Map<String, byte[]> entries = new TreeMap<>(valid().entries());
    entries.put(CORE + ".jar.asc", utf8("not a signature"));
    assertThat(validator.problems(Bundle.of(entries))).singleElement().asString()
        .startsWith(CORE + ".jar.asc: ");
  }

  @Test
  void aWrongChecksumIsRefused() {
    Map<String, byte[]> entries = new TreeMap<>(valid().entries());
    entries.put(CORE + "-sources.jar.sha1", utf8("0000000000000000000000000000000000000000"));
    assertThat(validator.problems(Bundle.of(entries))).containsExactly(CORE + "-sources.jar.sha1: does not match "
        + CORE + "-sources.jar. Fix: build it with mvn -Prelease verify from the repository root (the release profile"
        + " attaches and signs it)");
  }

  @Test
  void aModuleWithoutDescriptionIsRefusedNamingItsPom() {
    List<String> problems = validator.problems(withCorePom(p -> p.replace("<description>The demo's core.</description>",
        "")));
    assertThat(problems).singleElement().asString()
        .startsWith(CORE + ".pom: lacks <description>, which Central requires. Fix: add it to " + CORE + ".pom");
  }

  @ParameterizedTest
  @ValueSource(strings = {"url", "licenses", "developers", "scm", "name"})
  void eachRequiredPomFieldIsChecked(String field) {
    List<String> problems = validator.problems(withParentPom(p -> p.replaceAll("(?s)<" + field + ">.*?</" + field
        + ">", "")));
    String expected = switch (field) {
      case "licenses" -> "<licenses><license> with <name> and <url>";
      case "developers" -> "<developers><developer> with <name>";
      case "scm" -> "<scm><url>, <scm><connection>";
      default -> "<" + field + ">";
    };
    assertThat(problems).anySatisfy(p -> assertThat(p).startsWith(PARENT + ".pom: lacks " + expected));
    if (!field.equals("name")) {
      assertThat(problems).anySatisfy(p -> assertThat(p).startsWith(CORE + ".pom: lacks " + expected)
          .contains(PARENT + ".pom, the parent POM every module inherits them from")
          .doesNotContain("add them to " + CORE + ".pom").doesNotContain("add it to " + CORE + ".pom"));
    }
  }

  @Test
  void aLicenseWithoutUrlIsRefused() {
    List<String> problems = validator.problems(withParentPom(p -> p.replace(
        "<url>https://www.apache.org/licenses/LICENSE-2.0.txt</url>", "")));
    assertThat(problems).anySatisfy(p -> assertThat(p).contains("lacks <licenses><license> with <name> and <url>"));
  }

  @Test
  void aSnapshotDependencyInAPublishedPomIsRefused() {
    List<String> problems = validator.problems(withCorePom(p -> p.replace("</dependencies>",
        "<dependency><groupId>org.acme</groupId><artifactId>acme-util</artifactId><version>2.0-SNAPSHOT</version>"
            + "</dependency></dependencies>")));
    assertThat(problems).singleElement().asString().isEqualTo(CORE + ".pom: depends on the SNAPSHOT"
        + " org.acme:acme-util:2.0-SNAPSHOT, which no user of a release can resolve for sure. Fix: use a released"
        + " version in " + CORE + ".pom");
  }

  @Test
  void aSnapshotVersionThroughAParentPropertyIsRefused() {
    List<String> problems = validator.problems(withParentPom(p -> p.replace("<jackson.version>2.21.4",
        "<jackson.version>2.22.0-SNAPSHOT")));
    assertThat(problems).singleElement().asString()
        .contains("depends on the SNAPSHOT com.fasterxml.jackson.core:jackson-databind:2.22.0-SNAPSHOT");
  }

  @Test
  void theReleasesOwnSnapshotVersionIsTheReleaseToBe() {
    List<String> problems = validator.problems(withCorePom(p -> p.replace("</dependencies>",
        "<dependency><groupId>${project.groupId}</groupId><artifactId>demo-api</artifactId>"
            + "<version>${project.version}</version></dependency></dependencies>")));
    assertThat(problems).isEmpty();
  }

  @Test
  void aModulePomThatLeavesAVersionToTheParentIsRefused() {
    // Issue 45: a module's own pom.xml published as it is; a consumer needs the parent's dependency management
    List<String> problems = validator.problems(withCorePom(p -> p.replace("<version>2.21.4</version>", "")));
    assertThat(problems).singleElement().asString().isEqualTo(CORE + ".pom: leaves the version of"
        + " com.fasterxml.jackson.core:jackson-databind to the parent's dependency management, so a user resolves it"
        + " only through the parent and every BOM the parent imports (offline, a project fails on the first it"
        + " lacks). Fix: publish the module's consumer POM (flatten-maven-plugin in the root pom.xml writes"
        + " target/<artifactId>-<version>.pom; docs/releasing.md)");
  }

  @Test
  void aModulePomWhoseParentImportsABomIsRefused() {
    List<String> problems = validator.problems(withParentPom(p -> p.replace("<dependencyManagement><dependencies>",
        "<dependencyManagement><dependencies><dependency><groupId>com.fasterxml.jackson</groupId>"
            + "<artifactId>jackson-bom</artifactId><version>${jackson.version}</version><type>pom</type>"
            + "<scope>import</scope></dependency>")));
    assertThat(problems).singleElement().asString().isEqualTo(CORE + ".pom: a user must first fetch"
        + " com.fasterxml.jackson:jackson-bom:2.21.4 (imported by its parent), which the bundle does not hold, before"
        + " reading it. Fix: publish the module's consumer POM (flatten-maven-plugin in the root pom.xml writes"
        + " target/<artifactId>-<version>.pom; docs/releasing.md)");
  }

  @Test
  void aConsumerPomWithoutParentAndWithEveryVersionPasses() {
    String consumer = """
        <project>
          <modelVersion>4.0.0</modelVersion>
          <groupId>com.example.demo</groupId>
          <artifactId>demo-core</artifactId>
          <version>1.0.0-SNAPSHOT</version>
          <name>demo (core)</name>
          <description>The demo's core.</description>
          <url>https://example.org/demo</url>
          <licenses><license><name>Apache License, Version 2.0</name>
            <url>https://www.apache.org/licenses/LICENSE-2.0.txt</url></license></licenses>
          <developers><developer><name>The demo maintainers</name></developer></developers>
          <scm><connection>scm:git:https://example.org/demo.git</connection><url>https://example.org/demo</url></scm>
          <dependencies>
            <dependency><groupId>com.fasterxml.jackson.core</groupId><artifactId>jackson-databind</artifactId>
              <version>2.21.4</version><scope>compile</scope></dependency>
          </dependencies>
        </project>
        """;
    // the parent imports a BOM for the project's own build; the module's consumer POM does not need it
    Bundle bundle = new HandMadeReactor().consumerPom(consumer)
        .editParentPom(p -> p.replace("<dependencyManagement><dependencies>", "<dependencyManagement><dependencies>"
            + "<dependency><groupId>com.fasterxml.jackson</groupId><artifactId>jackson-bom</artifactId>"
            + "<version>${jackson.version}</version><type>pom</type><scope>import</scope></dependency>"))
        .bundle(root);
    assertThat(validator.problems(bundle)).isEmpty();
  }

  @Test
  void aGplDependencyInTheRuntimeTreeIsRefused() {
    List<String> problems = validator.problems(withSbom("""
        {"type": "library", "group": "com.github.haifengl", "name": "smile-core", "version": "3.1.1",
         "licenses": [{"license": {"id": "GPL-3.0-only"}}]}"""));
    assertThat(problems).singleElement().asString().startsWith(CORE + "-cyclonedx.json (the SBOM of " + CORE
        + ".pom): has the GPL dependency com.github.haifengl:smile-core:3.1.1 (GPL-3.0-only) in the runtime tree")
        .contains("Fix: remove it or give it test scope");
  }

  @Test
  void aDependencyWithoutLicenseIsRefused() {
    List<String> problems = validator.problems(withSbom("""
        {"type": "library", "group": "org.acme", "name": "mystery", "version": "1.0"}"""));
    assertThat(problems).singleElement().asString().contains("names no license for the dependency org.acme:mystery:1.0");
  }

  @Test
  void lgplClasspathExceptionAndDualLicensesPass() {
    assertThat(validator.problems(withSbom("""
        {"type": "library", "group": "org.a", "name": "lesser", "version": "1", "licenses": [{"license": {"id": "LGPL-2.1-only"}}]}""",
        """
        {"type": "library", "group": "org.a", "name": "cpe", "version": "1", "licenses": [{"license": {"name": "GPL2 w/ CPE"}}]}""",
        """
        {"type": "library", "group": "org.a", "name": "dual", "version": "1",
         "licenses": [{"license": {"id": "EPL-2.0"}}, {"license": {"name": "GNU General Public License, version 2"}}]}""",
        """
        {"type": "library", "group": "org.a", "name": "either", "version": "1", "licenses": [{"expression": "MIT OR GPL-2.0-only"}]}""")))
        .isEmpty();
  }

  @Test
  void aSnapshotInTheRuntimeTreeIsRefused() {
    List<String> problems = validator.problems(withSbom("""
        {"type": "library", "group": "org.acme", "name": "acme-util", "version": "2.0-SNAPSHOT",
         "licenses": [{"license": {"id": "Apache-2.0"}}]}"""));
    assertThat(problems).singleElement().asString()
        .contains("has the SNAPSHOT dependency org.acme:acme-util:2.0-SNAPSHOT in the runtime tree");
  }

  @Test
  void anSbomBreakingTheCycloneDxSchemaIsRefused() {
    List<String> problems = validator.problems(withSbom("""
        {"type": "gadget", "group": "org.acme", "name": "acme-util", "version": "2.0",
         "licenses": [{"license": {"id": "Apache-2.0"}}]}"""));
    assertThat(problems).singleElement().asString()
        .startsWith(CORE + "-cyclonedx.json (the SBOM of " + CORE + ".pom): breaks the CycloneDX 1.6 schema at")
        .contains("/components/0/type");
  }

  @Test
  void aFileThatIsNoSbomIsRefused() {
    Bundle bundle = resealed(valid(), CORE + "-cyclonedx.json", utf8("{\"hello\": 1}"));
    assertThat(validator.problems(bundle)).singleElement().asString().contains("is not a CycloneDX 1.2-1.6 SBOM");
  }

  @Test
  void gplIsToldFromItsRelatives() {
    assertThat(List.of("GPL-3.0-only", "GPL-2.0-or-later", "AGPL-3.0", "GNU General Public License v3.0", "GPLv2"))
        .allMatch(Sbom::isGpl);
    assertThat(List.of("LGPL-2.1-only", "GNU Lesser General Public License", "Apache-2.0", "MIT", "EPL-2.0",
        "GPL-2.0-with-classpath-exception", "GPL2 w/ CPE", "Eclipse Public License - v 2.0")).noneMatch(Sbom::isGpl);
  }
}
