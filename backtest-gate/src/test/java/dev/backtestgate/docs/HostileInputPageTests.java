package dev.backtestgate.docs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.backtestgate.SchemaAssertions;
import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * docs/hostile-input.md stays true as tests come and go: its header's count of cases and classes is the sum of its
 * catalogue table's, and every test class the page names ({@code SomethingTests}) is a test source of some module.
 */
class HostileInputPageTests {
  private static final Pattern HEADER =
      Pattern.compile("The catalogue that pins them has (\\d+) cases in (\\d+) classes");
  /** A table cell's entry: {@code `HostileTimeTests` (30)} or {@code `AuditCommandTests` (14 bad scored files: ...}. */
  private static final Pattern ENTRY = Pattern.compile("`(\\w+Tests)` \\((\\d+)");
  private static final Pattern NAMED = Pattern.compile("`(\\w+Tests)`");

  private final Path root = SchemaAssertions.repository();

  @Test
  void theHeaderCountsTheCatalogueTable() throws IOException {
    List<String> lines = Files.readAllLines(root.resolve("docs/hostile-input.md"));
    Matcher header = HEADER.matcher(String.join(" ", lines));
    assertThat(header.find()).as("the header sentence 'The catalogue that pins them has N cases in M classes'")
        .isTrue();

    int cases = 0;
    int classes = 0;
    int table = lines.indexOf("| module | classes (cases) |");
    assertThat(table).as("the catalogue table's header row").isNotNegative();
    for (String row : lines.subList(table + 2, lines.size())) {
      if (!row.startsWith("|")) {
        break;
      }
      Matcher entry = ENTRY.matcher(row);
      while (entry.find()) {
        cases += Integer.parseInt(entry.group(2));
        classes++;
      }
    }

    assertThat(classes).as("classes in the catalogue table").isPositive();
    assertThat(header.group(1) + " cases in " + header.group(2) + " classes").as("the header of docs/hostile-input.md")
        .isEqualTo(cases + " cases in " + classes + " classes");
  }

  @Test
  void everyTestClassThePageNamesExists() throws IOException {
    Set<String> named = new TreeSet<>();
    Matcher m = NAMED.matcher(Files.readString(root.resolve("docs/hostile-input.md")));
    while (m.find()) {
      named.add(m.group(1));
    }
    Set<String> sources = new HashSet<>();
    Files.walkFileTree(root, new SimpleFileVisitor<>() {
      @Override
      public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attributes) {
        String name = dir.getFileName() == null ? "" : dir.getFileName().toString();
        return name.equals("target") || name.startsWith(".") && !dir.equals(root)
            ? FileVisitResult.SKIP_SUBTREE : FileVisitResult.CONTINUE;
      }

      @Override
      public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) {
        String name = file.getFileName().toString();
        if (name.endsWith("Tests.java") && file.toString().contains("/src/test/java/")) {
          sources.add(name.substring(0, name.length() - ".java".length()));
        }
        return FileVisitResult.CONTINUE;
      }
    });

    List<String> missing = new ArrayList<>(named);
    missing.removeAll(sources);
    assertThat(named).as("test classes named on docs/hostile-input.md").hasSizeGreaterThan(30);
    assertThat(missing).as("test classes docs/hostile-input.md names that no module's src/test/java holds").isEmpty();
  }
}
