package dev.backtestgate.cli;

import dev.backtestgate.BacktestRun;
import dev.backtestgate.cli.workflow.Versions;
import dev.backtestgate.junit.LeakageGated;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;

/**
 * A Maven repository holding this build's {@code backtest-gate-junit} and the core it brings, for a sample project
 * built by a tool other than Maven (sbt): the jars this module's tests run on (a classes directory, in a build of
 * some modules only, packed into a jar) and the poms of the source tree, which are the poms Maven installs. Never
 * {@code ~/.m2}: a stale snapshot installed there must not stand in for this build's.
 *
 * <pre>{@code
 * Path repository = BuildRepository.write(target.resolve("repository"));
 * }</pre>
 */
final class BuildRepository {
  private static final Path ROOT = SampleProjects.MODULE_DIR.getParent();

  private BuildRepository() {}

  /** One artifact: its id, its pom in the source tree, and a class of its jar (none for the parent pom). */
  private record Artifact(String id, Path pom, Class<?> type) {}

  /** Writes the repository under {@code root} (replacing what an earlier run wrote) and returns {@code root}. */
  static Path write(Path root) throws IOException {
    for (Artifact artifact : List.of(new Artifact("backtest-gate-parent", ROOT.resolve("pom.xml"), null),
        new Artifact("backtest-gate", ROOT.resolve("backtest-gate/pom.xml"), BacktestRun.class),
        new Artifact("backtest-gate-junit", ROOT.resolve("junit-extension/pom.xml"), LeakageGated.class))) {
      Path dir = root.resolve("dev/backtestgate").resolve(artifact.id()).resolve(Versions.PLUGIN);
      Files.createDirectories(dir);
      String file = artifact.id() + "-" + Versions.PLUGIN;
      Files.copy(artifact.pom(), dir.resolve(file + ".pom"), StandardCopyOption.REPLACE_EXISTING);
      if (artifact.type() != null) {
        jar(location(artifact.type()), dir.resolve(file + ".jar"));
      }
    }
    return root;
  }

  private static Path location(Class<?> type) {
    try {
      return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  private static void jar(Path from, Path to) throws IOException {
    if (Files.isRegularFile(from)) {
      Files.copy(from, to, StandardCopyOption.REPLACE_EXISTING);
      return;
    }
    Manifest manifest = new Manifest();
    manifest.getMainAttributes().putValue("Manifest-Version", "1.0");
    try (OutputStream out = Files.newOutputStream(to); JarOutputStream jar = new JarOutputStream(out, manifest);
        Stream<Path> files = Files.walk(from)) {
      for (Path file : files.filter(Files::isRegularFile).sorted().toList()) {
        jar.putNextEntry(new JarEntry(from.relativize(file).toString().replace('\\', '/')));
        Files.copy(file, jar);
        jar.closeEntry();
      }
    }
  }
}
