package dev.backtestgate.lakehouse;

import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.example.GroupReadSupport;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.Type;

/**
 * Example rows of a local Delta table's rewriting commits read without Spark, from the change-data files each
 * commit wrote ({@code cdc} actions in the log: Parquet files of the changed rows with their {@code _change_type},
 * the partition values in the log), through parquet-hadoop: each file of a rewritten partition read once, the rows
 * selected and worded as {@link DeltaChangeFeed} selects them from the feed. A commit that wrote no change-data file
 * for a rewritten partition (Delta then reads the removed files' rows as deletes) shows a line saying so, never
 * nothing.
 */
final class DeltaChangeFiles implements ChangedRows {
  /** The Julian day of 1970-01-01, where INT96 timestamps count their days from. */
  private static final long JULIAN_EPOCH_DAY = 2_440_588L;

  private final Path root;
  private final Map<Long, TableLog.Commit> commits = new LinkedHashMap<>();
  private final List<String> columns;
  private final String keyColumn;
  private org.apache.hadoop.conf.Configuration hadoop;

  DeltaChangeFiles(Path root, TableLog log, String keyColumn) {
    this.root = root;
    log.commits().forEach(commit -> commits.put(commit.commit().version(), commit));
    this.columns = log.columns();
    this.keyColumn = keyColumn;
  }

  @Override
  public Examples examples(Map<Long, Set<String>> rewrites) {
    Map<Long, Map<String, List<String>>> byCommit = new LinkedHashMap<>();
    int[] files = {0};
    rewrites.forEach((version, partitions) -> {
      List<TableLog.ChangeData> own = commits.get(version).changeData().stream()
          .filter(file -> partitions.contains(file.partition())).toList();
      files[0] += own.size();
      try {
        byCommit.put(version, examples(version, partitions, own));
      } catch (IOException | RuntimeException e) {
        String reason = String.valueOf(e.getMessage()).lines().findFirst().orElse("");
        byCommit.put(version, ChangedRows.everywhere(partitions, "the changed rows could not be read from the "
            + "commit's change-data files (" + e.getClass().getSimpleName() + ": " + reason + ")"));
      }
    });
    return new Examples(byCommit, "example rows from the rewriting commits' change-data files, read without Spark ("
        + Span.of(rewrites).versions() + ", " + ChangedRows.commits(rewrites) + ", " + files[0] + " file"
        + (files[0] == 1 ? "" : "s") + ")");
  }

  private Map<String, List<String>> examples(long version, Set<String> partitions, List<TableLog.ChangeData> files)
      throws IOException {
    Map<String, List<ChangeLines.Change>> byPartition = new LinkedHashMap<>();
    for (TableLog.ChangeData file : files) {
      read(file, byPartition.computeIfAbsent(file.partition(), p -> new ArrayList<>()));
    }
    Map<String, List<String>> out = new LinkedHashMap<>();
    for (String partition : partitions) {
      List<ChangeLines.Change> rows = byPartition.get(partition);
      if (rows == null) {
        out.put(partition, List.of("none shown: commit " + version + " wrote no change-data file for this "
            + "partition, and the reader without Spark reads change-data files only; read the history with "
            + "DeltaHistory.of(spark, path) to see the rows"));
        continue;
      }
      List<String> lines = ChangeLines.lines(keyColumn, ChangeLines.select(rows, keyColumn != null));
      if (!lines.isEmpty()) {
        out.put(partition, lines);
      }
    }
    return out;
  }

  /** The updated and deleted rows of one change-data file, each in words, into {@code into}. */
  private void read(TableLog.ChangeData file, List<ChangeLines.Change> into) throws IOException {
    Path path = resolve(root, file.path());
    try (ParquetReader<Group> reader = ParquetReader.builder(new GroupReadSupport(),
        new org.apache.hadoop.fs.Path(path.toUri())).withConf(hadoop()).build()) {
      for (Group row = reader.read(); row != null; row = reader.read()) {
        String type = row.getString(ChangeLines.TYPE, 0);
        if (!List.of(ChangeLines.PREIMAGE, ChangeLines.POSTIMAGE, ChangeLines.DELETE).contains(type)) {
          continue;
        }
        List<String> fields = new ArrayList<>();
        Object key = null;
        for (String column : columns) {
          Object value = file.partitionValues().containsKey(column) ? file.partitionValues().get(column)
              : value(row, column);
          fields.add(column + "=" + value);
          if (column.equals(keyColumn)) {
            key = value;
          }
        }
        into.add(new ChangeLines.Change(type, key, "{" + String.join(", ", fields) + "}"));
      }
    }
  }

