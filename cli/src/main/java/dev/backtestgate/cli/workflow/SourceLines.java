package dev.backtestgate.cli.workflow;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.charset.MalformedInputException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Finds a test method's source file under the test source roots and the line that declares it: the class file's
 * line table gives the first line of code, the source gives the declaration just above it.
 *
 * <pre>{@code
 * Optional<SourceLines.Found> f = SourceLines.find(location, List.of(Path.of("src/test/java")));
 * }</pre>
 */
final class SourceLines {
  /** How far above the first line of code the declaration may be (annotations, a long signature). */
  private static final int LOOK_BACK = 40;
  private static final long MAX_SOURCE_BYTES = 8L << 20;

  private SourceLines() {}

  /**
   * A located method.
   *
   * @param file the source file
   * @param line its declaration line, or the first line of code when the declaration was not found, 0 if unknown
   */
  record Found(Path file, int line) {}

  /** The source file and line of {@code location}, if a source root holds its file. */
  static Optional<Found> find(SourceLocation location, List<Path> sourceRoots) {
    String relative = location.relativePath();
    if (relative == null) {
      return Optional.empty();
    }
    for (Path root : sourceRoots) {
      Path file = root.resolve(relative);
      if (Files.isRegularFile(file)) {
        return Optional.of(new Found(file.toAbsolutePath().normalize(), declarationLine(file, location)));
      }
    }
    return Optional.empty();
  }

  private static int declarationLine(Path file, SourceLocation location) {
    List<String> lines;
    try {
      if (Files.size(file) > MAX_SOURCE_BYTES) {
        return location.firstLine();
      }
      lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    } catch (MalformedInputException e) {
      return location.firstLine();
    } catch (IOException e) {
      return location.firstLine();
    }
    Pattern declaration = Pattern.compile("\\b" + Pattern.quote(location.method()) + "\\s*\\(");
    int from = location.firstLine() > 0 ? Math.min(location.firstLine(), lines.size()) : lines.size();
    int to = location.firstLine() > 0 ? Math.max(1, from - LOOK_BACK) : 1;
    for (int line = from; line >= to; line--) {
      if (declaration.matcher(lines.get(line - 1)).find()) {
        return line;
      }
    }
    return location.firstLine();
  }
}
