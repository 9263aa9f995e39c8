package dev.backtestgate.release;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Checks a bundle against Maven Central's published requirements
 * (https://central.sonatype.org/publish/requirements/): for every component (one {@code group/artifact/version}
 * directory) a POM, and unless it is {@code pom} packaging the jar, the sources jar and the Javadoc jar; for every
 * file a {@code .asc} signature that verifies with the release key and {@code .md5} and {@code .sha1} checksums that
 * match; in every POM (inherited from a parent in the bundle where Maven inherits it) name, description, url, a
 * license with name and url, a developer and scm url and connection; the project's own name and description in each
 * POM (an inherited description would describe another artifact).
 *
 * <p>On top of Central's rules: every component carries a CycloneDX SBOM ({@code -cyclonedx.json}) that is schema-valid,
 * no POM or runtime tree holds a SNAPSHOT dependency, and no runtime tree holds a GPL dependency ({@link Sbom}). The
 * release's own version may be a SNAPSHOT (the CI dry run of a release-to-be); every component must have that one
 * version, and its components may depend on each other at it.
 */
final class BundleValidator {
  /** The checksums Central requires for every file; sha256 and sha512 are checked when present. */
  private static final List<String> REQUIRED_CHECKSUMS = List.of("md5", "sha1");
  private static final Map<String, String> DIGESTS =
      Map.of("md5", "MD5", "sha1", "SHA-1", "sha256", "SHA-256", "sha512", "SHA-512");
  private static final String REBUILD = "Fix: build it with mvn -Prelease verify from the repository root"
      + " (the release profile attaches and signs it)";

  private final Signatures keys;
  private final Map<String, String> origins;

  /**
   * @param keys the release's public keys
   * @param origins for messages: the source file each bundle entry was made from (entries not in it are named alone)
   */
  BundleValidator(Signatures keys, Map<String, String> origins) {
    this.keys = keys;
    this.origins = Map.copyOf(origins);
  }

