package dev.backtestgate.cli;

import dev.backtestgate.cli.workflow.CannotCheck;
import java.io.IOException;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
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
 * Reads a Parquet file's top-level columns into the audit's columns, through the same cell parsing as CSV: numbers
 * as their exact decimal text, DATE as an ISO date, TIMESTAMP (millis, micros, nanos) as epoch milliseconds, strings
 * as they are, a null as an empty cell.
 */
final class ParquetTables {
  private ParquetTables() {}

  static ScoredTable read(Path file, ScoredTable.Layout layout) throws CannotCheck {
    Cells cells = new Cells(file.toString(), false);
    InputFile input = new LocalInputFile(file);
    MessageType schema;
    try (ParquetFileReader footer = ParquetFileReader.open(input)) {
      schema = footer.getFooter().getFileMetaData().getSchema();
    } catch (IOException | RuntimeException e) {
      throw new CannotCheck(file + " is not a readable Parquet file: " + e.getMessage() + ".",
          "Write the scored rows with a Parquet writer (pandas: df.to_parquet(\"scored.parquet\")), or as CSV.");
    }
    List<String> header = schema.getFields().stream().map(Type::getName).toList();
    ScoredTable.Builder table = new ScoredTable.Builder(layout, header, cells);
    List<Function<Group, String>> text = new ArrayList<>();
    for (int i = 0; i < header.size(); i++) {
      text.add(cell(file, schema.getType(i), i));
    }
    try (ParquetReader<Group> rows = new GroupRows(input).build()) {
      for (Group row = rows.read(); row != null; row = rows.read()) {
        Group current = row;
        table.add(i -> text.get(i).apply(current), 0);
      }
    } catch (IOException e) {
      throw new CannotCheck("Cannot read the rows of " + file + ": " + e.getMessage() + ".",
          "Check that the file is complete (not still being written) and readable.");
    }
    return table.table();
  }

  /** The text of column {@code index} in a row; a column the audit cannot read fails only when it is read. */
  private static Function<Group, String> cell(Path file, Type type, int index) {
    if (!type.isPrimitive() || type.isRepetition(Type.Repetition.REPEATED)) {
      return row -> {
        throw new IllegalArgumentException(file + ", column '" + type.getName() + "' is a nested or repeated "
            + "column (" + type + "): the audit reads one value per row. Flatten it into a plain column.");
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
              + primitive.getPrimitiveTypeName() + ", which the audit does not read. Write times as INT64 "
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
