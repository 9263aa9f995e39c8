package dev.backtestgate.spark;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.date_part;
import static org.apache.spark.sql.functions.floor;
import static org.apache.spark.sql.functions.hour;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.minute;
import static org.apache.spark.sql.functions.unix_date;
import static org.apache.spark.sql.functions.unix_millis;
import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.ByteType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.IntegerType;
import org.apache.spark.sql.types.LongType;
import org.apache.spark.sql.types.ShortType;
import org.apache.spark.sql.types.StringType;
import org.apache.spark.sql.types.TimestampNTZType;
import org.apache.spark.sql.types.TimestampType;
import org.apiguardian.api.API;

/**
 * How the gate reads a Spark column, for checks of your own that compute their part of the evidence on Spark: a time
 * column as epoch milliseconds (bigint as it is, {@code TIMESTAMP} as the instant, {@code TIMESTAMP_NTZ} as a UTC wall
 * clock, whatever {@code spark.sql.session.timeZone} says), an entity (integral ids as bigint, strings as they are),
 * an integral row id, and a check that columns exist. The built-in Spark checks read their columns exactly this way,
 * so a part of your own lines up with theirs row for row. Failures name the column, its type and the fix.
 *
 * <pre>{@code
 * Column scoredAt = SparkColumns.millis(scored, "scoredAt", "stale scores");
 * Column decidedAt = SparkColumns.millis(scored, "decidedAt", "stale scores");
 * long stale = scored.filter(decidedAt.minus(scoredAt).gt(86_400_000L)).count();
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class SparkColumns {
  private SparkColumns() {}


  /**
   * Fails unless {@code frame} has every one of {@code columns}.
   *
   * @param owner what reads the columns, for the message (e.g. {@code "stale scores"})
   * @throws IllegalArgumentException naming the missing column, the frame's columns and how to rename
   */
  public static void requireColumns(Dataset<Row> frame, String owner, String... columns) {
    List<String> present = Arrays.asList(frame.columns());
    for (String column : columns) {
      if (!present.contains(column)) {
        throw new IllegalArgumentException(
            owner + " has no column '" + column + "' (it has " + present + "); expected columns "
                + Arrays.toString(columns) + ": rename yours with withColumnRenamed or selectExpr(\"x AS "
                + column + "\")");
      }
    }
  }

  static DataType type(Dataset<Row> frame, String column) {
    return frame.schema().apply(column).dataType();
  }

  static boolean integral(DataType type) {
    return type instanceof LongType || type instanceof IntegerType || type instanceof ShortType
        || type instanceof ByteType;
  }

  /**
   * A time column as epoch milliseconds (rounded down): integral columns as they are, timestamps (instants)
   * via unix_millis, and timestamps without time zone as UTC, whatever {@code spark.sql.session.timeZone} says.
   *
   * @param owner what reads the column, for the message
   * @throws IllegalArgumentException when the column is neither integral nor a timestamp
   */
  public static Column millis(Dataset<Row> frame, String column, String owner) {
    DataType type = type(frame, column);
    if (integral(type)) {
      return col(column).cast(DataTypes.LongType);
    }
    if (type instanceof TimestampType) {
      return unix_millis(col(column));
    }
    if (type instanceof TimestampNTZType) {
      return utcMillis(col(column));
    }
    throw new IllegalArgumentException(
        owner + ": column '" + column + "' has type " + type.simpleString() + "; a time must be epoch"
            + " milliseconds (bigint) or a timestamp: convert it first");
  }

  /**
   * A TIMESTAMP_NTZ read as a UTC wall clock, in epoch milliseconds rounded down. Casting it to TIMESTAMP
   * would read it in the session's time zone, where a daylight-saving change skips or repeats an hour; its
   * date and its fields carry no zone, so the days since 1970 and the time of day are added instead.
   */
  static Column utcMillis(Column ntz) {
    Column days = unix_date(ntz.cast(DataTypes.DateType)).cast(DataTypes.LongType).multiply(lit(86_400_000L));
    Column timeOfDay = hour(ntz).cast(DataTypes.LongType).multiply(lit(3_600_000L))
        .plus(minute(ntz).cast(DataTypes.LongType).multiply(lit(60_000L)))
        .plus(floor(date_part(lit("SECOND"), ntz).multiply(lit(1_000))).cast(DataTypes.LongType));
    return days.plus(timeOfDay);
  }

  /**
   * An integral id column as a long.
   *
   * @throws IllegalArgumentException when the column is not integral, with how to number the rows
   */
  public static Column longId(Dataset<Row> frame, String column, String owner) {
    DataType type = type(frame, column);
    if (!integral(type)) {
      throw new IllegalArgumentException(
          owner + ": column '" + column + "' has type " + type.simpleString() + "; it must be an integral"
              + " id (bigint): number the rows first, for example with zipWithIndex or a sequence");
    }
    return col(column).cast(DataTypes.LongType);
  }

  /**
   * The entity column: integral entities as long, strings as they are.
   *
   * @throws IllegalArgumentException when the column is neither integral nor a string
   */
  public static Column entity(Dataset<Row> frame, String column, String owner) {
    DataType type = type(frame, column);
    if (integral(type)) {
      return col(column).cast(DataTypes.LongType);
    }
    if (type instanceof StringType) {
      return col(column);
    }
    throw new IllegalArgumentException(
        owner + ": column '" + column + "' has type " + type.simpleString() + "; an entity must be an"
            + " integral id or a string: convert it first");
  }

  static long nonNegativeMillis(Duration duration, String what) {
    if (duration == null) {
      throw new NullPointerException(what + " must not be null");
    }
    if (duration.isNegative()) {
      throw new IllegalArgumentException(what + " must not be negative, got " + duration);
    }
    try {
      return duration.toMillis();
    } catch (ArithmeticException e) {
      throw new IllegalArgumentException(what + " is too long to express in milliseconds: " + duration, e);
    }
  }
}
