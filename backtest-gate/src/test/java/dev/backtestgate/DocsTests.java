package dev.backtestgate;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The README stays a front page, and no document carries a path of the machine it was written on. */
class DocsTests {
  /** The same pattern as the repository-wide grep; the brackets keep this line from matching itself. */
  private static final Pattern MACHINE_PATH = Pattern.compile("/wor[k]/|/tm[p]/[a-z]|/roo[t]/|/hom[e]/[a-z]");

  @Test
  void theReadmeFitsOnAFewScreens() {
    String readme = SchemaAssertions.read(SchemaAssertions.repository().resolve("README.md"));

    assertThat(readme.lines().count()).isLessThanOrEqualTo(250);
  }

  @Test
  void noDocumentCarriesAnAbsoluteMachinePath() throws IOException {
    Path repository = SchemaAssertions.repository();
    List<Path> documents = new ArrayList<>(List.of(repository.resolve("README.md"),
        repository.resolve("examples/README.md")));
    try (Stream<Path> docs = Files.walk(SchemaAssertions.docs())) {
      docs.filter(f -> f.toString().endsWith(".md") || f.toString().endsWith(".json")).forEach(documents::add);
    }

    assertThat(documents).hasSizeGreaterThan(5);
    for (Path document : documents) {
      assertThat(SchemaAssertions.read(document).lines().filter(line -> MACHINE_PATH.matcher(line).find()))
          .as("lines of %s with a machine path; write <project>/... instead", repository.relativize(document))
          .isEmpty();
    }
  }
}
