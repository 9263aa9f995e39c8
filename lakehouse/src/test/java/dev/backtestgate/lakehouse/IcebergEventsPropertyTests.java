package dev.backtestgate.lakehouse;

import static org.assertj.core.api.Assertions.assertThat;

import dev.backtestgate.time.EventLog;
import dev.backtestgate.time.PointInTimeJoin;
import dev.backtestgate.time.Spine;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.From;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.Size;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.DeleteFile;
import org.apache.iceberg.RewriteFiles;
import org.apache.iceberg.RowDelta;
import org.apache.iceberg.Snapshot;

/**
 * On random commit sequences written to a real Iceberg table through its Java API (appends, late appends,
 * copy-on-write updates, merge-on-read deletes and updates by position deletes or deletion vectors, upserts by
 * equality deletes, compactions), the point-in-time join on the transaction-time events read from the snapshot
 * log equals, row for row, the brute-force definition: at each decision time, the snapshot committed last at or
 * before it, and in it the entity's row with the latest valid time.
 */
class IcebergEventsPropertyTests {
  private static final LocalDate FIRST_DAY = LocalDate.parse("2024-01-01");
  private static final int ENTITIES = 3;
  private static final int DAYS = 5;

  /**
   * One commit: op 0 append (an upsert by equality delete when the row exists), 1 copy-on-write update, 2
   * merge-on-read delete, 3 merge-on-read update (and an upsert of another row), 4 equality delete, 5 compaction.
   */
  record Op(int kind, int id, int day, int pick, int score) {}

  @Provide
  Arbitrary<Op> op() {
    return Combinators.combine(Arbitraries.integers().between(0, 5), Arbitraries.integers().between(1, ENTITIES),
        Arbitraries.integers().between(0, DAYS - 1), Arbitraries.integers().between(0, 99),
        Arbitraries.integers().between(-1, 99)).as(Op::new);
  }

  @Property(tries = 10, seed = "23")
  void formatVersion2EqualsTheTableAsOfAtEveryCommit(@ForAll @Size(min = 3, max = 9) List<@From("op") Op> ops) {
    check(2, ops);
  }

  @Property(tries = 10, seed = "30")
  void formatVersion3WithDeletionVectorsEqualsTheTableAsOfAtEveryCommit(
      @ForAll @Size(min = 3, max = 9) List<@From("op") Op> ops) {
    check(3, ops);
  }

