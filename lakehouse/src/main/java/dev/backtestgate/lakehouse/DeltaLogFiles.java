package dev.backtestgate.lakehouse;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.backtestgate.history.LogCommit;
import dev.backtestgate.history.ReadProgress;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
/**
 * Reads a Delta table's {@code _delta_log} at one fixed version: the commit files (JSON lines, immutable once
 * written, so a concurrent commit cannot change what is read) from the oldest one the log still holds in an
 * unbroken run up to that version, and the checkpoint (Parquet) for the files and metadata that were live before it.
 * The files come from a {@link DeltaLogStore}: Hadoop's file systems with Spark (any store Spark reads, checkpoints
 * read through Spark), or the local file system alone (no Spark; a log that needs its checkpoint is refused).
 */
final class DeltaLogFiles {
  static final String RETENTION_KEY = "delta.logRetentionDuration";
  private static final String RETENTION_DEFAULT = "interval 30 days";
  private static final Pattern COMMIT = Pattern.compile("(\\d{20})\\.json");
  private static final Pattern CHECKPOINT = Pattern.compile("(\\d{20})\\.checkpoint(\\.\\d{10}\\.\\d{10})?\\.parquet");
  private static final Pattern V2_CHECKPOINT = Pattern.compile("(\\d{20})\\.checkpoint\\.[0-9a-fA-F-]{36}\\.(json|parquet)");
  /** Reader features whose tables this reader reads exactly; any other is refused. */
  private static final Set<String> READER_FEATURES = Set.of("deletionVectors", "timestampNtz", "vacuumProtocolCheck");
  private static final ObjectMapper JSON = new ObjectMapper();

  private final DeltaLogStore store;
  private final String table;
  private final DeltaColumns columns;
  private final ReadProgress progress;
  /** The add action of every data file live after the commits replayed so far, by path. */
  private final Map<String, JsonNode> liveFiles = new LinkedHashMap<>();
  private State finalState;

  private DeltaLogFiles(DeltaLogStore store, DeltaColumns columns, ReadProgress progress) {
    this.store = store;
    this.table = store.table();
    this.columns = columns;
    this.progress = progress;
  }

  /** The table's latest version (or {@code atVersion}, when not negative) and its commits. */
  static TableLog read(DeltaLogStore store, long atVersion, DeltaColumns columns, ReadProgress progress) {
    try {
      if (!store.hasLog()) {
        throw notDelta(store.table(), "it has no _delta_log directory");
      }
      return new DeltaLogFiles(store, columns, progress).read(atVersion);
    } catch (IOException e) {
      throw new UncheckedIOException("could not read the Delta log of '" + store.table() + "': " + e.getMessage()
          + ". Check that the path is readable from this JVM.", e);
    }
  }

  /**
   * The data files live at the table's latest version, for reading its rows: each one's add action (path,
   * partition values, deletion vector), with the log read. A log whose early commits were cleaned up is refused: the
   * files live before them are in the checkpoint, whose add actions this reader keeps only as row counts.
   */
  static LiveFiles live(DeltaLogStore store) {
    try {
      if (!store.hasLog()) {
        throw notDelta(store.table(), "it has no _delta_log directory");
      }
      DeltaLogFiles files = new DeltaLogFiles(store, null, ReadProgress.NONE);
      TableLog log = files.read(-1);
      if (!log.fromStart()) {
        throw new IllegalArgumentException("the Delta log of '" + store.table() + "' no longer holds the commits "
            + "before version " + log.firstReadable() + " (" + log.retention() + "), so the files live then are "
            + "known only from its checkpoint, which this reader without Spark does not list. Read the table with "
            + "Spark (spark.read.format(\"delta\")), or export it as Parquet");
      }
      return new LiveFiles(log, files.finalState.partitionColumns, List.copyOf(files.liveFiles.values()));
    } catch (IOException e) {
      throw new UncheckedIOException("could not read the Delta log of '" + store.table() + "': " + e.getMessage()
          + ". Check that the path is readable from this JVM.", e);
    }
  }

