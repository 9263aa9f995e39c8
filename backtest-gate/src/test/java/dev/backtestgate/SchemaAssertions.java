package dev.backtestgate;

import com.networknt.schema.Error;
import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Validates JSON text against the JSON Schemas (draft 2020-12) that ship in the repository's
 * {@code docs/schemas}, with format assertions on (so {@code "format": "date"} is checked, not only
 * annotated). The schemas are found from the module directory that Surefire passes as {@code basedir}.
 *
 * <pre>{@code
 * SchemaAssertions.assertValid(SchemaAssertions.SIGN_OFF, SignOffJson.write(signOff));
 * assertThat(SchemaAssertions.problems(SchemaAssertions.SIGN_OFF, "{}")).isNotEmpty();
 * }</pre>
 */
public final class SchemaAssertions {
  /** The sign-off file's schema. */
  public static final String SIGN_OFF = "sign-off.schema.json";
  /** The history manifest's schema. */
  public static final String HISTORY_MANIFEST = "history-manifest.schema.json";
  /** The JSON report's schema. */
  public static final String REPORT = "report.schema.json";
  /** The claim's schema. */
  public static final String CLAIM = "claim.schema.json";

  private static final SchemaRegistry REGISTRY = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12);
  private static final Map<String, Schema> SCHEMAS = new ConcurrentHashMap<>();

  private SchemaAssertions() {}

  /** The repository's {@code docs} directory. */
  public static Path docs() {
    return Path.of(System.getProperty("basedir", ".")).resolve("../docs").toAbsolutePath().normalize();
  }

  /** The repository root. */
  public static Path repository() {
    return docs().getParent();
  }

  /** The schema file {@code name} in {@code docs/schemas}. */
  public static Path schemaFile(String name) {
    return docs().resolve("schemas").resolve(name);
  }

  /** Every problem the schema {@code schemaName} finds in {@code json}, as "path: message"; empty when valid. */
  public static List<String> problems(String schemaName, String json) {
    List<Error> errors = schema(schemaName).validate(json, InputFormat.JSON,
        context -> context.executionConfig(config -> config.formatAssertionsEnabled(true)));
    return errors.stream().map(e -> e.getInstanceLocation() + ": " + e.getMessage()).toList();
  }

  /** Fails, listing every problem, unless {@code json} is valid against the schema {@code schemaName}. */
  public static void assertValid(String schemaName, String json) {
    List<String> problems = problems(schemaName, json);
    if (!problems.isEmpty()) {
      throw new AssertionError("expected valid against docs/schemas/" + schemaName + " but found:\n  "
          + String.join("\n  ", problems) + "\nin:\n" + json);
    }
  }

  /** Fails unless the schema {@code schemaName} rejects {@code json}; returns the problems it found. */
  public static List<String> assertInvalid(String schemaName, String json) {
    List<String> problems = problems(schemaName, json);
    if (problems.isEmpty()) {
      throw new AssertionError("expected docs/schemas/" + schemaName + " to reject:\n" + json);
    }
    return problems;
  }

  /** The loaded schema, checked once against the draft 2020-12 meta-schema. */
  private static Schema schema(String name) {
    return SCHEMAS.computeIfAbsent(name, n -> {
      String text = read(schemaFile(n));
      List<Error> metaProblems = metaSchema().validate(text, InputFormat.JSON);
      if (!metaProblems.isEmpty()) {
        throw new AssertionError("docs/schemas/" + n + " is not a valid draft 2020-12 schema: " + metaProblems);
      }
      Schema schema = REGISTRY.getSchema(text, InputFormat.JSON);
      schema.initializeValidators();
      return schema;
    });
  }

  /** The draft 2020-12 meta-schema (bundled with the validator, no network). */
  static Schema metaSchema() {
    return REGISTRY.getSchema(SchemaLocation.of(SpecificationVersion.DRAFT_2020_12.getDialectId()));
  }

  /** A file's text, UTF-8. */
  public static String read(Path file) {
    try {
      return Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file + " (run the tests from the module directory or set"
          + " -Dbasedir): " + e.getMessage(), e);
    }
  }
}