  private static void check(int formatVersion, List<Op> ops) {
    Path dir;
    try {
      dir = Files.createTempDirectory("iceberg-events-property");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    try {
      check(dir, formatVersion, ops);
    } finally {
      try (var paths = Files.walk(dir)) {
        paths.sorted(Comparator.reverseOrder()).map(Path::toFile).forEach(File::delete);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }

  private static void check(Path dir, int formatVersion, List<Op> ops) {
    Writer writer = new Writer(IcebergTables.scores(dir, "scores", formatVersion), formatVersion);
    Map<Long, TreeMap<String, Double>> states = new LinkedHashMap<>();
    for (Op op : ops) {
      writer.apply(op);
      states.put(writer.t.current(), writer.model());
    }

    TreeMap<Long, Long> snapshotAt = new TreeMap<>();
    List<Long> times = new ArrayList<>();
    for (long id : states.keySet()) {
      Snapshot snapshot = writer.t.table.snapshot(id);
      snapshotAt.put(snapshot.timestampMillis(), id);   // equal times: the later snapshot wins, as in the join
      times.add(snapshot.timestampMillis());
    }
    Spine.Builder spine = Spine.builder();
    List<Double> expected = new ArrayList<>();
    for (long commit : times) {
      for (long time : new long[] {commit - 1, commit}) {
        Map.Entry<Long, Long> at = snapshotAt.floorEntry(time);
        for (long id = 1; id <= ENTITIES; id++) {
          spine.add(id, time);
          expected.add(at == null ? Double.NaN : asOf(states.get(at.getValue()), id, time));
        }
      }
    }

    EventLog events = IcebergEvents.of(writer.t.location).entityColumn("id").validTimeColumn("day")
        .numeric("score");
    double[] joined = PointInTimeJoin.builder().build().join(spine.build(), events).numeric("score").values();
    List<Double> actual = new ArrayList<>();
    for (double value : joined) {
      actual.add(value);
    }
    assertThat(actual).as("format %d, ops %s", formatVersion, ops).isEqualTo(expected);
  }

  /** Writes the ops to the table as an engine would, and keeps which file holds each live row. */
  private static final class Writer {
    final IcebergTables t;
    final int formatVersion;
    final List<Live> files = new ArrayList<>();

    Writer(IcebergTables t, int formatVersion) {
      this.t = t;
      this.formatVersion = formatVersion;
    }

    /** A data file the table holds, its rows, which of them deletes hide, and its deletion vector (v3). */
    static final class Live {
      final DataFile file;
      final long[] ids;
      final double[] scores;
      final LocalDate day;
      final BitSet dead = new BitSet();
      DeleteFile vector;

      Live(DataFile file, LocalDate day, long[] ids, double[] scores) {
        this.file = file;
        this.day = day;
        this.ids = ids;
        this.scores = scores;
      }
    }

    /** A live row: the file holding it and its position. */
    record Row(Live file, int position) {
      String key() {
        return file.ids[position] + "/" + file.day;
      }
    }

    TreeMap<String, Double> model() {
      TreeMap<String, Double> rows = new TreeMap<>();
      for (Row row : rows()) {
        rows.put(row.key(), row.file.scores[row.position]);
      }
      return rows;
    }

    List<Row> rows() {
      List<Row> rows = new ArrayList<>();
      for (Live file : files) {
        for (int i = 0; i < file.ids.length; i++) {
          if (!file.dead.get(i)) {
            rows.add(new Row(file, i));
          }
        }
      }
      rows.sort((a, b) -> a.key().compareTo(b.key()));
      return rows;
    }

    Row find(String key) {
      return rows().stream().filter(r -> r.key().equals(key)).findFirst().orElse(null);
    }

    Live data(LocalDate day, long[] ids, double[] scores) {
      return new Live(t.writeScores(day, ids, scores), day, ids, scores);
    }

    void apply(Op op) {
      List<Row> rows = rows();
      double score = op.score() < 0 ? Double.NaN : op.score();
      LocalDate day = FIRST_DAY.plusDays(op.day());
      String newKey = op.id() + "/" + day;
      int kind = rows.isEmpty() ? 0 : op.kind();
      Row picked = rows.isEmpty() ? null : rows.get(op.pick() % rows.size());
      switch (kind) {
        case 0 -> {
          Live added = data(day, new long[] {op.id()}, new double[] {score});
          Row existing = find(newKey);
          if (existing == null) {
            t.table.newAppend().appendFile(added.file).commit();
          } else {
            t.table.newRowDelta().addRows(added.file)
                .addDeletes(t.deleteByColumns(day, new long[] {op.id()}, "id", "day")).commit();
            existing.file.dead.set(existing.position);
          }
          files.add(added);
        }
        case 1 -> {
          Live old = picked.file;
          double[] scores = old.scores.clone();
          scores[picked.position] = score;
          List<Long> ids = new ArrayList<>();
          List<Double> kept = new ArrayList<>();
          for (int i = 0; i < old.ids.length; i++) {
            if (!old.dead.get(i)) {
              ids.add(old.ids[i]);
              kept.add(scores[i]);
            }
          }
          Live rewritten = data(old.day, ids.stream().mapToLong(Long::longValue).toArray(),
              kept.stream().mapToDouble(Double::doubleValue).toArray());
          t.table.newOverwrite().deleteFile(old.file).addFile(rewritten.file).commit();
          files.remove(old);
          files.add(rewritten);
        }
        case 2 -> {
          RowDelta delta = t.table.newRowDelta();
          hide(delta, picked);
          delta.commit();
        }
        case 3 -> {
          RowDelta delta = t.table.newRowDelta();
          hide(delta, picked);
          boolean upsert = !newKey.equals(picked.key()) && find(newKey) == null;
          Live updated = data(picked.file.day, new long[] {picked.file.ids[picked.position]},
              new double[] {op.pick() + 1000.0});
          delta.addRows(updated.file);
          files.add(updated);
          if (upsert) {   // the other row goes to its own day's file: a file holds one day
            Live other = data(day, new long[] {op.id()}, new double[] {score});
            delta.addRows(other.file);
            files.add(other);
          }
          delta.commit();
        }
        case 4 -> {
          t.table.newRowDelta().addDeletes(t.deleteByColumns(picked.file.day,
              new long[] {picked.file.ids[picked.position]}, "id", "day")).commit();
          picked.file.dead.set(picked.position);
        }
        default -> compact();
      }
    }

    /** Hides {@code row} with a position delete file (v2) or a new deletion vector replacing the file's (v3). */
    void hide(RowDelta delta, Row row) {
      Live file = row.file;
      file.dead.set(row.position);
      if (formatVersion < 3) {
        delta.addDeletes(t.deleteRow(file.file, row.position));
        return;
      }
      DeleteFile vector = t.deletionVector(file.file, file.dead.stream().asLongStream().toArray());
      delta.addDeletes(vector);
      if (file.vector != null) {
        delta.removeDeletes(file.vector);
      }
      file.vector = vector;
    }

    /** Rewrites every live file into one file per day, deletes applied: a replace that keeps the rows. */
    void compact() {
      Map<LocalDate, List<Row>> byDay = new TreeMap<>();
      for (Row row : rows()) {
        byDay.computeIfAbsent(row.file.day, d -> new ArrayList<>()).add(row);
      }
      t.table.refresh();
      RewriteFiles rewrite = t.table.newRewrite().validateFromSnapshot(t.table.currentSnapshot().snapshotId());
      for (Live file : files) {
        rewrite.deleteFile(file.file);
      }
      for (DeleteFile delete : liveDeletes()) {
        rewrite.deleteFile(delete);
      }
      files.clear();
      for (Map.Entry<LocalDate, List<Row>> day : byDay.entrySet()) {
        Live merged = data(day.getKey(), day.getValue().stream().mapToLong(r -> r.file.ids[r.position]).toArray(),
            day.getValue().stream().mapToDouble(r -> r.file.scores[r.position]).toArray());
        rewrite.addFile(merged.file);
        files.add(merged);
      }
      rewrite.commit();
    }

    List<DeleteFile> liveDeletes() {
      List<DeleteFile> deletes = new ArrayList<>();
      if (t.table.currentSnapshot() == null) {
        return deletes;
      }
      try (var tasks = t.table.newScan().planFiles()) {
        for (var task : tasks) {
          for (DeleteFile delete : task.deletes()) {
            if (deletes.stream().noneMatch(d -> d.location().equals(delete.location()))) {
              deletes.add(delete);
            }
          }
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      return deletes;
    }
  }

  /** The brute-force as-of: the score of the entity's row with the latest day at or before {@code time}. */
  private static double asOf(TreeMap<String, Double> rows, long id, long time) {
    LocalDate best = null;
    double score = Double.NaN;
    for (Map.Entry<String, Double> row : rows.entrySet()) {
      String[] k = row.getKey().split("/");
      LocalDate day = LocalDate.parse(k[1]);
      if (Long.parseLong(k[0]) == id && day.atStartOfDay(ZoneOffset.UTC).toInstant().toEpochMilli() <= time
          && (best == null || day.isAfter(best))) {
        best = day;
        score = row.getValue();
      }
    }
    return score;
  }
}
