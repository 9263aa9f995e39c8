package dev.backtestgate.release;

import static dev.backtestgate.release.HandMadeReactor.CORE;
import static dev.backtestgate.release.HandMadeReactor.PUBLISHED;
import static dev.backtestgate.release.HandMadeReactor.utf8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The release step end to end on hand-made reactors: a bundle only when everything passes, never a half-written one. */
class ReleaseCheckTests {
  @TempDir
  Path dir;

  private Path bundle() {
    return dir.resolve("out/central-bundle.zip");
  }

  private Path repository() {
    return dir.resolve("out/bundle-repository");
  }

  private void assemble(Path root) {
    ReleaseCheck.assemble(root, bundle(), repository(), PUBLISHED, TestKey.RELEASE.publicKeys());
  }

  @Test
  void aCompleteReactorGivesTheBundleAndItsRepository() throws IOException {
    assemble(new HandMadeReactor().write(dir.resolve("reactor"), TestKey.RELEASE));
    Bundle written = Bundle.read(bundle());
    // parent POM; module POM, jar, sources, Javadoc, SBOM: each with its signature and 4 checksums
    assertThat(written.entries().keySet()).hasSize(6 * 6);
    assertThat(repository().resolve(CORE + ".jar")).hasContent("PK jar of demo-core");
    assertThat(repository().resolve(CORE + ".jar.sha1")).exists();
    // The bundle is reproducible: assembled again from the same files, the zip is the same bytes.
    byte[] first = Files.readAllBytes(bundle());
    assemble(dir.resolve("reactor"));
    assertThat(Files.readAllBytes(bundle())).isEqualTo(first);
  }

  @Test
  void aModulesAttachedFilesGoIntoTheBundleSignedAndAMissingOneIsRefused() throws IOException {
    String attaching = "<artifactId>demo-core</artifactId>\n        <properties><backtestgate.attached>-all.jar"
        + "</backtestgate.attached></properties>";
    Path missing = new HandMadeReactor().editCorePom(p -> p.replace("<artifactId>demo-core</artifactId>", attaching))
        .write(dir.resolve("missing"), TestKey.RELEASE);
    assertThatThrownBy(() -> assemble(missing)).isInstanceOf(ReleaseRefused.class)
        .hasMessageContaining("core/target/demo-core-" + HandMadeReactor.VERSION + "-all.jar: missing, so the bundle "
            + "would lack " + CORE + "-all.jar");

    Path root = new HandMadeReactor().editCorePom(p -> p.replace("<artifactId>demo-core</artifactId>", attaching))
        .write(dir.resolve("reactor"), TestKey.RELEASE);
    Path jar = root.resolve("core/target/demo-core-" + HandMadeReactor.VERSION + "-all.jar");
    Files.writeString(jar, "PK executable jar of demo-core");
    Files.write(jar.resolveSibling(jar.getFileName() + ".asc"), TestKey.RELEASE.sign(Files.readAllBytes(jar)));
    assemble(root);
    assertThat(Bundle.read(bundle()).entries()).containsKeys(CORE + "-all.jar", CORE + "-all.jar.asc",
        CORE + "-all.jar.sha256");
  }

  @Test
  void aModuleWithoutDescriptionIsRefusedAndNoBundleIsLeft() throws IOException {
    assemble(new HandMadeReactor().write(dir.resolve("good"), TestKey.RELEASE));
    assertThat(bundle()).exists();
    Path root = new HandMadeReactor().editCorePom(p -> p.replace("<description>The demo's core.</description>", ""))
        .write(dir.resolve("bad"), TestKey.RELEASE);
    assertThatThrownBy(() -> assemble(root)).isInstanceOf(ReleaseRefused.class)
        .hasMessageContaining("The release bundle was refused (no bundle written):")
        .hasMessageContaining(CORE + ".pom (from core/pom.xml): lacks <description>, which Central requires. Fix: add"
            + " it to core/pom.xml");
    assertThat(bundle()).doesNotExist();
    assertThat(Files.list(bundle().getParent()).map(p -> p.getFileName().toString()))
        .noneMatch(name -> name.startsWith("central-bundle"));
  }

  @Test
  void aRebuildThatDiffersFromTheReferenceIsRefusedBeforeAnyBundleIsWritten() throws IOException {
    assemble(new HandMadeReactor().write(dir.resolve("first"), TestKey.RELEASE));
    Path reference = Files.copy(bundle(), dir.resolve("first-build.zip"));
    Files.delete(bundle());
    Path changed = new HandMadeReactor().editCorePom(p -> p.replace("<description>The demo's core.</description>",
        "<description>The demo's core, rebuilt.</description>")).write(dir.resolve("second"), TestKey.RELEASE);

    assertThatThrownBy(() -> ReleaseCheck.assemble(changed, bundle(), repository(), PUBLISHED,
        TestKey.RELEASE.publicKeys(), reference)).isInstanceOf(ReleaseRefused.class)
        .hasMessageContaining("Two builds of one commit differ, so the release is not reproducible and no bundle was "
            + "written")
        .hasMessageContaining(CORE + ".pom: differs");
    assertThat(bundle()).as("a refused rebuild leaves no central-bundle.zip").doesNotExist();

    ReleaseCheck.assemble(dir.resolve("first"), bundle(), repository(), PUBLISHED, TestKey.RELEASE.publicKeys(),
        reference);
    assertThat(bundle()).as("the same build is written").exists();
  }

