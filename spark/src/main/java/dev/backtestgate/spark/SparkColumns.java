package dev.backtestgate.spark;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.unix_millis;

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

/** Column checks and conversions shared by the Spark entry points; failures name column, type and fix. */
final class SparkColumns {
  private SparkColumns() {}

  static void requireColumns(Dataset<Row> frame, String owner, String... columns) {
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

  /** A time column as epoch milliseconds: integral columns as they are, timestamps via unix_millis. */
  static Column millis(Dataset<Row> frame, String column, String owner) {
    DataType type = type(frame, column);
    if (integral(type)) {
      return col(column).cast(DataTypes.LongType);
    }
    if (type instanceof TimestampType || type instanceof TimestampNTZType) {
      return unix_millis(col(column).cast(DataTypes.TimestampType));
    }
    throw new IllegalArgumentException(
        owner + ": column '" + column + "' has type " + type.simpleString() + "; a time must be epoch"
            + " milliseconds (bigint) or a timestamp: convert it first");
  }

  /** An integral id column as a long. */
  static Column longId(Dataset<Row> frame, String column, String owner) {
    DataType type = type(frame, column);
    if (!integral(type)) {
      throw new IllegalArgumentException(
          owner + ": column '" + column + "' has type " + type.simpleString() + "; it must be an integral"
              + " id (bigint): number the rows first, for example with zipWithIndex or a sequence");
    }
    return col(column).cast(DataTypes.LongType);
  }

  /** The entity column: integral entities as long, strings as they are. */
  static Column entity(Dataset<Row> frame, String column, String owner) {
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