  /** Every problem in the bundle, each naming the file and the fix; empty when Central would accept it. */
  List<String> problems(Bundle bundle) {
    List<String> problems = new ArrayList<>();
    SortedMap<String, byte[]> entries = bundle.entries();
    if (entries.isEmpty()) {
      return List.of("the bundle is empty. " + REBUILD);
    }
    Map<String, List<String>> componentFiles = new TreeMap<>();
    for (String name : entries.keySet()) {
      int slash = name.lastIndexOf('/');
      componentFiles.computeIfAbsent(slash < 0 ? "" : name.substring(0, slash), k -> new ArrayList<>())
          .add(name.substring(slash + 1));
    }
    Map<String, Pom> poms = new LinkedHashMap<>();
    Map<String, String> pomEntries = new LinkedHashMap<>();
    for (String dir : componentFiles.keySet()) {
      String[] parts = dir.split("/");
      if (parts.length < 3) {
        problems.add(dir + "/: not in the repository layout group/path/artifact/version/. Fix: rebuild the bundle with"
            + " mvn -Prelease verify instead of zipping files by hand");
        continue;
      }
      String artifact = parts[parts.length - 2];
      String version = parts[parts.length - 1];
      String pomEntry = dir + "/" + artifact + "-" + version + ".pom";
      if (!entries.containsKey(pomEntry)) {
        problems.add(name(pomEntry) + ": missing; Central requires a POM for every component. " + REBUILD);
        continue;
      }
      try {
        Pom pom = Pom.parse(name(pomEntry), entries.get(pomEntry));
        String expected = String.join(".", Arrays.copyOf(parts, parts.length - 2));
        if (!pom.groupId().equals(expected) || !pom.artifactId().equals(artifact) || !pom.version().equals(version)) {
          problems.add(name(pomEntry) + ": says " + pom.groupId() + ":" + pom.artifactId() + ":" + pom.version()
              + " but lies in " + dir + "/. Fix: rebuild the bundle with mvn -Prelease verify");
        }
        poms.put(pom.groupId() + ":" + pom.artifactId(), pom);
        pomEntries.put(pom.groupId() + ":" + pom.artifactId(), pomEntry);
      } catch (IllegalArgumentException e) {
        problems.add(e.getMessage() + ". Fix: restore the POM from version control");
      }
    }
    List<String> versions = poms.values().stream().map(Pom::version).distinct().toList();
    if (versions.size() > 1) {
      problems.add("the bundle mixes the versions " + versions + ": a release has one version. Fix: set one version in"
          + " every module (mvn versions:set -DnewVersion=<version>) and rebuild");
    }
    String releaseVersion = versions.isEmpty() ? "" : versions.get(0);
    String releaseGroup = poms.values().stream().map(Pom::groupId).findFirst().orElse("");

    for (Map.Entry<String, Pom> e : poms.entrySet()) {
      Pom pom = e.getValue();
      String pomEntry = pomEntries.get(e.getKey());
      String dir = pomEntry.substring(0, pomEntry.lastIndexOf('/'));
      String base = dir + "/" + pom.artifactId() + "-" + pom.version();
      Optional<Pom> parent = pom.parent().map(p -> poms.get(p.groupId() + ":" + p.artifactId()));
      if (pom.parent().isPresent() && parent.isEmpty()) {
        Pom.Coordinates p = pom.parent().get();
        problems.add(name(pomEntry) + ": its parent " + p.groupId() + ":" + p.artifactId() + ":" + p.version()
            + " is not in the bundle, so no user can resolve this POM. Fix: publish the parent POM with the release"
            + " (it is built from the repository root's pom.xml)");
      }
      Optional<String> parentEntry = pom.parent().map(p -> pomEntries.get(p.groupId() + ":" + p.artifactId()));
      checkPomFields(pom, parent, pomEntry, parentEntry, problems);
      checkPomDependencies(pom, parent, pomEntry, releaseGroup, releaseVersion, problems);
      if (!pom.packaging().equals("pom")) {
        checkSelfSufficient(pom, parent, pomEntry, problems);
        for (String suffix : List.of(".jar", "-sources.jar", "-javadoc.jar", "-cyclonedx.json")) {
          if (!entries.containsKey(base + suffix)) {
            problems.add(name(base + suffix) + ": missing; " + (suffix.equals("-cyclonedx.json")
                ? "every published module carries its CycloneDX SBOM. " : "Central requires it. ") + REBUILD);
          }
        }
        byte[] sbom = entries.get(base + "-cyclonedx.json");
        if (sbom != null) {
          for (String p : Sbom.problems(sbom, releaseGroup, releaseVersion)) {
            problems.add(name(base + "-cyclonedx.json") + " (the SBOM of " + name(pomEntry) + "): " + p);
          }
        }
      }
    }

    for (Map.Entry<String, byte[]> e : entries.entrySet()) {
      String file = e.getKey();
      if (isSidecar(file)) {
        String main = file.substring(0, file.lastIndexOf('.'));
        if (!entries.containsKey(main)) {
          problems.add(name(file) + ": belongs to " + main + ", which is not in the bundle. " + REBUILD);
        }
        continue;
      }
      byte[] signature = entries.get(file + ".asc");
      if (signature == null) {
        problems.add(name(file + ".asc") + ": missing; Central requires a GPG signature of every file. Fix: build"
            + " with mvn -Prelease verify and MAVEN_GPG_KEY set (docs/releasing.md)");
      } else {
        for (String p : keys.problems(e.getValue(), signature)) {
          problems.add(name(file + ".asc") + ": " + p + ". Fix: sign with the release key: rebuild with"
              + " mvn -Prelease verify and MAVEN_GPG_KEY set to it (docs/releasing.md)");
        }
      }
      for (Map.Entry<String, String> d : DIGESTS.entrySet()) {
        byte[] written = entries.get(file + "." + d.getKey());
        if (written == null) {
          if (REQUIRED_CHECKSUMS.contains(d.getKey())) {
            problems.add(name(file + "." + d.getKey()) + ": missing; Central requires md5 and sha1 checksums of every"
                + " file. " + REBUILD);
          }
        } else if (!new String(written, StandardCharsets.US_ASCII).strip().toLowerCase(Locale.ROOT)
            .equals(digest(d.getValue(), e.getValue()))) {
          problems.add(name(file + "." + d.getKey()) + ": does not match " + file + ". " + REBUILD);
        }
      }
    }
    return problems;
  }

