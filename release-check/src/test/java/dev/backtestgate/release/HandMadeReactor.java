package dev.backtestgate.release;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.UnaryOperator;

/**
 * A tiny reactor as {@code mvn -Prelease verify} leaves it: a parent POM, one published module ({@code core}, artifact
 * {@code demo-core}) with its jar, sources, Javadoc and SBOM, each signed, and a never-published {@code examples}
 * module. Each piece can be edited before {@link #write}, to make the broken bundles the tests need.
 */
final class HandMadeReactor {
  static final String GROUP = "com.example.demo";
  static final String VERSION = "1.0.0-SNAPSHOT";
  static final String CORE = "com/example/demo/demo-core/" + VERSION + "/demo-core-" + VERSION;
  static final String PARENT = "com/example/demo/demo-parent/" + VERSION + "/demo-parent-" + VERSION;
  static final List<String> PUBLISHED = List.of("core");

  String parentPom = """
      <project>
        <modelVersion>4.0.0</modelVersion>
        <groupId>com.example.demo</groupId>
        <artifactId>demo-parent</artifactId>
        <version>1.0.0-SNAPSHOT</version>
        <packaging>pom</packaging>
        <name>demo (parent)</name>
        <description>The demo's parent.</description>
        <url>https://example.org/demo</url>
        <licenses><license><name>Apache License, Version 2.0</name>
          <url>https://www.apache.org/licenses/LICENSE-2.0.txt</url></license></licenses>
        <developers><developer><name>The demo maintainers</name></developer></developers>
        <scm><connection>scm:git:https://example.org/demo.git</connection><url>https://example.org/demo</url></scm>
        <modules><module>core</module><module>examples</module></modules>
        <properties><jackson.version>2.21.4</jackson.version></properties>
        <dependencyManagement><dependencies>
          <dependency><groupId>com.fasterxml.jackson.core</groupId><artifactId>jackson-databind</artifactId>
            <version>${jackson.version}</version></dependency>
        </dependencies></dependencyManagement>
      </project>
      """;
  String corePom = """
      <project>
        <modelVersion>4.0.0</modelVersion>
        <parent><groupId>com.example.demo</groupId><artifactId>demo-parent</artifactId>
          <version>1.0.0-SNAPSHOT</version></parent>
        <artifactId>demo-core</artifactId>
        <name>demo (core)</name>
        <description>The demo's core.</description>
        <dependencies>
          <dependency><groupId>com.fasterxml.jackson.core</groupId><artifactId>jackson-databind</artifactId>
            <version>2.21.4</version></dependency>
        </dependencies>
      </project>
      """;
  /** The core's consumer POM, what the bundle ships ({@code target/demo-core-<version>.pom}); null: the same text. */
  String coreConsumerPom;
  String examplesPom = """
      <project>
        <modelVersion>4.0.0</modelVersion>
        <parent><groupId>com.example.demo</groupId><artifactId>demo-parent</artifactId>
          <version>1.0.0-SNAPSHOT</version></parent>
        <artifactId>demo-examples</artifactId>
        <properties>
          <maven.install.skip>true</maven.install.skip>
          <maven.deploy.skip>true</maven.deploy.skip>
          <backtestgate.unpublished>true</backtestgate.unpublished>
        </properties>
      </project>
      """;
  String coreSbom = sbom("""
      {"type": "library", "group": "com.fasterxml.jackson.core", "name": "jackson-databind", "version": "2.21.4",
       "licenses": [{"license": {"id": "Apache-2.0"}}], "purl": "pkg:maven/com.fasterxml.jackson.core/jackson-databind@2.21.4"}""");

  /** A CycloneDX 1.6 SBOM of demo-core whose components are the given JSON objects. */
  static String sbom(String... components) {
    return """
        {
          "bomFormat": "CycloneDX",
          "specVersion": "1.6",
          "serialNumber": "urn:uuid:3e671687-395b-41f5-a30f-a58921a69b79",
          "version": 1,
          "metadata": {"component": {"type": "library", "group": "com.example.demo", "name": "demo-core",
            "version": "1.0.0-SNAPSHOT", "licenses": [{"license": {"id": "Apache-2.0"}}]}},
          "components": [%s]
        }
        """.formatted(String.join(",\n", components));
  }

  HandMadeReactor editCorePom(UnaryOperator<String> edit) {
    corePom = edit.apply(corePom);
    return this;
  }

  HandMadeReactor consumerPom(String pom) {
    coreConsumerPom = pom;
    return this;
  }

  HandMadeReactor editParentPom(UnaryOperator<String> edit) {
    parentPom = edit.apply(parentPom);
    return this;
  }

  /** Writes the reactor under {@code root}, every file signed with {@code key}; returns {@code root}. */
  Path write(Path root, TestKey key) {
    Map<String, byte[]> files = new TreeMap<>();
    files.put("pom.xml", utf8(parentPom));
    files.put("core/pom.xml", utf8(corePom));
    files.put("examples/pom.xml", utf8(examplesPom));
    files.put("core/target/demo-core-" + VERSION + ".jar", utf8("PK jar of demo-core"));
    files.put("core/target/demo-core-" + VERSION + "-sources.jar", utf8("PK sources of demo-core"));
    files.put("core/target/demo-core-" + VERSION + "-javadoc.jar", utf8("PK javadoc of demo-core"));
    files.put("core/target/demo-core-" + VERSION + "-cyclonedx.json", utf8(coreSbom));
    files.put("target/demo-parent-" + VERSION + ".pom.asc", key.sign(utf8(parentPom)));
    String consumerPom = coreConsumerPom == null ? corePom : coreConsumerPom;
    files.put("core/target/demo-core-" + VERSION + ".pom", utf8(consumerPom));
    files.put("core/target/demo-core-" + VERSION + ".pom.asc", key.sign(utf8(consumerPom)));
    for (String suffix : BundleAssembler.MODULE_FILES) {
      String file = "core/target/demo-core-" + VERSION + suffix;
      files.put(file + ".asc", key.sign(files.get(file)));
    }
    try {
      for (Map.Entry<String, byte[]> f : files.entrySet()) {
        Path target = root.resolve(f.getKey());
        Files.createDirectories(target.getParent());
        Files.write(target, f.getValue());
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return root;
  }

  /** The bundle this reactor assembles to (problems of the assembly itself are not looked at). */
  Bundle bundle(Path root) {
    return BundleAssembler.assemble(write(root, TestKey.RELEASE), PUBLISHED).bundle();
  }

  /** {@code bundle} with {@code entry} replaced by {@code content}, signed and checksummed again as a build would. */
  static Bundle resealed(Bundle bundle, String entry, byte[] content) {
    Map<String, byte[]> entries = new TreeMap<>(bundle.entries());
    entries.put(entry, content);
    entries.put(entry + ".asc", TestKey.RELEASE.sign(content));
    for (Map.Entry<String, String> d : BundleValidator.digestAlgorithms().entrySet()) {
      entries.put(entry + "." + d.getKey(), utf8(BundleValidator.digest(d.getValue(), content)));
    }
    return Bundle.of(entries);
  }

  static Bundle without(Bundle bundle, String entry) {
    Map<String, byte[]> entries = new TreeMap<>(bundle.entries());
    if (entries.remove(entry) == null) {
      throw new IllegalArgumentException("no entry " + entry + " in " + entries.keySet());
    }
    return Bundle.of(entries);
  }

  static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }
}