  @Test
  void aSnapshotDependencyIsRefusedNamingThePomFile() {
    Path root = new HandMadeReactor().editCorePom(p -> p.replace("</dependencies>", "<dependency><groupId>org.acme"
        + "</groupId><artifactId>acme-util</artifactId><version>2.0-SNAPSHOT</version></dependency></dependencies>"))
        .write(dir.resolve("reactor"), TestKey.RELEASE);
    assertThatThrownBy(() -> assemble(root)).isInstanceOf(ReleaseRefused.class)
        .hasMessageContaining("(from core/pom.xml): depends on the SNAPSHOT org.acme:acme-util:2.0-SNAPSHOT")
        .hasMessageContaining("Fix: use a released version in core/pom.xml");
    assertThat(bundle()).doesNotExist();
  }

  @Test
  void aGplDependencyIsRefusedNamingTheModule() {
    HandMadeReactor reactor = new HandMadeReactor();
    reactor.coreSbom = HandMadeReactor.sbom("""
        {"type": "library", "group": "com.github.haifengl", "name": "smile-core", "version": "3.1.1",
         "licenses": [{"license": {"id": "GPL-3.0-only"}}]}""");
    Path root = reactor.write(dir.resolve("reactor"), TestKey.RELEASE);
    assertThatThrownBy(() -> assemble(root)).isInstanceOf(ReleaseRefused.class)
        .hasMessageContaining("(from core/target/demo-core-1.0.0-SNAPSHOT-cyclonedx.json) (the SBOM of " + CORE
            + ".pom (from core/pom.xml)): has the GPL dependency com.github.haifengl:smile-core:3.1.1");
    assertThat(bundle()).doesNotExist();
  }

  @Test
  void aMissingSignatureNamesTheFileTheBuildShouldHaveWritten() throws IOException {
    Path root = new HandMadeReactor().write(dir.resolve("reactor"), TestKey.RELEASE);
    Files.delete(root.resolve("core/target/demo-core-1.0.0-SNAPSHOT-javadoc.jar.asc"));
    assertThatThrownBy(() -> assemble(root)).isInstanceOf(ReleaseRefused.class)
        .hasMessageContaining("core/target/demo-core-1.0.0-SNAPSHOT-javadoc.jar.asc: missing, so the bundle would lack "
            + CORE + "-javadoc.jar.asc. Fix: build with mvn -Prelease verify from the repository root");
    assertThat(bundle()).doesNotExist();
  }

  @Test
  void aMissingKeyIsRefusedWithTheFix() {
    assertThatThrownBy(() -> ReleaseCheck.keys(Map.of(), null)).isInstanceOf(ReleaseRefused.class)
        .hasMessageContaining("MAVEN_GPG_KEY is not set. Fix: export MAVEN_GPG_KEY=\"$(gpg --armor"
            + " --export-secret-keys <key id>)\"");
    assertThatThrownBy(() -> ReleaseCheck.keys(Map.of("MAVEN_GPG_KEY", "no key here"), null))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("the environment variable MAVEN_GPG_KEY");
  }

  @Test
  void theSigningKeyInTheEnvironmentChecksItsOwnSignatures() throws IOException {
    Signatures keys = ReleaseCheck.keys(Map.of("MAVEN_GPG_KEY", TestKey.RELEASE.secretKeyRing()), null);
    byte[] content = utf8("content");
    assertThat(keys.problems(content, TestKey.RELEASE.sign(content))).isEmpty();
    assertThat(keys.problems(content, TestKey.STRANGER.sign(content))).singleElement().asString()
        .contains("not the release key");
    Path publicKey = Files.write(dir.resolve("release.asc"), TestKey.RELEASE.publicKeyRing());
    assertThat(ReleaseCheck.keys(Map.of(), publicKey.toString()).problems(content, TestKey.RELEASE.sign(content)))
        .isEmpty();
  }

  @Test
  void aReactorModuleNeitherPublishedNorMarkedIsRefused() {
    HandMadeReactor reactor = new HandMadeReactor();
    reactor.examplesPom = reactor.examplesPom.replace("<maven.install.skip>true</maven.install.skip>", "");
    Path root = reactor.write(dir.resolve("reactor"), TestKey.RELEASE);
    assertThatThrownBy(() -> assemble(root)).isInstanceOf(ReleaseRefused.class)
        .hasMessageContaining("examples/pom.xml: the module is neither published (the list in release-check/pom.xml)"
            + " nor marked never-published. Fix: add it to that list, or set"
            + " <maven.install.skip>true</maven.install.skip> in its <properties>");
  }

