package dev.backtestgate.history;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.backtestgate.internal.CanonicalJson;
import dev.backtestgate.internal.JsonFields;
import dev.backtestgate.internal.JsonProblem;
import dev.backtestgate.internal.StrictJson;
import java.time.DateTimeException;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/** Canonical JSON for {@link HistoryManifest}: strict reading with JSON-path errors, byte-stable writing. */
final class ManifestJson {
  private static final List<String> FIELDS =
      List.of("schema", "table", "granularity", "closedBefore", "hash", "partitions");
  private static final List<String> PARTITION_FIELDS = List.of("partition", "rows", "hash");
  private static final Pattern HEX_128 = Pattern.compile("[0-9a-f]{32}");

  private ManifestJson() {}

  static String write(HistoryManifest manifest) {
    ObjectNode root = JsonNodeFactory.instance.objectNode();
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
    return CanonicalJson.write(root);
  }

  static HistoryManifest parse(String json, String source) {
    try {
      return manifest(JsonFields.root(StrictJson.parse(json)).onlyFields(FIELDS));
    } catch (JsonProblem e) {
      throw new IllegalArgumentException("history manifest " + source + ": " + e.jsonPath() + ": " + e.problem()
          + (e.jsonPath().equals("$") ? " Restore it from version control or regenerate it." : ""));
    }
  }

  private static HistoryManifest manifest(JsonFields root) {
    int schema = root.wholeNumber("schema");
    if (schema != HistoryManifest.SCHEMA) {
      throw root.fail("$.schema", "unsupported schema " + schema + "; this version reads schema "
          + HistoryManifest.SCHEMA);
    }
    String table = root.text("table");
    if (table.isBlank()) {
      throw root.fail("$.table", "must name the table");
    }
    String granularityText = root.text("granularity");
    PartitionGranularity granularity = PartitionGranularity.fromConfigValue(granularityText);
    if (granularity == null) {
      throw root.fail("$.granularity", "'" + granularityText + "' is not one of [day, month]");
    }
    LocalDate closedBefore = root.date("closedBefore");
    if (!granularity.floor(closedBefore).equals(closedBefore)) {
      throw root.fail("$.closedBefore", closedBefore + " is not the first day of a " + granularityText + " partition");
    }
    String hash = root.text("hash");
    if (!hash.equals(RowDigest.ALGORITHM)) {
      throw root.fail("$.hash", "manifest hashes were computed with '" + hash + "' but this version computes '"
          + RowDigest.ALGORITHM + "'; regenerate the manifest from data you trust and commit it");
    }
    List<HistoryManifest.Partition> out = new ArrayList<>();
    LocalDate previous = null;
    for (JsonFields node : root.objects("partitions")) {
      node.onlyFields(PARTITION_FIELDS);
      String path = node.path();
      String key = node.text("partition");
      LocalDate start;
      try {
        start = granularity.parseKey(key);
      } catch (DateTimeException e) {
        throw node.fail(path + ".partition", "'" + key + "' is not a " + granularityText + " key like "
            + granularity.key(LocalDate.of(2024, 3, 5)));
      }
      if (previous != null && !start.isAfter(previous)) {
        throw node.fail(path + ".partition", "'" + key + "' does not come after '" + granularity.key(previous)
            + "'; partitions must be sorted and unique");
      }
      if (granularity.next(start).isAfter(closedBefore)) {
        throw node.fail(path + ".partition", "'" + key + "' is not closed before " + closedBefore);
      }
      long rows = node.longNumber("rows");
      if (rows < 1) {
        throw node.fail(path + ".rows", "must be at least 1 (partitions without rows are not listed), got " + rows);
      }
      String partitionHash = node.text("hash");
      if (!HEX_128.matcher(partitionHash).matches()) {
        throw node.fail(path + ".hash", "must be 32 lowercase hex digits, got '" + partitionHash + "'");
      }
      out.add(new HistoryManifest.Partition(key, rows, partitionHash));
      previous = start;
    }
    return new HistoryManifest(table, granularity, closedBefore, out);
  }
}
