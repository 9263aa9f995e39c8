package dev.backtestgate.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvParser;
import dev.backtestgate.cli.workflow.CannotCheck;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/** Reads a scored table file into the audit's columns: CSV with a header row, or Parquet ({@link ParquetTables}). */
final class TableFiles {
  private static final CsvMapper CSV = CsvMapper.builder().enable(CsvParser.Feature.WRAP_AS_ARRAY).build();

  private TableFiles() {}

  static ScoredTable read(Path file, ScoredTable.Layout layout) throws CannotCheck {
    if (!Files.isRegularFile(file)) {
      throw new CannotCheck("The scored table " + file + (Files.isDirectory(file) ? " is a directory" : " does not "
          + "exist") + ", so there is nothing to audit.", "Pass the CSV or Parquet file of scored test rows the backtest "
          + "wrote (a relative path resolves against --module).");
    }
    String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
    if (name.endsWith(".csv")) {
      return csv(file, layout);
    }
    if (name.endsWith(".parquet")) {
      return ParquetTables.read(file, layout);
    }
    throw new CannotCheck(file + " has neither the extension .csv nor .parquet, so its format is unknown.",
        "Save the scored rows as a .csv file with a header row or as .parquet, or rename the file to its format's "
        + "extension.");
  }

  private static ScoredTable csv(Path file, ScoredTable.Layout layout) throws CannotCheck {
    Cells cells = new Cells(file.toString(), true);
    try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8);
        MappingIterator<String[]> lines = CSV.readerFor(String[].class).readValues(reader)) {
      if (!lines.hasNext()) {
        throw new CannotCheck(file + " is empty: it has no header row.", "Write the header row (the column names) "
            + "and the scored rows.");
      }
      List<String> header = Arrays.stream(lines.next()).map(String::trim).toList();
      ScoredTable.Builder table = new ScoredTable.Builder(layout, header, cells);
      int row = 0; // the data rows so far: the next one's number, from 0 as in every message of the gate
      int lineNumber = 1; // the header's
      while (lines.hasNext()) {
        String[] line = lines.next();
        lineNumber++;
        if (line.length == 1 && line[0].isBlank()) {
          continue; // a blank line, as at the end of many files
        }
        if (line.length != header.size()) {
          throw new CannotCheck(file + ", row " + row + " (line " + lineNumber + ") has " + line.length + " cells, "
              + "the header " + header.size() + ": the values cannot be matched to their columns.",
              "Give every row one cell per header column (quote values that contain commas).");
        }
        table.add(i -> line[i], lineNumber);
        row++;
      }
      return table.table();
    } catch (JsonProcessingException e) {
      throw new CannotCheck(file + " is not well-formed CSV: " + e.getOriginalMessage() + ".",
          "Fix the file at that position (an unclosed quote is the usual cause).");
    } catch (IOException e) {
      throw new CannotCheck("Cannot read " + file + ": " + e.getMessage() + ".", "Check the file's permissions.");
    }
  }
}