  @Test
  void inThisRepositoryEveryModuleIsPublishedOrNeverPublished() {
    Path repository = Path.of(System.getProperty("basedir", ".")).resolve("..").toAbsolutePath().normalize();
    Pom root = Pom.parse("pom.xml", read(repository.resolve("pom.xml")));
    List<String> published = List.of("backtest-gate", "junit-extension", "cli", "maven-plugin", "spark", "jdbc",
        "lakehouse");
    assertThat(root.modules()).containsAll(published).contains("examples", "benchmarks");
    for (String module : List.of("examples", "benchmarks")) {
      Map<String, String> properties = Pom.parse(module, read(repository.resolve(module).resolve("pom.xml")))
          .properties();
      assertThat(properties).as(module + " is never installed, deployed or released")
          .containsEntry("maven.install.skip", "true").containsEntry("maven.deploy.skip", "true")
          .containsEntry(BundleAssembler.UNPUBLISHED, "true");
    }
    Pom releaseCheck = Pom.parse("release-check/pom.xml", read(repository.resolve("release-check/pom.xml")));
    assertThat(releaseCheck.properties().get("release.modules").split(",")).containsExactlyElementsOf(published);
    assertThat(BundleAssembler.assemble(repository, published).problems())
        .noneMatch(p -> p.contains("neither published"));
  }

  @Test
  void twoBuildsAreComparedFileByFileSignaturesAside() {
    Bundle a = new HandMadeReactor().bundle(dir.resolve("a"));
    Bundle b = new HandMadeReactor().bundle(dir.resolve("b"));
    Map<String, byte[]> resigned = new TreeMap<>(b.entries());
    resigned.put(CORE + ".jar.asc", TestKey.STRANGER.sign(resigned.get(CORE + ".jar")));
    assertThat(ReleaseCheck.compare(a, Bundle.of(resigned))).isEmpty();
    Map<String, byte[]> changed = new TreeMap<>(b.entries());
    changed.put(CORE + ".jar", utf8("PK another jar"));
    changed.remove(CORE + "-javadoc.jar.md5");
    assertThat(ReleaseCheck.compare(a, Bundle.of(changed))).satisfiesExactly(
        p -> assertThat(p).startsWith(CORE + "-javadoc.jar.md5: only in the first build"),
        p -> assertThat(p).startsWith(CORE + ".jar: differs (sha256 "));
  }

  @Test
  void aJarThatDiffersIsNamedWithItsFirstDifferingEntryAndTheTextThere() {
    Bundle a = new HandMadeReactor().bundle(dir.resolve("a"));
    Map<String, byte[]> first = new TreeMap<>(a.entries());
    Map<String, byte[]> second = new TreeMap<>(a.entries());
    // Issue 46: a shaded jar's NOTICE written in the JVM's default charset on a machine without the locale
    first.put(CORE + "-all.jar", jar(Map.of("META-INF/MANIFEST.MF", "Manifest-Version: 1.0\n",
        "META-INF/NOTICE", "Copyright 2010-2012 CS Syst\u00e8mes d'Information\n")));
    second.put(CORE + "-all.jar", jar(Map.of("META-INF/MANIFEST.MF", "Manifest-Version: 1.0\n",
        "META-INF/NOTICE", "Copyright 2010-2012 CS Syst??mes d'Information\n")));
    first.put(CORE + "-all.jar.sha1", utf8("one"));
    second.put(CORE + "-all.jar.sha1", utf8("two"));
    assertThat(ReleaseCheck.compare(Bundle.of(first), Bundle.of(second))).singleElement().asString()
        .startsWith(CORE + "-all.jar: differs (sha256 ")
        .contains("; first differing entry META-INF/NOTICE: at byte 28, \"yright 2010-2012 CS Syst\u00e8mes "
            + "d'Information\\n\" vs \"yright 2010-2012 CS Syst??mes d'Information\\n\"")
        .endsWith(", and so do its checksums");

    second.put(CORE + "-all.jar", jar(Map.of("META-INF/MANIFEST.MF", "Manifest-Version: 1.0\n")));
    assertThat(ReleaseCheck.compare(Bundle.of(first), Bundle.of(second))).singleElement().asString()
        .contains("; first differing entry META-INF/NOTICE: only in the first build");
  }

  private static byte[] jar(Map<String, String> entries) {
    java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
    try (java.util.zip.ZipOutputStream out = new java.util.zip.ZipOutputStream(bytes)) {
      for (Map.Entry<String, String> e : new TreeMap<>(entries).entrySet()) {
        java.util.zip.ZipEntry entry = new java.util.zip.ZipEntry(e.getKey());
        entry.setTime(0);
        out.putNextEntry(entry);
        out.write(utf8(e.getValue()));
        out.closeEntry();
      }
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    return bytes.toByteArray();
  }

  private static byte[] read(Path file) {
    try {
      return Files.readAllBytes(file);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
