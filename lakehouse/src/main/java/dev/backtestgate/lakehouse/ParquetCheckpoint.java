package dev.backtestgate.lakehouse;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.example.GroupReadSupport;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.Type;

/**
 * A Delta checkpoint (classic Parquet, one file or several parts) read without Spark, through parquet-hadoop where
 * it is on the class path (the command line's jar holds it, beside Iceberg): the live rows of every file it adds,
 * and its metadata and protocol as the JSON actions of a commit file would hold them.
 */
final class ParquetCheckpoint {
  /** A class of parquet-hadoop: present means checkpoints can be read without Spark. */
  static final String READER = "org.apache.parquet.hadoop.ParquetReader";
  private static final ObjectMapper JSON = new ObjectMapper();

  private ParquetCheckpoint() {}

  /** Whether parquet-hadoop is on the class path. */
  static boolean available() {
    try {
      Class.forName(READER, false, ParquetCheckpoint.class.getClassLoader());
      return true;
    } catch (ClassNotFoundException | LinkageError e) {
      return false;
    }
  }

  static void read(List<Path> parts, DeltaLogStore.Checkpoint into) throws IOException {
    for (Path part : parts) {
      try (ParquetReader<Group> reader = ParquetReader.builder(new GroupReadSupport(),
          new org.apache.hadoop.fs.Path(part.toUri())).build()) {
        for (Group row = reader.read(); row != null; row = reader.read()) {
          if (present(row, "add")) {
            Group add = row.getGroup("add", 0);
            JsonNode stats = present(add, "stats") ? JSON.readTree(add.getString("stats", 0)) : null;
            if (stats != null && stats.has("numRecords")) {
              long deleted = 0;
              if (present(add, "deletionVector") && present(add.getGroup("deletionVector", 0), "cardinality")) {
                deleted = add.getGroup("deletionVector", 0).getLong("cardinality", 0);
              }
              into.liveRows(add.getString("path", 0), stats.get("numRecords").asLong() - deleted);
            }
          }
          if (present(row, "metaData")) {
            into.metadata(object(row.getGroup("metaData", 0)));
          }
          if (present(row, "protocol")) {
            into.protocol(object(row.getGroup("protocol", 0)));
          }
        }
      }
    }
  }

  private static boolean present(Group group, String field) {
    return group.getType().containsField(field) && group.getFieldRepetitionCount(field) > 0;
  }

  /** A Parquet struct as JSON: lists as arrays, maps as objects, primitives as their values. */
  private static ObjectNode object(Group group) {
    ObjectNode out = JsonNodeFactory.instance.objectNode();
    GroupType type = group.getType();
    for (int i = 0; i < type.getFieldCount(); i++) {
      if (group.getFieldRepetitionCount(i) > 0) {
        out.set(type.getFieldName(i), value(group, i, 0));
      }
    }
    return out;
  }

  private static JsonNode value(Group group, int field, int index) {
    Type type = group.getType().getType(field);
    if (type.isPrimitive()) {
      return primitive(group, field, index, type.asPrimitiveType());
    }
    Group nested = group.getGroup(field, index);
    LogicalTypeAnnotation logical = type.getLogicalTypeAnnotation();
    if (logical instanceof LogicalTypeAnnotation.ListLogicalTypeAnnotation) {
      ArrayNode array = JsonNodeFactory.instance.arrayNode();
      for (int i = 0; i < nested.getFieldRepetitionCount(0); i++) {
        Group element = nested.getGroup(0, i);   // repeated group list { element }
        if (element.getFieldRepetitionCount(0) > 0) {
          array.add(value(element, 0, 0));
        }
      }
      return array;
    }
    if (logical instanceof LogicalTypeAnnotation.MapLogicalTypeAnnotation) {
      ObjectNode map = JsonNodeFactory.instance.objectNode();
      for (int i = 0; i < nested.getFieldRepetitionCount(0); i++) {
        Group entry = nested.getGroup(0, i);   // repeated group key_value { key, value }
        map.set(entry.getString(0, 0), entry.getFieldRepetitionCount(1) > 0 ? value(entry, 1, 0)
            : JsonNodeFactory.instance.nullNode());
      }
      return map;
    }
    return object(nested);
  }

  private static JsonNode primitive(Group group, int field, int index, PrimitiveType type) {
    switch (type.getPrimitiveTypeName()) {
      case INT32:
        return JsonNodeFactory.instance.numberNode(group.getInteger(field, index));
      case INT64:
        return JsonNodeFactory.instance.numberNode(group.getLong(field, index));
      case BOOLEAN:
        return JsonNodeFactory.instance.booleanNode(group.getBoolean(field, index));
      case DOUBLE:
        return JsonNodeFactory.instance.numberNode(group.getDouble(field, index));
      case FLOAT:
        return JsonNodeFactory.instance.numberNode(group.getFloat(field, index));
      default:
        return JsonNodeFactory.instance.textNode(group.getValueToString(field, index));
    }
  }
}