  /**
   * A Delta table's data files at its latest version.
   *
   * @param log the log read
   * @param partitionColumns the table's partition columns
   * @param adds the add action of each live data file, in the order the log added them
   */
  record LiveFiles(TableLog log, List<String> partitionColumns, List<JsonNode> adds) {}

  private TableLog read(long atVersion) throws IOException {
    NavigableMap<Long, DeltaLogStore.LogFile> commits = new TreeMap<>();
    NavigableMap<Long, List<String>> checkpoints = new TreeMap<>();
    for (DeltaLogStore.LogFile file : store.list()) {
      String name = file.name();
      Matcher commit = COMMIT.matcher(name);
      Matcher checkpoint = CHECKPOINT.matcher(name);
      if (commit.matches()) {
        commits.put(Long.parseLong(commit.group(1)), file);
      } else if (checkpoint.matches()) {
        checkpoints.computeIfAbsent(Long.parseLong(checkpoint.group(1)), v -> new ArrayList<>()).add(name);
      } else if (V2_CHECKPOINT.matcher(name).matches()) {
        throw unsupported("it has a version-2 checkpoint (" + name + ", table feature v2Checkpoint)");
      }
    }
    if (commits.isEmpty()) {
      throw notDelta(table, "its _delta_log directory holds no commit files");
    }
    long version = atVersion >= 0 ? atVersion : commits.lastKey();
    if (!commits.containsKey(version)) {
      throw new IllegalArgumentException("the Delta log of '" + table + "' has no commit " + version + " (it holds "
          + commits.firstKey() + " to " + commits.lastKey() + "): read a version the log holds.");
    }
    long first = version;
    while (commits.containsKey(first - 1)) {
      first--;
    }
    Map.Entry<Long, List<String>> checkpoint = checkpoints.floorEntry(version);
    Map<String, Long> liveRows = new HashMap<>();
    State state = new State();
    if (first > 0) {
      if (checkpoint == null || checkpoint.getKey() < first - 1) {
        throw new IllegalArgumentException("the Delta log of '" + table + "' is broken at version " + (first - 1)
            + ": the commits before " + first + " are gone and no checkpoint at or after " + (first - 1)
            + " holds the table's state. Delta itself cannot read this table; restore the log before checking it.");
      }
      store.readCheckpoint(checkpoint.getValue(), first, new DeltaLogStore.Checkpoint() {
        @Override
        public void liveRows(String path, long rows) {
          liveRows.put(path, rows);
        }

        @Override
        public void metadata(JsonNode metaData) {
          state.metadata(metaData);
        }

        @Override
        public void protocol(JsonNode protocol) {
          state.protocol(protocol);
        }
      });
    }
    long checkpointVersion = first > 0 ? checkpoint.getKey() : -1;
    List<TableLog.Commit> read = new ArrayList<>();
    Map<String, Long> addedRows = new HashMap<>();
    long rowsRead = 0;
    for (long v = first; v <= version; v++) {
      TableLog.Commit commit = commit(v, commits.get(v), state, addedRows, v > checkpointVersion ? liveRows : Map.of());
      read.add(commit);
      rowsRead += commit.rows();
      progress.commitRead(v - first + 1, version - first + 1, rowsRead);
    }
    state.requireSupported();
    finalState = state;
    if (columns != null) {
      columns.requireIn(table, state.partitionColumns, state.schemaColumns);
    }
    String retention = state.properties.containsKey(RETENTION_KEY)
        ? RETENTION_KEY + " = " + state.properties.get(RETENTION_KEY)
        : RETENTION_KEY + " = " + RETENTION_DEFAULT + " (the default)";
    String fix = "ALTER TABLE delta.`" + table + "` SET TBLPROPERTIES ('" + RETENTION_KEY + "' = 'interval 365 days')";
    // the state at a version before the oldest checkpoint at or after first - 1 needs the commits that are gone
    Long rebuildable = first == 0 ? null : checkpoints.ceilingKey(first - 1);
    return new TableLog(table, "delta", version, read, first, first == 0, retention, fix, state.properties,
        state.schemaColumns, rebuildable == null ? first : Math.max(first, rebuildable));
  }

