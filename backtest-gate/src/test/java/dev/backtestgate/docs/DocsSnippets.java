package dev.backtestgate.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Compares the Java blocks of a docs page with the tagged regions of the test sources they come from. Above each
 * {@code ```java} fence a page carries {@code <!-- snippet: <path>#<tag> -->}, the path relative to the repository
 * root; the source marks the region with {@code // tag::<tag>[]} and {@code // end::<tag>[]}. The block equals the
 * region with its common leading indentation removed (trailing white space ignored); marker lines of other tags inside
 * the region are dropped from it. The source must be under a module's {@code src/test/java}, so the build compiles
 * and runs it.
 */
final class DocsSnippets {
  private static final Pattern JAVA_FENCE = Pattern.compile("^(\\s*)```java\\s*$");
  private static final Pattern FENCE_END = Pattern.compile("^\\s*```\\s*$");
  private static final Pattern MARKER = Pattern.compile("^\\s*<!-- snippet: (\\S+?)#(\\S+) -->\\s*$");
  private static final Pattern TAG_LINE = Pattern.compile("^\\s*// (tag|end)::([^\\[\\s]+)\\[]\\s*$");
  private static final Pattern TEST_SOURCE = Pattern.compile("^(.+)/src/test/java/.+\\.java$");

  private final Path repository;

  DocsSnippets(Path repository) {
    this.repository = repository;
  }

  /** Every problem of the page {@code page} (its text {@code text}), each as "page:line: what, and the fix". */
  List<String> problems(String page, String text) {
    List<String> lines = text.lines().toList();
    List<String> problems = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      if (!JAVA_FENCE.matcher(lines.get(i)).matches()) {
        continue;
      }
      int fence = i;
      int end = fence + 1;
      while (end < lines.size() && !FENCE_END.matcher(lines.get(end)).matches()) {
        end++;
      }
      String where = page + ":" + (fence + 1) + ": ";
      if (end == lines.size()) {
        problems.add(where + "the ```java block is never closed; end it with a ``` line");
        break;
      }
      List<String> block = lines.subList(fence + 1, end);
      Matcher marker = fence == 0 ? null : MARKER.matcher(lines.get(fence - 1));
      if (marker == null || !marker.matches()) {
        problems.add(where + "the ```java block has no snippet marker; put <!-- snippet: <module>/src/test/java/"
            + "<path>.java#<tag> --> on the line above it and the code between // tag::<tag>[] and // end::<tag>[]"
            + " in that test source");
      } else {
        problem(where, marker.group(1), marker.group(2), block).ifPresent(problems::add);
      }
      i = end;
    }
    return problems;
  }

  private Optional<String> problem(String where, String path, String tag, List<String> block) {
    Matcher testSource = TEST_SOURCE.matcher(path);
    if (!testSource.matches() || !Files.isRegularFile(repository.resolve(testSource.group(1)).resolve("pom.xml"))) {
      return Optional.of(where + "the snippet source " + path + " is not under a module's src/test/java,"
          + " so the build neither compiles nor runs it; move it to <module>/src/test/java/...");
    }
    Path source = repository.resolve(path).normalize();
    if (!source.startsWith(repository) || !Files.isRegularFile(source)) {
      return Optional.of(where + "the snippet source " + path + " does not exist; fix the path in the"
          + " marker (relative to the repository root)");
    }
    List<String> region;
    try {
      region = region(Files.readAllLines(source), tag);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (IllegalArgumentException e) {
      return Optional.of(where + path + ": " + e.getMessage());
    }
    List<String> expected = normalized(region);
    List<String> actual = normalized(block);
    for (int k = 0; k < Math.max(expected.size(), actual.size()); k++) {
      String want = k < expected.size() ? expected.get(k) : "<end of region>";
      String got = k < actual.size() ? actual.get(k) : "<end of block>";
      if (!want.equals(got)) {
        return Optional.of(where + "the block differs from " + path + "#" + tag + " at its line " + (k + 1)
            + ":\n  page:   " + got + "\n  source: " + want + "\ncopy the region into the page (or fix the source)");
      }
    }
    return Optional.empty();
  }

  /** The lines between {@code // tag::tag[]} and {@code // end::tag[]}, without other tags' marker lines. */
  static List<String> region(List<String> source, String tag) {
    int start = -1;
    int end = -1;
    for (int i = 0; i < source.size(); i++) {
      Matcher line = TAG_LINE.matcher(source.get(i));
      if (line.matches() && line.group(2).equals(tag)) {
        if (line.group(1).equals("tag")) {
          if (start >= 0) {
            throw new IllegalArgumentException("the tag '" + tag + "' opens twice (lines " + (start + 1) + " and "
                + (i + 1) + "); give each region its own tag");
          }
          start = i;
        } else if (start >= 0 && end < 0) {
          end = i;
        }
      }
    }
    if (start < 0) {
      throw new IllegalArgumentException("no line '// tag::" + tag + "[]'; mark the region in the source or fix the"
          + " tag in the marker");
    }
    if (end < 0) {
      throw new IllegalArgumentException("the tag '" + tag + "' (line " + (start + 1) + ") has no '// end::" + tag
          + "[]' after it; close the region");
    }
    return source.subList(start + 1, end).stream().filter(line -> !TAG_LINE.matcher(line).matches()).toList();
  }

  /** The lines with trailing white space and their common leading indentation removed. */
  static List<String> normalized(List<String> lines) {
    List<String> stripped = lines.stream().map(String::stripTrailing).toList();
    int indent = stripped.stream().filter(line -> !line.isEmpty())
        .mapToInt(line -> line.length() - line.stripLeading().length()).min().orElse(0);
    return stripped.stream().map(line -> line.isEmpty() ? line : line.substring(indent)).toList();
  }
}
