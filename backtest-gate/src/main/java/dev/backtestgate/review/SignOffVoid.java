package dev.backtestgate.review;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.backtestgate.internal.CanonicalJson;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import org.apiguardian.api.API;

/**
 * A void record: committed by {@code accept-history} in {@code <review dir>/voided/}, it withdraws the sign-offs
 * of the backtests a rewrite of history reached. Each entry names a sign-off by its gate, its file and the SHA-256
 * of the file's bytes, so exactly that review stops covering; a new review (any new content of the file) is not
 * withdrawn and covers again.
 *
 * <pre>{@code
 * SignOffVoid record = SignOffVoid.parse(text, Path.of("leakage-reviews/voided/2026-12-04-DATA-1234.json"));
 * boolean withdrawn = record.withdraws("com.acme.ChurnBacktest#gbm", SignOffVoid.sha256(signOffText));
 * }</pre>
 *
 * @param table the table whose history was rewritten
 * @param partitions the rewritten partitions
 * @param changeRecord the change record of the rewrite, relative to the module directory
 * @param date the day the rewrite was accepted
 * @param reason {@code history of <table> rewritten in <partitions>, see <change record>}
 * @param signOffs the withdrawn sign-offs
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record SignOffVoid(String table, List<String> partitions, String changeRecord, LocalDate date, String reason,
    List<Entry> signOffs) {
  /** The {@code schema} value of a void record. */
  public static final String SCHEMA = "backtest-gate/sign-off-void/1";
  /** The sub-directory of the review directory that holds void records. */
  public static final String DIRECTORY = "voided";

  private static final Set<String> FIELDS = Set.of("schema", "table", "partitions", "changeRecord", "date", "reason",
      "signOffs");
  private static final Set<String> ENTRY_FIELDS = Set.of("gate", "file", "sha256");
  private static final Pattern SHA256 = Pattern.compile("[0-9a-f]{64}");
  private static final ObjectMapper READER = JsonMapper.builder()
      .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
      .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
      .build();

  /** Copies the lists. */
  public SignOffVoid {
    partitions = List.copyOf(partitions);
    signOffs = List.copyOf(signOffs);
  }

  /**
   * One withdrawn sign-off.
   *
   * @param gate the gate id it covered
   * @param file the sign-off's file name in the review directory
   * @param sha256 the SHA-256 (lower-case hex) of the file's bytes when it was withdrawn
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  public record Entry(String gate, String file, String sha256) {}

  /** The reason every withdrawn sign-off gets: {@code history of <table> rewritten in <partitions>, see <record>}. */
  public static String reason(String table, List<String> partitions, String changeRecord) {
    return "history of " + table + " rewritten in " + String.join(", ", partitions) + ", see " + changeRecord;
  }

  /** The SHA-256 of a sign-off file's text (UTF-8), lower-case hex. */
  public static String sha256(String text) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
          .digest(text.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this JVM", e);
    }
  }

  /** Whether this record withdraws the sign-off of {@code gate} whose text has digest {@code sha256}. */
  public boolean withdraws(String gate, String sha256) {
    return signOffs.stream().anyMatch(e -> e.gate().equals(gate) && e.sha256().equals(sha256));
  }

  /** The record as committed JSON: UTF-8, 2-space indent, trailing newline. */
  public String json() {
    ObjectNode node = JsonNodeFactory.instance.objectNode();
    node.put("schema", SCHEMA);
    node.put("table", table);
    partitions.forEach(node.putArray("partitions")::add);
    node.put("changeRecord", changeRecord);
    node.put("date", date.toString());
    node.put("reason", reason);
    ArrayNode entries = node.putArray("signOffs");
    for (Entry e : signOffs) {
      entries.addObject().put("gate", e.gate()).put("file", e.file()).put("sha256", e.sha256());
    }
    return CanonicalJson.write(node);
  }

  /**
   * Reads a void record strictly: every field present with its type, no unknown field.
   *
   * @throws MalformedSignOffException naming the file, the JSON path of the problem and the fix
   */
  public static SignOffVoid parse(String text, Path file) {
    JsonNode root;
    try {
      root = READER.readTree(text);
    } catch (JsonProcessingException e) {
      throw bad(file, "$", "not valid JSON (" + e.getOriginalMessage() + ")");
    }
    if (root == null || !root.isObject()) {
      throw bad(file, "$", "not a JSON object");
    }
    unknown(root, FIELDS, "$", file);
    if (!SCHEMA.equals(root.path("schema").asText(null)) || !root.path("schema").isTextual()) {
      throw bad(file, "$.schema", "expected \"" + SCHEMA + "\", got " + root.get("schema"));
    }
    String table = text(root, "table", file, "$");
    List<String> partitions = new ArrayList<>();
    JsonNode parts = array(root, "partitions", file);
    for (int i = 0; i < parts.size(); i++) {
      if (!parts.get(i).isTextual() || parts.get(i).asText().isBlank()) {
        throw bad(file, "$.partitions[" + i + "]", "expected a partition key such as \"2024-03\", got " + parts.get(i));
      }
      partitions.add(parts.get(i).asText());
    }
    String changeRecord = text(root, "changeRecord", file, "$");
    LocalDate date;
    try {
      date = LocalDate.parse(text(root, "date", file, "$"));
    } catch (DateTimeParseException e) {
      throw bad(file, "$.date", "expected an ISO date such as 2026-12-04, got " + root.get("date"));
    }
    String reason = text(root, "reason", file, "$");
    List<Entry> entries = new ArrayList<>();
    JsonNode signOffs = array(root, "signOffs", file);
    for (int i = 0; i < signOffs.size(); i++) {
      JsonNode e = signOffs.get(i);
      String at = "$.signOffs[" + i + "]";
      if (!e.isObject()) {
        throw bad(file, at, "expected an object with gate, file and sha256, got " + e);
      }
      unknown(e, ENTRY_FIELDS, at, file);
      String sha = text(e, "sha256", file, at);
      if (!SHA256.matcher(sha).matches()) {
        throw bad(file, at + ".sha256", "expected 64 lower-case hex digits (the SHA-256 of the sign-off file), got \""
            + sha + "\"");
      }
      entries.add(new Entry(text(e, "gate", file, at), text(e, "file", file, at), sha));
    }
    return new SignOffVoid(table, partitions, changeRecord, date, reason, entries);
  }

  private static void unknown(JsonNode node, Set<String> known, String at, Path file) {
    for (Iterator<String> names = node.fieldNames(); names.hasNext(); ) {
      String name = names.next();
      if (!known.contains(name)) {
        throw bad(file, at + "." + name, "unknown field (a typo?); the fields are " + String.join(", ",
            known.stream().sorted().toList()));
      }
    }
  }

  private static String text(JsonNode node, String field, Path file, String at) {
    JsonNode value = node.get(field);
    if (value == null || !value.isTextual() || value.asText().isBlank()) {
      throw bad(file, at + "." + field, "missing or not a non-empty string (got " + value + ")");
    }
    return value.asText();
  }

  private static JsonNode array(JsonNode node, String field, Path file) {
    JsonNode value = node.get(field);
    if (value == null || !value.isArray() || value.isEmpty()) {
      throw bad(file, "$." + field, "missing or not a non-empty array (got " + value + ")");
    }
    return value;
  }

  private static MalformedSignOffException bad(Path file, String at, String problem) {
    return new MalformedSignOffException(file, at, problem + ". This void record (written by mvn "
        + "backtest-gate:accept-history) cannot be read, so no sign-off can be trusted to cover: restore it from "
        + "version control (git checkout -- " + file + "), or fix it as docs/sign-off-format.md "
        + "describes");
  }
}
