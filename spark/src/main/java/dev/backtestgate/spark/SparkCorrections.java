package dev.backtestgate.spark;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.count;
import static org.apache.spark.sql.functions.countDistinct;
import static org.apache.spark.sql.functions.lit;

import dev.backtestgate.history.LateWriteReport;
import dev.backtestgate.time.Corrections;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/**
 * The declared corrections of a {@link SparkEventLog}, on a frame with columns entity, vf, ra, id, c (the
 * corrected id) and r (the reason): the in-memory rules of {@link Corrections} checked with Spark (each failure
 * names the event by id and entity; distinct reason codes, at most {@value #MAX_REASON_CODES}, are checked on the
 * driver), and the late ones grouped by reason code like the in-memory detector.
 * A cycle of pointers always has one correction recorded at or before the event it corrects, and is refused
 * as such (a self-pointer is named a cycle).
 */
final class SparkCorrections {
  /** The most distinct reason codes checked on the driver. */
  static final int MAX_REASON_CODES = 100_000;

  private SparkCorrections() {}

  /** Fails on the first bad declaration, naming the event and the fix. */
  static void validate(String owner, Dataset<Row> rows) {
    List<Row> duplicate = rows.groupBy("id").count().filter(col("count").gt(1)).orderBy("id").limit(1)
        .collectAsList();
    if (!duplicate.isEmpty()) {
      throw new IllegalArgumentException(owner + ": event id " + duplicate.get(0).getLong(0) + " is used by "
          + duplicate.get(0).getLong(1) + " events; a correction points at one event, so ids must be unique: fix "
          + "the eventId column");
    }
    Dataset<Row> declared = rows.filter(col("c").isNotNull().or(col("r").isNotNull()));
    List<Row> orphan = declared.filter(col("c").isNull()).orderBy("id").limit(1).collectAsList();
    if (!orphan.isEmpty()) {
      throw new IllegalArgumentException(event(owner, orphan.get(0)) + " has reason code '"
          + orphan.get(0).getAs("r") + "' but corrects no event; set the id of the event it corrects, or drop the "
          + "reason if it is not a correction");
    }
    List<Row> reasons = declared.select("r").distinct().limit(MAX_REASON_CODES + 1).collectAsList();
    if (reasons.size() > MAX_REASON_CODES) {
      throw new IllegalArgumentException(owner + " has more than " + MAX_REASON_CODES + " distinct reason codes; "
          + "a reason code is a short code shared by many corrections, not free text: keep the explanation in the "
          + "change ticket");
    }
    for (Row reason : reasons) {
      String code = reason.isNullAt(0) ? null : reason.getString(0);
      String problem = Corrections.reasonProblem(code);
      if (problem != null) {
        Row first = declared.filter(code == null ? col("r").isNull() : col("r").equalTo(code)).orderBy("id")
            .limit(1).collectAsList().get(0);
        throw new IllegalArgumentException(event(owner, first) + " declares that it corrects event "
            + first.getAs("c") + ", but " + problem);
      }
    }
    Dataset<Row> targets = rows.select(col("id").as("tid"), col("entity").as("te"), col("ra").as("tra"));
    Dataset<Row> edges = declared.join(targets, declared.col("c").equalTo(targets.col("tid")), "left_outer");
    first(edges.filter(col("tid").isNull()), owner, "corrects event %2$d, which is not in the log; fix the "
        + "pointer, or load the corrected event too (a correction must point at a real event)");
    first(edges.filter(col("te").notEqual(col("entity"))), owner, "corrects event %2$d of entity %3$d; a "
        + "correction restates a value of its own entity: point it at an event of entity %1$d");
    first(edges.filter(col("c").equalTo(col("id"))), owner, "is part of a correction cycle (%4$d corrects "
        + "%4$d); each correction points at an earlier event: fix the pointers");
    first(edges.filter(col("ra").leq(col("tra"))), owner, "is recorded at %5$s, at or before event %2$d it "
        + "corrects (recorded at %6$s); a correction is written after the event it corrects: fix its recordedAt "
        + "or its pointer (a cycle of pointers always has such a correction)");
  }

  private static void first(Dataset<Row> bad, String owner, String problem) {
    List<Row> found = bad.orderBy("id").limit(1).collectAsList();
    if (!found.isEmpty()) {
      Row r = found.get(0);
      throw new IllegalArgumentException(event(owner, r) + " " + String.format(problem, r.<Long>getAs("entity"),
          r.<Long>getAs("c"), r.isNullAt(r.fieldIndex("te")) ? null : r.<Long>getAs("te"), r.<Long>getAs("id"),
          Instant.ofEpochMilli(r.<Long>getAs("ra")),
          r.isNullAt(r.fieldIndex("tra")) ? null : Instant.ofEpochMilli(r.<Long>getAs("tra"))));
    }
  }

  private static String event(String owner, Row row) {
    return owner + ": event " + row.getAs("id") + " (entity " + row.getAs("entity") + ")";
  }

  /** The late declared corrections per reason code, with the smallest ids as examples. */
  static List<LateWriteReport.DeclaredCorrections> group(Dataset<Row> lateDeclared, int maxExamples) {
    List<LateWriteReport.DeclaredCorrections> groups = new ArrayList<>();
    for (Row g : lateDeclared.groupBy("r").agg(count(lit(1)), countDistinct(col("entity"))).collectAsList()) {
      String reason = g.getString(0);
      List<LateWriteReport.Correction> examples = new ArrayList<>();
      for (Row e : lateDeclared.filter(col("r").equalTo(reason)).orderBy("id").limit(maxExamples)
          .select("id", "c", "entity", "vf", "ra").collectAsList()) {
        examples.add(new LateWriteReport.Correction(e.getLong(0), e.getLong(1), e.getLong(2),
            Instant.ofEpochMilli(e.getLong(3)), Instant.ofEpochMilli(e.getLong(4))));
      }
      groups.add(new LateWriteReport.DeclaredCorrections(reason, Math.toIntExact(g.getLong(1)),
          Math.toIntExact(g.getLong(2)), examples));
    }
    return groups;
  }
}
