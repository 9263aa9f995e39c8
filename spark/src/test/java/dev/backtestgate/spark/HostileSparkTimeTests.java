package dev.backtestgate.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;

/**
 * Times Spark could read two ways. A TIMESTAMP_NTZ is a UTC wall clock, as the jdbc module reads
 * {@code timestamp without time zone}: the join and the point-in-time check give the same answer whatever
 * {@code spark.sql.session.timeZone} says, including in the hour a daylight-saving change skips or repeats.
 * Casting to TIMESTAMP (what the module did before) reads the wall clock in the session's zone, where
 * 02:30 on 2024-03-10 does not exist in New York and becomes 03:30 EDT, after an event recorded at 03:10.
 */
class HostileSparkTimeTests {
  private static final List<String> ZONES =
      List.of("UTC", "America/New_York", "Europe/Berlin");
  private final SparkSession spark = SparkTests.session();

  private static LocalDateTime at(String text) {
    return LocalDateTime.parse(text);
  }

  private static long utc(String text) {
    return at(text).toInstant(ZoneOffset.UTC).toEpochMilli();
  }

  private Dataset<Row> spine(DataType timeType, Object... entityAndTime) {
    List<Row> rows = new ArrayList<>();
    for (int i = 0; i < entityAndTime.length; i += 2) {
      rows.add(RowFactory.create(i / 2, entityAndTime[i], entityAndTime[i + 1]));
    }
    return spark.createDataFrame(rows, new StructType().add("rowId", DataTypes.IntegerType)
        .add("entity", DataTypes.LongType).add("decisionTime", timeType));
  }

  /** Events (entity, validFrom, recordedAt, value) numbered by position. */
  private Dataset<Row> events(DataType timeType, Object... fields) {
    List<Row> rows = new ArrayList<>();
    for (int i = 0; i < fields.length; i += 4) {
      rows.add(RowFactory.create(fields[i], fields[i + 1], fields[i + 2], (long) i / 4, fields[i + 3]));
    }
    return spark.createDataFrame(rows, new StructType().add("entity", DataTypes.LongType)
        .add("validFrom", timeType).add("recordedAt", timeType).add("eventId", DataTypes.LongType)
        .add("value", DataTypes.DoubleType));
  }

  /** The same computation in every zone of {@link #ZONES}; the session's zone is UTC again afterwards. */
  private <T> List<T> inEveryZone(Supplier<T> computation) {
    List<T> out = new ArrayList<>();
    try {
      for (String zone : ZONES) {
        spark.conf().set("spark.sql.session.timeZone", zone);
        out.add(computation.get());
      }
    } finally {
      spark.conf().set("spark.sql.session.timeZone", "UTC");
    }
    return out;
  }

  private List<String> join(Dataset<Row> spine, Dataset<Row> events) {
    return SparkPointInTimeJoin.builder().build().join(spine, SparkEventLog.of("f", events)).orderBy("rowId")
        .collectAsList().stream().map(r -> r.get(0) + ":" + r.get(3) + "@" + r.get(4) + "#" + r.get(5)).toList();
  }

  @Test
  void aDecisionInTheHourNewYorkSkipsIsReadAsUtc() {
    Dataset<Row> spine = spine(DataTypes.TimestampNTZType, 1L, at("2024-03-10T02:30"));
    Dataset<Row> events = events(DataTypes.TimestampNTZType,
        1L, at("2024-03-09T00:00"), at("2024-03-09T00:00"), 1.0,
        1L, at("2024-03-10T03:10"), at("2024-03-10T03:10"), 2.0);

    List<List<String>> joined = inEveryZone(() -> join(spine, events));

    assertThat(joined).containsOnly(List.of("0:1.0@" + utc("2024-03-09T00:00") + "#0"));
  }

  @Test
  void aDecisionInTheHourNewYorkRepeatsIsReadAsUtc() {
    Dataset<Row> spine = spine(DataTypes.TimestampNTZType, 1L, at("2024-11-03T01:30"), 1L, at("2024-11-03T01:59:59.999"));
    Dataset<Row> events = events(DataTypes.TimestampNTZType,
        1L, at("2024-11-03T01:00"), at("2024-11-03T01:00"), 1.0,
        1L, at("2024-11-03T01:45"), at("2024-11-03T01:45"), 2.0);

    List<List<String>> joined = inEveryZone(() -> join(spine, events));

    assertThat(joined).containsOnly(List.of("0:1.0@" + utc("2024-11-03T01:00") + "#0",
        "1:2.0@" + utc("2024-11-03T01:45") + "#1"));
  }

  @Test
  void aDecisionInTheHourBerlinSkipsIsReadAsUtc() {
    Dataset<Row> spine = spine(DataTypes.TimestampNTZType, 7L, at("2024-03-31T02:30"));
    Dataset<Row> events = events(DataTypes.TimestampNTZType,
        7L, at("2024-03-31T02:10"), at("2024-03-31T02:10"), 1.0,
        7L, at("2024-03-31T02:40"), at("2024-03-31T02:40"), 2.0);

    assertThat(inEveryZone(() -> join(spine, events)))
        .containsOnly(List.of("0:1.0@" + utc("2024-03-31T02:10") + "#0"));
  }

