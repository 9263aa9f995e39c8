package dev.backtestgate.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * The sample projects under src/it that the tests build without Maven (the Console Launcher's, sbt's), copied where
 * a test may write.
 *
 * <pre>{@code
 * SampleProjects.copy(SampleProjects.MODULE_DIR.resolve("src/it/sbt"), project);
 * }</pre>
 */
final class SampleProjects {
  /** This module's directory (Surefire's {@code basedir}). */
  static final Path MODULE_DIR = Path.of(System.getProperty("basedir", "")).toAbsolutePath();

  private SampleProjects() {}

  /** Copies the tree {@code from} into {@code to}. */
  static void copy(Path from, Path to) {
    try (Stream<Path> files = Files.walk(from)) {
      for (Path file : files.toList()) {
        Path target = to.resolve(from.relativize(file).toString());
        if (Files.isDirectory(file)) {
          Files.createDirectories(target);
        } else {
          Files.copy(file, target);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