  private TableLog.Commit commit(long version, DeltaLogStore.LogFile file, State state, Map<String, Long> addedRows,
      Map<String, Long> liveAtCheckpoint) throws IOException {
    JsonNode info = null;
    boolean appendOnlyBefore = false;
    List<JsonNode> adds = new ArrayList<>();
    List<JsonNode> removes = new ArrayList<>();
    List<JsonNode> cdcs = new ArrayList<>();
    Map<String, String> propertiesSet = null;
    try (BufferedReader reader = new BufferedReader(new InputStreamReader(store.open(file.name()),
        StandardCharsets.UTF_8))) {
      String line;
      while ((line = reader.readLine()) != null) {
        if (line.isBlank()) {
          continue;
        }
        JsonNode action = JSON.readTree(line);
        if (action.has("commitInfo")) {
          info = action.get("commitInfo");
        } else if (action.has("add")) {
          adds.add(action.get("add"));
        } else if (action.has("remove")) {
          removes.add(action.get("remove"));
        } else if (action.has("cdc")) {
          cdcs.add(action.get("cdc"));
        } else if (action.has("metaData")) {
          Map<String, String> before = state.properties;
          state.metadata(action.get("metaData"));
          if (!state.properties.equals(before)) {
            propertiesSet = state.properties;
          }
          appendOnlyBefore = appendOnlyBefore || isAppendOnly(before);
        } else if (action.has("protocol")) {
          state.protocol(action.get("protocol"));
        }
      }
    }
    state.requireSupported();
    LogCommit commit = logCommit(version, info, file);
    List<FileChange> changes = new ArrayList<>();
    for (JsonNode remove : removes) {
      String path = remove.path("path").asText();
      liveFiles.remove(path);
      Long rows = addedRows.get(path);
      if (rows == null) {
        rows = liveAtCheckpoint.get(path);
      }
      if (rows == null) {
        rows = liveRows(remove);
      }
      changes.add(new FileChange(state.partition(remove), validFrom(state, remove), rows == null ? -1 : rows,
          false, remove.path("dataChange").asBoolean(true)));
    }
    for (JsonNode add : adds) {
      liveFiles.put(add.path("path").asText(), add);
      Long rows = liveRows(add);
      addedRows.put(add.path("path").asText(), rows == null ? -1 : rows);
      changes.add(new FileChange(state.partition(add), validFrom(state, add), rows == null ? -1 : rows, true,
          add.path("dataChange").asBoolean(true)));
    }
    List<TableLog.ChangeData> changeData = new ArrayList<>();
    for (JsonNode cdc : cdcs) {
      Map<String, String> values = new LinkedHashMap<>();
      for (String column : state.partitionColumns) {
        JsonNode value = cdc.path("partitionValues").get(column);
        values.put(column, value == null || value.isNull() ? null : value.asText());
      }
      changeData.add(new TableLog.ChangeData(cdc.path("path").asText(), state.partition(cdc), values));
    }
    return new TableLog.Commit(commit, changes, propertiesSet,
        appendOnlyBefore && propertiesSet != null && !isAppendOnly(propertiesSet), changeData);
  }

  private LogCommit logCommit(long version, JsonNode info, DeltaLogStore.LogFile file) {
    if (info == null) {
      return new LogCommit(version, Instant.ofEpochMilli(file.modificationTime()), "UNKNOWN", "", "");
    }
    long time = info.has("inCommitTimestamp") ? info.get("inCommitTimestamp").asLong()
        : info.path("timestamp").asLong(file.modificationTime());
    String user = info.path("userName").asText(info.path("userId").asText(""));
    return new LogCommit(version, Instant.ofEpochMilli(time), info.path("operation").asText("UNKNOWN"), user,
        info.path("engineInfo").asText(""));
  }

  private static boolean isAppendOnly(Map<String, String> properties) {
    return "true".equalsIgnoreCase(properties.get(DeltaAppendOnly.PROPERTY));
  }

  /** The live rows of an add or remove action: its statistics' count less its deletion vector's, if it says. */
  private static Long liveRows(JsonNode action) throws IOException {
    JsonNode stats = stats(action);
    if (stats == null || !stats.has("numRecords")) {
      return null;
    }
    return stats.get("numRecords").asLong() - action.path("deletionVector").path("cardinality").asLong(0);
  }

