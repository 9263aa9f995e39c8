package dev.backtestgate.jdbc;

import dev.backtestgate.history.HistoryManifest;
import dev.backtestgate.history.PartitionGranularity;
import dev.backtestgate.history.RowDigest;
import java.math.BigInteger;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The history digest ({@code sum128-murmur3fmix-v1}) computed inside PostgreSQL or DuckDB, in one query that
 * returns one row per UTC day of validFrom: the row count and four sums of 32-bit pieces of the rows' 128-bit
 * hashes. The JVM adds the days into partitions modulo 2^128, so nothing but per-day sums leaves the database.
 *
 * <p>The row hash is the same chain as the in-memory digest: per seed, four absorptions of the row's words
 * (entity, validFrom, recordedAt, value), each {@code fmix64(state xor (word * G + K))}. SQL BIGINT arithmetic
 * fails on overflow where Java wraps around, so every product modulo 2^64 is computed exactly in a wider type
 * and reduced (see {@link #mulAdd}); exclusive or, AND and shifts never overflow. Each intermediate value is a column of its own nested SELECT, so no expression is repeated
 * beyond one level (PostgreSQL would otherwise inline the levels into one exponentially large expression:
 * {@code OFFSET 0} keeps them apart there).
 */
final class SqlDigest {
  private static final long SEED_LOW = 0x243F6A8885A308D3L;
  private static final long SEED_HIGH = 0x13198A2E03707344L;
  private static final long WORD_MULTIPLIER = 0x9E3779B97F4A7C15L;
  private static final long WORD_ADDEND = 0x632BE59BD9B4E019L;
  private static final long FMIX_1 = 0xFF51AFD7ED558CCDL;
  private static final long FMIX_2 = 0xC4CEB9FE1A85EC53L;
  /** Double.doubleToLongBits(NaN): the word of a missing numeric value. */
  private static final long NAN_WORD = Double.doubleToLongBits(Double.NaN);
  private static final String MASK_32 = "4294967295";
  private static final BigInteger TWO_128 = BigInteger.ONE.shiftLeft(128);

  /** The most categories mapped to words inside one query; more are digested by streaming. */
  static final int MAX_CATEGORIES = 2_000;

  private final Dialect dialect;
  private int level;

  private SqlDigest(Dialect dialect) {
    this.dialect = dialect;
  }

  /**
   * The query over {@code table}: its parameters are, per category, its name and word, then the cut-off in
   * epoch milliseconds twice (validFrom, recordedAt).
   */
  static String query(Dialect dialect, HistoryTable table, TableShape shape, int categories) {
    return new SqlDigest(dialect).build(table, shape, categories);
  }

  private String build(HistoryTable table, TableShape shape, int categories) {
    String vf = shape.validFromMillis(dialect, table);
    String ra = shape.recordedAtMillis(dialect, table);
    String value = table.q(table.value());
    String word;
    if (shape.numeric()) {
      String v = "CAST(" + value + " AS " + dialect.doubleType() + ")";
      word = "CASE WHEN " + v + " IS NULL OR " + dialect.isNaN(v) + " THEN " + NAN_WORD + " WHEN " + v
          + " = 0 THEN 0 ELSE " + dialect.doubleBits(v) + " END";
    } else {
      StringBuilder cases = new StringBuilder("CASE WHEN " + value + " IS NULL THEN "
          + RowDigest.categoryWord(null));
      for (int i = 0; i < categories; i++) {
        cases.append(" WHEN ").append(value).append(" = ? THEN CAST(? AS BIGINT)");
      }
      word = cases.append(" END").toString();
    }
    String base = "SELECT CAST(" + table.q(table.entity()) + " AS BIGINT) AS e, " + vf + " AS vf, " + ra
        + " AS ra, " + word + " AS w FROM " + table.quotedTable();
    String covered = "SELECT " + dialect.floorDiv("vf", "86400000") + " AS d, e, vf, ra, w FROM (" + base
        + ") AS base WHERE vf < ? AND ra < ?" + fence();
    String[] words = {"e", "vf", "ra", "w"};
    List<String> mixed = new ArrayList<>();
    for (String w : words) {
      mixed.add(mulAdd(w, WORD_MULTIPLIER, WORD_ADDEND) + " AS m_" + w);
    }
    String sql = wrap(covered, mixed);
    List<String> carried = new ArrayList<>(List.of("m_e", "m_vf", "m_ra", "m_w"));
    for (int step = 0; step < words.length; step++) {
      String m = "m_" + words[step];
      carried.remove(m);
      // each step ends with z, the second product; its final xor-shift is applied where z is used
      String stateLow = step == 0 ? Long.toString(SEED_LOW) : shiftXor("z_lo");
      String stateHigh = step == 0 ? Long.toString(SEED_HIGH) : shiftXor("z_hi");
      List<String> columns = new ArrayList<>(carried);
      columns.add(mulAdd(shiftXor(dialect.xor(stateLow, m)), FMIX_1, 0) + " AS k_lo");
      columns.add(mulAdd(shiftXor(dialect.xor(stateHigh, m)), FMIX_1, 0) + " AS k_hi");
      sql = wrap(sql, columns);
      columns = new ArrayList<>(carried);
      columns.add(mulAdd(shiftXor("k_lo"), FMIX_2, 0) + " AS z_lo");
      columns.add(mulAdd(shiftXor("k_hi"), FMIX_2, 0) + " AS z_hi");
      sql = wrap(sql, columns);
    }
    sql = wrap(sql, List.of(shiftXor("z_lo") + " AS l", shiftXor("z_hi") + " AS h"));
    return "SELECT d, count(*) AS n, sum(l & " + MASK_32 + ") AS l0, sum((l >> 32) & " + MASK_32 + ") AS l1,"
        + " sum(h & " + MASK_32 + ") AS h0, sum((h >> 32) & " + MASK_32 + ") AS h1 FROM (" + sql + ") AS hashed"
        + " GROUP BY d ORDER BY d";
  }

  /** {@code SELECT d, columns FROM (inner)}, fenced so PostgreSQL does not inline it into the next level. */
  private String wrap(String inner, List<String> columns) {
    return "SELECT d, " + String.join(", ", columns) + " FROM (" + inner + ") AS s" + (++level) + fence();
  }

  private String fence() {
    return dialect == Dialect.POSTGRESQL ? " OFFSET 0" : "";
  }

  /** {@code x xor (x >>> 33)}: an arithmetic shift, masked to 31 bits, is the unsigned one. */
  private String shiftXor(String x) {
    return dialect.xor(x, "((" + x + " >> 33) & 2147483647)");
  }

  /**
   * {@code (x * c + k) mod 2^64} as a signed BIGINT: the exact product in a wider type (DuckDB's HUGEINT,
   * PostgreSQL's NUMERIC), reduced to its low 64 bits r in [0, 2^64), then r - 2^63 (which fits a BIGINT)
   * with its top bit flipped back, which is r read as a signed two's-complement number.
   */
  private String mulAdd(String x, long c, long k) {
    return switch (dialect) {
      case DUCKDB -> "CAST(xor((CAST(" + x + " AS HUGEINT) * " + c + " + " + k + ") & 18446744073709551615, "
          + "9223372036854775808) - 9223372036854775808 AS BIGINT)";
      case POSTGRESQL -> "((((" + x + ")::numeric * " + c + " + " + k
          + " + 170141183460469231731687303715884105728) % 18446744073709551616) - 9223372036854775808)::bigint"
          + " # ~9223372036854775807";
      case OTHER -> throw new UnsupportedOperationException("no 128-bit arithmetic on other databases");
    };
  }

  /** Per-day sums, read from the digest query, added into partitions. */
  static List<HistoryManifest.Partition> partitions(ResultSet rows, PartitionGranularity granularity)
      throws SQLException {
    Map<LocalDate, BigInteger[]> totals = new TreeMap<>();
    while (rows.next()) {
      LocalDate start = granularity.floor(LocalDate.ofEpochDay(rows.getLong("d")));
      BigInteger[] total = totals.computeIfAbsent(start, day -> new BigInteger[] {BigInteger.ZERO, BigInteger.ZERO});
      total[0] = total[0].add(BigInteger.valueOf(rows.getLong("n")));
      BigInteger sum = rows.getBigDecimal("l0").toBigIntegerExact()
          .add(rows.getBigDecimal("l1").toBigIntegerExact().shiftLeft(32))
          .add(rows.getBigDecimal("h0").toBigIntegerExact().shiftLeft(64))
          .add(rows.getBigDecimal("h1").toBigIntegerExact().shiftLeft(96));
      total[1] = total[1].add(sum).mod(TWO_128);
    }
    List<HistoryManifest.Partition> out = new ArrayList<>(totals.size());
    totals.forEach((start, total) -> out.add(new HistoryManifest.Partition(
        granularity.key(start), total[0].longValueExact(), String.format("%032x", total[1]))));
    return out;
  }
}