  @Test
  void aCorrectionRecordedInTheRepeatedHourIsNotKnownBeforeItsUtcTime() {
    // Berlin repeats 02:00-03:00 on 2024-10-27; the correction is recorded at 02:20 UTC wall clock
    Dataset<Row> spine = spine(DataTypes.TimestampNTZType, 7L, at("2024-10-27T02:10"), 7L, at("2024-10-27T02:30"));
    Dataset<Row> events = events(DataTypes.TimestampNTZType,
        7L, at("2024-10-01T00:00"), at("2024-10-01T00:00"), 1.0,
        7L, at("2024-10-01T00:00"), at("2024-10-27T02:20"), 9.0);

    assertThat(inEveryZone(() -> join(spine, events))).containsOnly(List.of(
        "0:1.0@" + utc("2024-10-01T00:00") + "#0", "1:9.0@" + utc("2024-10-27T02:20") + "#1"));
  }

  @Test
  void ntzDecisionTimesAgainstInstantEventsCompareInUtc() {
    Dataset<Row> spine = spine(DataTypes.TimestampNTZType, 1L, at("2024-03-10T02:30"));
    Dataset<Row> events = events(DataTypes.TimestampType,
        1L, at("2024-03-10T02:00").toInstant(ZoneOffset.UTC), at("2024-03-10T02:00").toInstant(ZoneOffset.UTC), 1.0,
        1L, at("2024-03-10T02:45").toInstant(ZoneOffset.UTC), at("2024-03-10T02:45").toInstant(ZoneOffset.UTC), 2.0);

    assertThat(inEveryZone(() -> join(spine, events)))
        .containsOnly(List.of("0:1.0@" + utc("2024-03-10T02:00") + "#0"));
  }

  @Test
  void subMillisecondTimesBefore1970RoundDown() {
    Dataset<Row> spine = spine(DataTypes.TimestampNTZType, 1L, at("1969-12-31T23:59:59.9995"));
    Dataset<Row> events = events(DataTypes.TimestampNTZType,
        1L, at("1969-12-31T23:59:59.9991"), at("1969-12-31T23:59:59.9991"), 1.0);

    assertThat(inEveryZone(() -> join(spine, events))).containsOnly(List.of("0:1.0@-1#0"));
  }

  @Test
  void thePointInTimeCheckReadsNtzAsUtcInEveryZone() {
    Dataset<Row> data = spark.createDataFrame(List.of(
            RowFactory.create(0L, at("2024-03-10T02:30"), at("2024-03-10T03:10")),
            RowFactory.create(1L, at("2024-03-10T04:00"), at("2024-03-10T03:10"))),
        new StructType().add("rowId", DataTypes.LongType).add("decisionTime", DataTypes.TimestampNTZType)
            .add("f_knownAt", DataTypes.TimestampNTZType));

    List<String> verdicts = inEveryZone(() -> SparkPointInTimeCheck.check(data, "rowId", "decisionTime", "f",
        "f_knownAt", Duration.ZERO).map(v -> v.toString()).orElse("clean"));

    assertThat(verdicts).hasSize(ZONES.size()).allSatisfy(v -> assertThat(v)
        .contains("rowsAffected=1").contains("largestLead=PT40M").contains("2024-03-10T02:30:00Z"));
    assertThat(verdicts).containsOnly(verdicts.get(0));
  }

  @Test
  void aNullNtzDecisionTimeIsNamedNotGuessed() {
    Dataset<Row> spine = spine(DataTypes.TimestampNTZType, 1L, null);
    Dataset<Row> events = events(DataTypes.TimestampNTZType,
        1L, at("2024-03-09T00:00"), at("2024-03-09T00:00"), 1.0);

    assertThatThrownBy(() -> join(spine, events))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("cannot join feature 'f': 1 spine row(s) without a decision time")
        .hasMessageContaining("Drop or fix those rows");
  }

  @Test
  void aNullNtzRecordedAtIsNamedNotGuessed() {
    Dataset<Row> spine = spine(DataTypes.TimestampNTZType, 1L, at("2024-03-10T00:00"));
    Dataset<Row> events = events(DataTypes.TimestampNTZType, 1L, at("2024-03-09T00:00"), null, 1.0);

    assertThatThrownBy(() -> join(spine, events))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("cannot join feature 'f': 1 event(s) without validFrom, recordedAt or eventId");
  }

  @Test
  void aDateColumnIsRefusedNamingTheFix() {
    Dataset<Row> spine = spine(DataTypes.DateType, 1L, java.time.LocalDate.parse("2024-03-10"));
    Dataset<Row> events = events(DataTypes.TimestampNTZType, 1L, at("2024-03-09T00:00"), at("2024-03-09T00:00"), 1.0);

    assertThatThrownBy(() -> join(spine, events))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("the spine: column 'decisionTime' has type date; a time must be epoch milliseconds (bigint)"
            + " or a timestamp: convert it first");
  }

  @Test
  void aTimeAsTextIsRefusedNamingTheFix() {
    Dataset<Row> spine = spine(DataTypes.TimestampNTZType, 1L, at("2024-03-10T00:00"));
    Dataset<Row> events = spark.createDataFrame(
        List.of(RowFactory.create(1L, "2024-03-09 00:00", "2024-03-09 00:00", 0L, 1.0)),
        new StructType().add("entity", DataTypes.LongType).add("validFrom", DataTypes.StringType)
            .add("recordedAt", DataTypes.StringType).add("eventId", DataTypes.LongType).add("value", DataTypes.DoubleType));

    assertThatThrownBy(() -> join(spine, events))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("event log 'f': column 'validFrom' has type string; a time must be epoch milliseconds (bigint)"
            + " or a timestamp: convert it first");
  }
}
