package dev.backtestgate.release;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Collects what {@code mvn -Prelease verify} built into Central's bundle layout: for the parent POM and every published
 * module, {@code group/path/artifact/version/} with the POM (a module's consumer POM), the jar, sources and Javadoc
 * jars and the CycloneDX SBOM, and the files a module attaches besides ({@value #ATTACHED}), each with the {@code .asc}
 * the GPG plugin wrote beside it and md5, sha1, sha256 and sha512 checksums (as Central's publishing plugin writes
 * them). The tests jar the core attaches for its own build is left out.
 */
final class BundleAssembler {
  /** The classifier suffixes of a published module's files besides its POM. */
  static final List<String> MODULE_FILES = List.of(".jar", "-sources.jar", "-javadoc.jar", "-cyclonedx.json");
  static final String UNPUBLISHED = "backtestgate.unpublished";
  /**
   * A module's property naming further files it publishes beside the jar, as classifier suffixes separated by commas
   * (the command-line module's executable jar: {@code -all.jar}).
   */
  static final String ATTACHED = "backtestgate.attached";

  /** The bundle's entries and, for messages, the source file each came from (relative to the root). */
  record Assembly(Bundle bundle, Map<String, String> origins, List<String> problems) {}

  private BundleAssembler() {}

  static Assembly assemble(Path root, List<String> publishedModules) {
    Map<String, byte[]> entries = new TreeMap<>();
    Map<String, String> origins = new LinkedHashMap<>();
    List<String> problems = new ArrayList<>();
    Pom parent = Pom.parse("pom.xml", read(root.resolve("pom.xml")));
    checkReactor(root, parent, publishedModules, problems);
    add(root, "", parent, entries, origins, problems);
    for (String module : publishedModules) {
      Path pomFile = root.resolve(module).resolve("pom.xml");
      if (!Files.isRegularFile(pomFile)) {
        problems.add(module + "/pom.xml: missing, but release-check/pom.xml lists " + module + " as published. Fix:"
            + " correct the list of published modules there");
        continue;
      }
      add(root, module + "/", Pom.parse(module + "/pom.xml", read(pomFile)), entries, origins, problems);
    }
    return new Assembly(Bundle.of(entries), origins, problems);
  }

  /** Every module of the reactor is either published or marked never-published, with install and deploy skipped. */
  private static void checkReactor(Path root, Pom parent, List<String> published, List<String> problems) {
    for (String module : parent.modules()) {
      Pom pom = Pom.parse(module + "/pom.xml", read(root.resolve(module).resolve("pom.xml")));
      boolean unpublished = "true".equals(pom.properties().get(UNPUBLISHED));
      if (published.contains(module) && unpublished) {
        problems.add(module + "/pom.xml: sets " + UNPUBLISHED + " but release-check/pom.xml publishes it. Fix: remove"
            + " one of the two");
      } else if (!published.contains(module)) {
        List<String> lacking = new ArrayList<>();
        for (String skip : List.of(UNPUBLISHED, "maven.install.skip", "maven.deploy.skip")) {
          if (!"true".equals(pom.properties().get(skip))) {
            lacking.add("<" + skip + ">true</" + skip + ">");
          }
        }
        if (!lacking.isEmpty()) {
          problems.add(module + "/pom.xml: the module is neither published (the list in release-check/pom.xml) nor"
              + " marked never-published. Fix: add it to that list, or set " + String.join(", ", lacking)
              + " in its <properties>");
        }
      }
    }
  }

  private static void add(Path root, String moduleDir, Pom pom, Map<String, byte[]> entries,
      Map<String, String> origins, List<String> problems) {
    String base = pom.groupId().replace('.', '/') + "/" + pom.artifactId() + "/" + pom.version() + "/"
        + pom.artifactId() + "-" + pom.version();
    String target = moduleDir + "target/" + pom.artifactId() + "-" + pom.version();
    Map<String, String> files = new LinkedHashMap<>();
    // The parent ships its pom.xml; a module its consumer POM (flatten-maven-plugin, root pom.xml): no parent, every
    // dependency's version written out, so a user resolves it without the parent's dependency management and BOMs.
    // Messages still name the module's pom.xml, the file to fix.
    files.put(base + ".pom", moduleDir.isEmpty() ? "pom.xml" : target + ".pom");
    files.put(base + ".pom.asc", target + ".pom.asc");
    if (!pom.packaging().equals("pom")) {
      List<String> suffixes = new ArrayList<>(MODULE_FILES);
      String attached = pom.properties().get(ATTACHED);
      if (attached != null) {
        for (String suffix : attached.split(",")) {
          if (!suffix.isBlank()) {
            suffixes.add(suffix.trim());
          }
        }
      }
      for (String suffix : suffixes) {
        files.put(base + suffix, target + suffix);
        files.put(base + suffix + ".asc", target + suffix + ".asc");
      }
    }
    for (Map.Entry<String, String> f : files.entrySet()) {
      Path source = root.resolve(f.getValue());
      if (!Files.isRegularFile(source)) {
        problems.add(f.getValue() + ": missing, so the bundle would lack " + f.getKey() + ". Fix: build with"
            + " mvn -Prelease verify from the repository root (MAVEN_GPG_KEY set), not a single module or phase");
        continue;
      }
      byte[] content = read(source);
      entries.put(f.getKey(), content);
      origins.put(f.getKey(), f.getKey().endsWith(".pom") ? moduleDir + "pom.xml" : f.getValue());
      if (!f.getKey().endsWith(".asc")) {
        for (Map.Entry<String, String> d : BundleValidator.digestAlgorithms().entrySet()) {
          entries.put(f.getKey() + "." + d.getKey(),
              BundleValidator.digest(d.getValue(), content).getBytes(StandardCharsets.US_ASCII));
        }
      }
    }
  }

  private static byte[] read(Path file) {
    try {
      return Files.readAllBytes(file);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
    }
  }
}