  /** One Hadoop configuration for every file: building one parses Hadoop's default resources. */
  private org.apache.hadoop.conf.Configuration hadoop() {
    if (hadoop == null) {
      hadoop = new org.apache.hadoop.conf.Configuration();
    }
    return hadoop;
  }

  /** A data file's path as the log records it: relative to the table's {@code root} and URL-encoded, or a URI. */
  static Path resolve(Path root, String path) throws IOException {
    try {
      URI uri = new URI(path);
      if (uri.getScheme() == null) {
        return root.resolve(uri.getPath());
      }
      if ("file".equals(uri.getScheme())) {
        return Path.of(uri);
      }
    } catch (URISyntaxException e) {
      throw new IOException("the log names the file '" + path + "', not a valid path", e);
    }
    throw new IOException("the file '" + path + "' is not on the local file system");
  }

  /** A column's value as Spark's rows show it (a date as 2024-01-01, a timestamp in this JVM's zone). */
  static Object value(Group row, String column) throws IOException {
    if (!row.getType().containsField(column)) {
      return null;   // a column added after the file was written
    }
    int field = row.getType().getFieldIndex(column);
    if (row.getFieldRepetitionCount(field) == 0) {
      return null;
    }
    Type type = row.getType().getType(field);
    if (!type.isPrimitive()) {
      throw new IOException("column '" + column + "' is a nested type (" + type + "), which the reader without "
          + "Spark does not show; read the history with DeltaHistory.of(spark, path) to see the rows");
    }
    PrimitiveType primitive = type.asPrimitiveType();
    LogicalTypeAnnotation logical = primitive.getLogicalTypeAnnotation();
    if (logical instanceof LogicalTypeAnnotation.DecimalLogicalTypeAnnotation decimal) {
      BigInteger unscaled = switch (primitive.getPrimitiveTypeName()) {
        case INT32 -> BigInteger.valueOf(row.getInteger(field, 0));
        case INT64 -> BigInteger.valueOf(row.getLong(field, 0));
        default -> new BigInteger(row.getBinary(field, 0).getBytes());
      };
      return new BigDecimal(unscaled, decimal.getScale());
    }
    switch (primitive.getPrimitiveTypeName()) {
      case BOOLEAN:
        return row.getBoolean(field, 0);
      case FLOAT:
        return row.getFloat(field, 0);
      case DOUBLE:
        return row.getDouble(field, 0);
      case INT32:
        if (logical instanceof LogicalTypeAnnotation.DateLogicalTypeAnnotation) {
          return LocalDate.ofEpochDay(row.getInteger(field, 0));
        }
        return row.getInteger(field, 0);
      case INT64:
        if (logical instanceof LogicalTypeAnnotation.TimestampLogicalTypeAnnotation timestamp) {
          return timestamp(row.getLong(field, 0), timestamp);
        }
        return row.getLong(field, 0);
      case INT96:   // Spark's default for TIMESTAMP: nanoseconds of the day, then the Julian day, little-endian
        java.nio.ByteBuffer bytes = row.getInt96(field, 0).toByteBuffer().order(java.nio.ByteOrder.LITTLE_ENDIAN);
        long nanosOfDay = bytes.getLong();
        long epochDay = bytes.getInt() - JULIAN_EPOCH_DAY;
        return Timestamp.from(Instant.ofEpochSecond(epochDay * 86_400L, 0).plusNanos(nanosOfDay));
      case BINARY:
        if (logical instanceof LogicalTypeAnnotation.StringLogicalTypeAnnotation) {
          return row.getString(field, 0);
        }
        // fall through: bytes are not shown
      default:
        throw new IOException("column '" + column + "' is of Parquet type " + primitive + ", which the reader "
            + "without Spark does not show; read the history with DeltaHistory.of(spark, path) to see the rows");
    }
  }

  private static Object timestamp(long value, LogicalTypeAnnotation.TimestampLogicalTypeAnnotation type) {
    TimeUnit unit = switch (type.getUnit()) {
      case MILLIS -> TimeUnit.MILLISECONDS;
      case MICROS -> TimeUnit.MICROSECONDS;
      case NANOS -> TimeUnit.NANOSECONDS;
    };
    long nanos = unit.toNanos(value);
    Instant instant = Instant.ofEpochSecond(Math.floorDiv(nanos, 1_000_000_000L), Math.floorMod(nanos,
        1_000_000_000L));
    return type.isAdjustedToUTC() ? Timestamp.from(instant) : LocalDateTime.ofInstant(instant, ZoneOffset.UTC);
  }

  /** Whether the change-data files can be read here: parquet-hadoop on the class path and a local table. */
  static boolean readable(Path root) {
    return ParquetCheckpoint.available() && Files.isDirectory(root);
  }
}
