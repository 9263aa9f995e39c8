package dev.backtestgate.spark;

import static org.assertj.core.api.Assertions.assertThat;

import dev.backtestgate.time.EventLog;
import dev.backtestgate.time.FeatureTable;
import dev.backtestgate.time.JoinedFeature;
import dev.backtestgate.time.PointInTimeJoin;
import dev.backtestgate.time.Spine;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * The Spark join against the in-memory PointInTimeJoin, row for row, on random data (see JoinData): a
 * numeric and a categorical feature in one join, random lag, global and per-feature time-to-live, and
 * 1 to 9 partitions so that the hot entity crosses partition boundaries. Few tries: each is a few Spark
 * jobs.
 */
class SparkPointInTimeJoinPropertyTests {
  private final SparkSession spark = SparkTests.session();

  @Property(tries = 30)
  void joinEqualsTheInMemoryJoinRowForRow(
      @ForAll long seed,
      @ForAll @LongRange(min = 0, max = 6) long lag,
      @ForAll @LongRange(min = -1, max = 25) long ttl,
      @ForAll @LongRange(min = -1, max = 25) long statusTtl,
      @ForAll @IntRange(min = 1, max = 9) int partitions) {
    Random random = new Random(seed);
    Spine spine = JoinData.spine(random, 5 + random.nextInt(120), 6);
    EventLog balance = JoinData.numeric("balance", JoinData.events(random, random.nextInt(200), 5), random);
    EventLog status = JoinData.categorical("status", JoinData.events(random, random.nextInt(200), 5), random);

    PointInTimeJoin.Builder memory = PointInTimeJoin.builder().availabilityLag(Duration.ofMillis(lag));
    SparkPointInTimeJoin.Builder cluster =
        SparkPointInTimeJoin.builder().availabilityLag(Duration.ofMillis(lag)).partitions(partitions);
    if (ttl >= 0) {
      memory.ttl(Duration.ofMillis(ttl));
      cluster.ttl(Duration.ofMillis(ttl));
    }
    if (statusTtl >= 0) {
      memory.ttl("status", Duration.ofMillis(statusTtl));
      cluster.ttl("status", Duration.ofMillis(statusTtl));
    }
    FeatureTable expected = memory.build().join(spine, balance, status);
    List<Row> actual = cluster.build()
        .join(JoinData.spineFrame(spark, spine), JoinData.logFrame(spark, balance), JoinData.logFrame(spark, status))
        .collectAsList();

    assertThat(actual).hasSize(spine.size());
    JoinedFeature.Numeric balances = expected.numeric("balance");
    JoinedFeature.Categorical statuses = expected.categorical("status");
    boolean[] seen = new boolean[spine.size()];
    for (Row row : actual) {
      int r = row.getInt(row.fieldIndex("rowId"));
      assertThat(seen[r]).as("row %d appears once", r).isFalse();
      seen[r] = true;
      assertThat(row.getLong(row.fieldIndex("entity"))).isEqualTo(spine.entity()[r]);
      assertFeature(row, "balance", r, balances, valueOrNaN(row, "balance"), balances.values()[r]);
      assertFeature(row, "status", r, statuses, row.get(row.fieldIndex("status")), statuses.category(r));
    }
  }

  private static Object valueOrNaN(Row row, String feature) {
    Object value = row.get(row.fieldIndex(feature));
    return value == null ? Double.NaN : value;
  }

  private static void assertFeature(
      Row row, String feature, int r, JoinedFeature expected, Object value, Object expectedValue) {
    Object source = row.get(row.fieldIndex(feature + SparkPointInTimeJoin.SOURCE_ID_SUFFIX));
    Object knownAt = row.get(row.fieldIndex(feature + SparkPointInTimeJoin.KNOWN_AT_SUFFIX));
    int expectedSource = expected.sourceIndex()[r];
    assertThat(source).as("%s source of row %d", feature, r)
        .isEqualTo(expectedSource < 0 ? null : (long) expectedSource);
    assertThat(knownAt).as("%s knownAt of row %d", feature, r)
        .isEqualTo(expected.isMissing(r) ? null : expected.knownAt()[r]);
    assertThat(value).as("%s value of row %d", feature, r).isEqualTo(expectedValue);
  }
}
