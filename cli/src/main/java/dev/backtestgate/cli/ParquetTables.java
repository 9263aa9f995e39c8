package dev.backtestgate.cli;

import dev.backtestgate.cli.workflow.CannotCheck;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.IntFunction;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.api.ReadSupport;
import org.apache.parquet.hadoop.example.GroupReadSupport;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.Type;

/**
 * Reads a Parquet file's top-level columns as text cells, for the same cell parsing as CSV: numbers as their exact
 * decimal text, DATE as an ISO date, TIMESTAMP (millis, micros, nanos) as epoch milliseconds, strings as they are, a
 * null as an empty cell. The audit's scored tables and the tripwire's outcomes are read through {@link #scan}.
 */
final class ParquetTables {
  private ParquetTables() {}

  static ScoredTable read(Path file, ScoredTable.Layout layout) throws CannotCheck {
    Cells cells = new Cells(file.toString(), false);
    ScoredTable.Builder[] table = new ScoredTable.Builder[1];
    scan(file, "Write the scored rows with a Parquet writer (pandas: df.to_parquet(\"scored.parquet\")), or as CSV.",
        new Scan() {
          @Override
          public void header(List<String> header) throws CannotCheck {
            table[0] = new ScoredTable.Builder(layout, header, cells);
          }

          @Override
          public void row(long index, IntFunction<String> row) throws CannotCheck {
            table[0].add(row, 0);
          }
        });
    return table[0].table();
  }

  /** What a {@link #scan} hands over: the top-level column names once, then each row's cells as text. */
  interface Scan {
    void header(List<String> header) throws CannotCheck;

    /** Row {@code index} (from 0): the text of column {@code i}, {@code null} for a null. */
    void row(long index, IntFunction<String> cells) throws CannotCheck;
  }

  /**
   * Reads {@code file}'s rows into {@code scan}, each cell as text (numbers as their exact decimal text, DATE as an
   * ISO date, TIMESTAMP as epoch milliseconds); {@code writeFix} says how to write a readable file.
   */
  static void scan(Path file, String writeFix, Scan scan) throws CannotCheck {
    if (!parquetMagic(file)) {
      throw new CannotCheck(file + " is not a readable Parquet file: it does not start with PAR1, Parquet's magic "
          + "bytes" + (looksLikeText(file) ? " (it starts as text: a CSV file named .parquet?)" : "") + ".",
          "Rename a CSV file to .csv, or " + Character.toLowerCase(writeFix.charAt(0)) + writeFix.substring(1));
    }
    InputFile input = new LocalInputFile(file);
    MessageType schema;
    try (ParquetFileReader footer = ParquetFileReader.open(input)) {
      schema = footer.getFooter().getFileMetaData().getSchema();
    } catch (IOException | RuntimeException e) {
      // Parquet names the file by its InputFile's toString (org.apache.parquet.io.LocalInputFile@71623278)
      String why = String.valueOf(e.getMessage()).replace(input.toString(), "the file");
      throw new CannotCheck(file + " is not a readable Parquet file: " + why + ".", writeFix);
    }
    List<String> header = schema.getFields().stream().map(Type::getName).toList();
    scan.header(header);
    List<Function<Group, String>> text = new ArrayList<>();
    for (int i = 0; i < header.size(); i++) {
      text.add(cell(file, schema.getType(i), i));
    }
    try (ParquetReader<Group> rows = new GroupRows(input).build()) {
      long index = 0;
      for (Group row = rows.read(); row != null; row = rows.read()) {
        Group current = row;
        scan.row(index++, i -> text.get(i).apply(current));
      }
    } catch (IOException e) {
      throw new CannotCheck("Cannot read the rows of " + file + ": " + e.getMessage() + ".",
          "Check that the file is complete (not still being written) and readable.");
    }
  }

  private static boolean parquetMagic(Path file) {
    byte[] head = head(file);
    return head.length == 4 && head[0] == 'P' && head[1] == 'A' && head[2] == 'R' && head[3] == '1';
  }

  private static boolean looksLikeText(Path file) {
    byte[] head = head(file);
    for (byte b : head) {
      if (b < 0x09 || (b > 0x0d && b < 0x20)) {
        return false;
      }
    }
    return head.length > 0;
  }

  private static byte[] head(Path file) {
    try (InputStream in = Files.newInputStream(file)) {
      return in.readNBytes(4);
    } catch (IOException e) {
      return new byte[0];
    }
  }

  /** The text of column {@code index} in a row; a column the audit cannot read fails only when it is read. */
  private static Function<Group, String> cell(Path file, Type type, int index) {
    if (!type.isPrimitive() || type.isRepetition(Type.Repetition.REPEATED)) {
      return row -> {
        throw new IllegalArgumentException(file + ", column '" + type.getName() + "' is a nested or repeated "
            + "column (" + type + "): backtest-gate reads one value per row. Flatten it into a plain column.");
      };
    }
    PrimitiveType primitive = type.asPrimitiveType();
    LogicalTypeAnnotation logical = primitive.getLogicalTypeAnnotation();
    Function<Group, String> value;
    switch (primitive.getPrimitiveTypeName()) {
      case BOOLEAN:
        value = row -> Boolean.toString(row.getBoolean(index, 0));
        break;
      case INT32:
        value = logical instanceof LogicalTypeAnnotation.DateLogicalTypeAnnotation
            ? row -> LocalDate.ofEpochDay(row.getInteger(index, 0)).toString()
            : row -> Integer.toString(row.getInteger(index, 0));
        break;
      case INT64:
        long perMilli = logical instanceof LogicalTypeAnnotation.TimestampLogicalTypeAnnotation timestamp
            ? perMilli(timestamp.getUnit()) : 1;
        value = row -> Long.toString(Math.floorDiv(row.getLong(index, 0), perMilli));
        break;
      case FLOAT:
        value = row -> Double.toString(row.getFloat(index, 0)); // the float's exact value, widened
        break;
      case DOUBLE:
        value = row -> Double.toString(row.getDouble(index, 0));
        break;
      case BINARY:
      case FIXED_LEN_BYTE_ARRAY:
        value = row -> row.getString(index, 0);
        break;
      default:
        return row -> {
          throw new IllegalArgumentException(file + ", column '" + type.getName() + "' is of the legacy type "
              + primitive.getPrimitiveTypeName() + ", which backtest-gate does not read. Write times as INT64 "
              + "TIMESTAMP (Spark: spark.sql.parquet.outputTimestampType=TIMESTAMP_MICROS) or epoch millis.");
        };
    }
    return row -> row.getFieldRepetitionCount(index) == 0 ? null : value.apply(row);
  }

  private static long perMilli(LogicalTypeAnnotation.TimeUnit unit) {
    switch (unit) {
      case MICROS:
        return 1_000;
      case NANOS:
        return 1_000_000;
      default:
        return 1;
    }
  }

  /** Rows as Parquet's example groups: no Avro or schema classes of our own. */
  private static final class GroupRows extends ParquetReader.Builder<Group> {
    GroupRows(InputFile file) {
      super(file);
    }

    @Override
    protected ReadSupport<Group> getReadSupport() {
      return new GroupReadSupport();
    }
  }
}
