package dev.backtestgate;

import static org.assertj.core.api.Assertions.assertThat;

import com.networknt.schema.InputFormat;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** Every schema in docs/schemas is a valid draft 2020-12 schema, and the helper really rejects what it should. */
class SchemaFilesTests {

  @Test
  void everySchemaIsAValidDraft202012Schema() throws IOException {
    List<Path> schemas;
    try (Stream<Path> files = Files.list(SchemaAssertions.docs().resolve("schemas"))) {
      schemas = files.filter(f -> f.toString().endsWith(".schema.json")).sorted().toList();
    }

    assertThat(schemas).extracting(p -> p.getFileName().toString())
        .contains(SchemaAssertions.SIGN_OFF, SchemaAssertions.HISTORY_MANIFEST);
    for (Path schema : schemas) {
      String text = SchemaAssertions.read(schema);
      assertThat(SchemaAssertions.metaSchema().validate(text, InputFormat.JSON)).as("%s", schema).isEmpty();
      assertThat(text).as("%s declares its dialect", schema)
          .contains("\"$schema\": \"https://json-schema.org/draft/2020-12/schema\"");
    }
  }

  @Test
  void theMetaSchemaRejectsABrokenSchema() {
    assertThat(SchemaAssertions.metaSchema().validate("{\"type\": \"lemon\", \"minimum\": \"one\"}", InputFormat.JSON))
        .isNotEmpty();
  }

  @Test
  void formatsAreAssertedNotOnlyAnnotated() {
    String manifest = "{\"schema\": 1, \"table\": \"t\", \"granularity\": \"day\", \"closedBefore\": \"%s\","
        + " \"hash\": \"sum128-murmur3fmix-v1\", \"partitions\": []}";

    SchemaAssertions.assertValid(SchemaAssertions.HISTORY_MANIFEST, manifest.formatted("2024-02-29"));
    assertThat(SchemaAssertions.assertInvalid(SchemaAssertions.HISTORY_MANIFEST, manifest.formatted("2023-02-29")))
        .anyMatch(p -> p.contains("closedBefore"));
  }
}
