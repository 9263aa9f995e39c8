package dev.backtestgate.cli.workflow;

import java.io.IOException;
import java.io.OutputStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/** The compiled fixture classes and the test class path, as the check goal sees a module's. */
final class TestClasses {
  private TestClasses() {}

  /** This module's target/test-classes. */
  static Path directory() {
    try {
      return Path.of(TestClasses.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The running test class path (jars of JUnit and the extension among them). */
  static List<Path> classpath() {
    return Arrays.stream(System.getProperty("java.class.path").split(java.io.File.pathSeparator))
        .map(Path::of).toList();
  }

  /** Copies the classes whose internal names are given from the test classes into a new directory. */
  static Path copy(Path target, String... internalNames) throws IOException {
    for (String name : internalNames) {
      Path to = target.resolve(name + ".class");
      Files.createDirectories(to.getParent());
      Files.copy(directory().resolve(name + ".class"), to);
    }
    return target;
  }

  /** A jar holding the given classes. */
  static Path jar(Path file, String... internalNames) throws IOException {
    try (OutputStream out = Files.newOutputStream(file); ZipOutputStream zip = new ZipOutputStream(out)) {
      for (String name : internalNames) {
        zip.putNextEntry(new ZipEntry(name + ".class"));
        zip.write(Files.readAllBytes(directory().resolve(name + ".class")));
        zip.closeEntry();
      }
    }
    return file;
  }

  /** Every class file under the fixtures package, as internal names. */
  static List<String> fixtures() throws IOException {
    Path dir = directory().resolve("dev/backtestgate/cli/workflow/fixtures");
    try (Stream<Path> files = Files.list(dir)) {
      return files.map(p -> "dev/backtestgate/cli/workflow/fixtures/" + p.getFileName().toString().replace(".class", ""))
          .sorted().toList();
    }
  }
}
