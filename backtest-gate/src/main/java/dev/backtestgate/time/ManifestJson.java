package dev.backtestgate.time;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.DateTimeException;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/** Canonical JSON for {@link HistoryManifest}: strict reading with JSON-path errors, byte-stable writing. */
final class ManifestJson {
  private static final ObjectMapper MAPPER =
      JsonMapper.builder().enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION).build();
  private static final DefaultPrettyPrinter PRINTER =
      new DefaultPrettyPrinter()
          .withSeparators(
              Separators.createDefaultInstance()
                  .withObjectFieldValueSpacing(Separators.Spacing.AFTER)
                  .withArrayEmptySeparator("")
                  .withObjectEmptySeparator(""))
          .withObjectIndenter(new DefaultIndenter("  ", "\n"))
          .withArrayIndenter(new DefaultIndenter("  ", "\n"));
  private static final List<String> FIELDS =
      List.of("schema", "table", "granularity", "closedBefore", "hash", "partitions");
  private static final List<String> PARTITION_FIELDS = List.of("partition", "rows", "hash");
  private static final Pattern HEX_128 = Pattern.compile("[0-9a-f]{32}");

  private ManifestJson() {}

  static String write(HistoryManifest manifest) {
    ObjectNode root = MAPPER.createObjectNode();
    root.put("schema", HistoryManifest.SCHEMA);
    root.put("table", manifest.table());
    root.put("granularity", manifest.granularity().configValue());
    root.put("closedBefore", manifest.closedBefore().toString());
    root.put("hash", RowDigest.ALGORITHM);
    ArrayNode partitions = root.putArray("partitions");
    for (HistoryManifest.Partition partition : manifest.partitions()) {
      ObjectNode node = partitions.addObject();
      node.put("partition", partition.partition());
      node.put("rows", partition.rows());
      node.put("hash", partition.hash());
    }
    try {
      return MAPPER.writer(PRINTER).writeValueAsString(root) + "\n";
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot write manifest JSON", e);
    }
  }

  static HistoryManifest parse(String json, String source) {
    JsonNode root;
    try {
      root = MAPPER.readTree(json);
    } catch (JsonProcessingException e) {
      JsonLocation at = e.getLocation();
      throw new IllegalArgumentException(
          "history manifest " + source + " is not valid JSON"
              + (at == null ? "" : " (line " + at.getLineNr() + ", column " + at.getColumnNr() + ")") + ": "
              + e.getOriginalMessage() + "; restore it from version control or regenerate it");
    }
    return new Reader(source).manifest(root);
  }

  /** Reads one document, failing at the first problem with its JSON path. */
  private static final class Reader {
    private final String source;

    Reader(String source) {
      this.source = source;
    }

    HistoryManifest manifest(JsonNode root) {
      requireObject(root, "$", FIELDS);
      int schema = (int) integer(root, "$", "schema");
      if (schema != HistoryManifest.SCHEMA) {
        throw fail("$.schema", "unsupported schema " + schema + "; this version reads schema " + HistoryManifest.SCHEMA);
      }
      String table = text(root, "$", "table");
      if (table.isBlank()) {
        throw fail("$.table", "must name the table");
      }
      String granularityText = text(root, "$", "granularity");
      PartitionGranularity granularity = PartitionGranularity.fromConfigValue(granularityText);
      if (granularity == null) {
        throw fail("$.granularity", "'" + granularityText + "' is not one of [day, month]");
      }
      LocalDate closedBefore = date(text(root, "$", "closedBefore"), "$.closedBefore");
      if (!granularity.floor(closedBefore).equals(closedBefore)) {
        throw fail("$.closedBefore", closedBefore + " is not the first day of a " + granularityText + " partition");
      }
      String hash = text(root, "$", "hash");
      if (!hash.equals(RowDigest.ALGORITHM)) {
        throw fail("$.hash", "manifest hashes were computed with '" + hash + "' but this version computes '"
            + RowDigest.ALGORITHM + "'; regenerate the manifest from data you trust and commit it");
      }
      JsonNode partitions = root.get("partitions");
      if (partitions == null || !partitions.isArray()) {
        throw fail("$.partitions", partitions == null ? "missing" : "must be an array");
      }
      List<HistoryManifest.Partition> out = new ArrayList<>();
      LocalDate previous = null;
      for (int i = 0; i < partitions.size(); i++) {
        String path = "$.partitions[" + i + "]";
        JsonNode node = partitions.get(i);
        requireObject(node, path, PARTITION_FIELDS);
        String key = text(node, path, "partition");
        LocalDate start;
        try {
          start = granularity.parseKey(key);
        } catch (DateTimeException e) {
          throw fail(path + ".partition", "'" + key + "' is not a " + granularityText + " key like "
              + granularity.key(LocalDate.of(2024, 3, 5)));
        }
        if (previous != null && !start.isAfter(previous)) {
          throw fail(path + ".partition", "'" + key + "' does not come after '" + granularity.key(previous)
              + "'; partitions must be sorted and unique");
        }
        if (granularity.next(start).isAfter(closedBefore)) {
          throw fail(path + ".partition", "'" + key + "' is not closed before " + closedBefore);
        }
        long rows = integer(node, path, "rows");
        if (rows < 1) {
          throw fail(path + ".rows", "must be at least 1 (partitions without rows are not listed), got " + rows);
        }
        String partitionHash = text(node, path, "hash");
        if (!HEX_128.matcher(partitionHash).matches()) {
          throw fail(path + ".hash", "must be 32 lowercase hex digits, got '" + partitionHash + "'");
        }
        out.add(new HistoryManifest.Partition(key, rows, partitionHash));
        previous = start;
      }
      return new HistoryManifest(table, granularity, closedBefore, out);
    }

    private void requireObject(JsonNode node, String path, List<String> fields) {
      if (!node.isObject()) {
        throw fail(path, "must be an object");
      }
      Set<String> allowed = Set.copyOf(fields);
      for (Iterator<String> names = node.fieldNames(); names.hasNext(); ) {
        String name = names.next();
        if (!allowed.contains(name)) {
          throw fail(path + "." + name, "unknown field; expected only " + fields);
        }
      }
      for (String field : fields) {
        if (!node.has(field)) {
          throw fail(path + "." + field, "missing");
        }
      }
    }

    private String text(JsonNode node, String path, String field) {
      JsonNode value = node.get(field);
      if (!value.isTextual()) {
        throw fail(path + "." + field, "must be a string, got " + value.getNodeType().name().toLowerCase());
      }
      return value.asText();
    }

    private long integer(JsonNode node, String path, String field) {
      JsonNode value = node.get(field);
      if (!value.isIntegralNumber() || !value.canConvertToLong()) {
        throw fail(path + "." + field, "must be an integer, got " + value);
      }
      return value.asLong();
    }

    private LocalDate date(String text, String path) {
      try {
        return LocalDate.parse(text);
      } catch (DateTimeException e) {
        throw fail(path, "'" + text + "' is not an ISO date like 2024-03-01");
      }
    }

    private IllegalArgumentException fail(String path, String problem) {
      return new IllegalArgumentException("history manifest " + source + ": " + path + ": " + problem);
    }
  }
}