  private void checkPomFields(Pom pom, Optional<Pom> parent, String pomEntry, Optional<String> parentEntry,
      List<String> problems) {
    List<String> own = new ArrayList<>();
    for (String field : List.of("name", "description")) {
      if (pom.fields().getOrDefault(field, "").isBlank()) {
        own.add("<" + field + ">");
      }
    }
    List<String> inherited = new ArrayList<>();
    for (String field : List.of("url", "scm.url", "scm.connection")) {
      boolean present = !pom.fields().getOrDefault(field, "").isBlank()
          || parent.map(p -> !p.fields().getOrDefault(field, "").isBlank()).orElse(false);
      if (!present) {
        inherited.add(field.startsWith("scm.") ? "<scm><" + field.substring(4) + ">" : "<" + field + ">");
      }
    }
    List<Pom.License> licenses = pom.licenses().isEmpty() ? parent.map(Pom::licenses).orElse(List.of())
        : pom.licenses();
    if (licenses.isEmpty() || licenses.stream().anyMatch(l -> l.name().isBlank() || l.url().isBlank())) {
      inherited.add("<licenses><license> with <name> and <url>");
    }
    if (pom.developers() == 0 && parent.map(Pom::developers).orElse(0) == 0) {
      inherited.add("<developers><developer> with <name>");
    }
    if (!own.isEmpty()) {
      problems.add(name(pomEntry) + ": lacks " + String.join(", ", own) + ", which Central requires. Fix: add "
          + (own.size() == 1 ? "it" : "them") + " to " + origin(pomEntry) + " (each module describes itself; the "
          + "parent's text would describe another artifact)");
    }
    if (!inherited.isEmpty()) {
      problems.add(name(pomEntry) + ": lacks " + String.join(", ", inherited) + ", which Central requires. Fix: add "
          + (inherited.size() == 1 ? "it" : "them") + " to " + parentEntry.filter(e -> parent.isPresent())
              .map(e -> origin(e) + ", the parent POM every module inherits them from")
              .orElse(origin(pomEntry)));
    }
  }

  private void checkPomDependencies(Pom pom, Optional<Pom> parent, String pomEntry, String releaseGroup,
      String releaseVersion, List<String> problems) {
    Map<String, String> inherited = parent.map(Pom::properties).orElse(Map.of());
    pom.parent().ifPresent(p -> {
      if (p.version().toUpperCase(Locale.ROOT).contains("SNAPSHOT")
          && !(p.groupId().equals(releaseGroup) && p.version().equals(releaseVersion))) {
        problems.add(name(pomEntry) + ": its parent " + p.groupId() + ":" + p.artifactId() + ":" + p.version()
            + " is a SNAPSHOT. Fix: use a released parent in " + origin(pomEntry));
      }
    });
    for (Pom.Dependency d : pom.dependencies()) {
      String version = pom.interpolate(d.version(), inherited);
      String group = pom.interpolate(d.groupId(), inherited);
      if (version.toUpperCase(Locale.ROOT).contains("SNAPSHOT")
          && !(group.equals(releaseGroup) && version.equals(releaseVersion))) {
        problems.add(name(pomEntry) + ": depends on the SNAPSHOT " + group + ":" + d.artifactId() + ":" + version
            + ", which no user of a release can resolve for sure. Fix: use a released version in "
            + origin(pomEntry));
      }
    }
  }

  /**
   * A module's POM resolves from the bundle alone: every dependency names its version, and no BOM is imported (by it
   * or its parent) that a user would have to fetch before reading it.
   */
  private void checkSelfSufficient(Pom pom, Optional<Pom> parent, String pomEntry, List<String> problems) {
    String fix = "Fix: publish the module's consumer POM (flatten-maven-plugin in the root pom.xml writes "
        + "target/<artifactId>-<version>.pom; docs/releasing.md)";
    List<String> unversioned = pom.direct().stream().filter(d -> d.version().isBlank())
        .map(d -> d.groupId() + ":" + d.artifactId()).toList();
    if (!unversioned.isEmpty()) {
      problems.add(name(pomEntry) + ": leaves the version of " + String.join(", ", unversioned) + " to the parent's"
          + " dependency management, so a user resolves it only through the parent and every BOM the parent imports"
          + " (offline, a project fails on the first it lacks). " + fix);
    }
    List<String> boms = new ArrayList<>();
    pom.imports().forEach(b -> boms.add(b.groupId() + ":" + b.artifactId() + ":" + pom.interpolate(b.version(),
        parent.map(Pom::properties).orElse(Map.of())) + " (imported by it)"));
    parent.ifPresent(p -> p.imports().forEach(b -> boms.add(b.groupId() + ":" + b.artifactId() + ":"
        + p.interpolate(b.version(), Map.of()) + " (imported by its parent)")));
    if (!boms.isEmpty()) {
      problems.add(name(pomEntry) + ": a user must first fetch " + String.join(", ", boms) + ", which the bundle does"
          + " not hold, before reading it. " + fix);
    }
  }

  private static boolean isSidecar(String file) {
    return file.endsWith(".asc") || DIGESTS.keySet().stream().anyMatch(d -> file.endsWith("." + d));
  }

  private String name(String entry) {
    String origin = origins.get(entry);
    return origin == null ? entry : entry + " (from " + origin + ")";
  }

  private String origin(String entry) {
    return origins.getOrDefault(entry, entry);
  }

  static String digest(String algorithm, byte[] content) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance(algorithm).digest(content));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(algorithm + " is missing from this JVM", e);
    }
  }

  static Map<String, String> digestAlgorithms() {
    return DIGESTS;
  }
}