  private static JsonNode stats(JsonNode action) throws IOException {
    JsonNode text = action.get("stats");
    return text == null || text.isNull() ? null : JSON.readTree(text.asText());
  }

  /** The earliest valid time of an action's rows, from its partition value or its statistics; null if unknown. */
  private Instant validFrom(State state, JsonNode action) throws IOException {
    if (columns == null) {
      return null;
    }
    String column = columns.validTime();
    if (state.partitionColumns.contains(column)) {
      JsonNode value = action.path("partitionValues").get(column);
      return value == null || value.isNull() ? null : ValidTimes.parse(table, column, value.asText());
    }
    JsonNode stats = stats(action);
    JsonNode min = stats == null ? null : stats.path("minValues").get(column);
    return min == null || min.isNull() ? null : ValidTimes.parse(table, column, min.asText());
  }

  private IllegalArgumentException unsupported(String what) {
    return new IllegalArgumentException("the Delta table '" + table + "' cannot be read exactly by this version of "
        + "backtest-gate: " + what + ". Supported: reader version 1, or 3 with the features " + READER_FEATURES
        + ". Nothing was checked; read the history of a table without that feature, or ask for its support.");
  }

  static IllegalArgumentException notDelta(String table, String why) {
    return new IllegalArgumentException("'" + table + "' is not a Delta table: " + why + ". Point DeltaHistory at "
        + "the table's root directory, the one that holds _delta_log (e.g. the path given to "
        + "df.write().format(\"delta\").save(path)).");
  }

  /** The table's metadata and protocol as the replay reaches each commit. */
  private final class State {
    List<String> partitionColumns = List.of();
    List<String> schemaColumns = List.of();
    Map<String, String> properties = Map.of();
    int readerVersion = 1;
    List<String> readerFeatures = List.of();
    boolean metadataSeen;

    void metadata(JsonNode metaData) {
      List<String> partitions = new ArrayList<>();
      metaData.path("partitionColumns").forEach(c -> partitions.add(c.asText()));
      Map<String, String> config = new LinkedHashMap<>();
      for (Iterator<Map.Entry<String, JsonNode>> it = metaData.path("configuration").fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> e = it.next();
        config.put(e.getKey(), e.getValue().asText());
      }
      partitionColumns = List.copyOf(partitions);
      properties = Map.copyOf(config);
      List<String> fields = new ArrayList<>();
      try {
        JSON.readTree(metaData.path("schemaString").asText("{}")).path("fields")
            .forEach(f -> fields.add(f.path("name").asText()));
      } catch (IOException e) {
        throw new UncheckedIOException("the schema of the Delta table '" + table + "' is not valid JSON", e);
      }
      schemaColumns = List.copyOf(fields);
      metadataSeen = true;
    }

    void protocol(JsonNode protocol) {
      readerVersion = protocol.path("minReaderVersion").asInt(1);
      List<String> features = new ArrayList<>();
      protocol.path("readerFeatures").forEach(f -> features.add(f.asText()));
      readerFeatures = List.copyOf(features);
    }

    void requireSupported() {
      if (readerVersion == 2 || "name".equals(properties.get("delta.columnMapping.mode"))
          || "id".equals(properties.get("delta.columnMapping.mode"))) {
        throw unsupported("it uses column mapping (reader version " + readerVersion + ", delta.columnMapping.mode = "
            + properties.getOrDefault("delta.columnMapping.mode", "none") + "), so the log's statistics and "
            + "partition values use physical column names");
      }
      if (readerVersion > 3) {
        throw unsupported("its protocol needs reader version " + readerVersion);
      }
      for (String feature : readerFeatures) {
        if (!READER_FEATURES.contains(feature)) {
          throw unsupported("its protocol needs the reader feature '" + feature + "'");
        }
      }
    }

    String partition(JsonNode action) {
      JsonNode values = action.path("partitionValues");
      List<String> parts = new ArrayList<>();
      for (String column : partitionColumns) {
        JsonNode value = values.get(column);
        parts.add(column + "=" + (value == null || value.isNull() ? "null" : value.asText()));
      }
      return parts.isEmpty() ? "(unpartitioned)" : String.join("/", parts);
    }
  }
}
