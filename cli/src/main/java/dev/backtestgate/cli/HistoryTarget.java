package dev.backtestgate.cli;

import dev.backtestgate.cli.workflow.CannotCheck;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The table the {@code history} command reads, as typed: {@code delta:<path>}, {@code iceberg:<path>} or
 * {@code jdbc:<url>#<table>}. Parsing checks what can be checked before anything is read (the prefix, the path, the
 * table name), each refusal naming the problem and the fix.
 *
 * @param kind which reader reads it
 * @param location the table's directory (Delta, Iceberg), or the JDBC URL
 * @param table the SQL table ({@code name} or {@code schema.name}); {@code null} for Delta and Iceberg
 */
record HistoryTarget(Kind kind, String location, String table) {
  /** The kinds of table, by prefix. */
  enum Kind {
    DELTA("delta:", "delta:<path> (a Delta Lake table's root directory, the one holding _delta_log)"),
    ICEBERG("iceberg:", "iceberg:<path> (a Hadoop-catalog Iceberg table's location, the one holding metadata/)"),
    JDBC("jdbc:", "jdbc:<url>#<table> (a SQL table, e.g. jdbc:postgresql://db/lake#ledger.status_events)");

    final String prefix;
    final String form;

    Kind(String prefix, String form) {
      this.prefix = prefix;
      this.form = form;
    }
  }

  /** The forms of every kind, for messages. */
  static String forms() {
    return String.join(", ", List.of(Kind.DELTA.form, Kind.ICEBERG.form, Kind.JDBC.form));
  }

  /** The table {@code text} names; a relative path resolves against {@code module}. */
  static HistoryTarget parse(String text, Path module) throws CannotCheck {
    for (Kind kind : Kind.values()) {
      if (text.startsWith(kind.prefix)) {
        return kind == Kind.JDBC ? jdbc(text, "history reads one table") : directory(kind, text.substring(kind.prefix.length()), module);
      }
    }
    throw new CannotCheck("'" + text + "' names no kind of table history reads: it must start with delta:, "
        + "iceberg: or jdbc:.", "Prefix the table with its kind, one of: " + forms() + ".");
  }

  /** {@code jdbc:<url>#<table>}; {@code purpose} says why the table must be named ("history reads one table"). */
  static HistoryTarget jdbc(String text, String purpose) throws CannotCheck {
    int hash = text.lastIndexOf('#');
    String table = hash < 0 ? "" : text.substring(hash + 1).trim();
    if (table.isEmpty()) {
      String url = hash < 0 ? text : text.substring(0, hash);
      throw new CannotCheck("The JDBC URL '" + text + "' names no table: " + purpose + ", named after '#'.", "Append the table to the URL after '#', e.g. " + url + "#ledger.status_events (a name, or "
          + "schema.name).");
    }
    return new HistoryTarget(Kind.JDBC, text.substring(0, hash), table);
  }

  private static HistoryTarget directory(Kind kind, String path, Path module) throws CannotCheck {
    if (path.isBlank()) {
      throw new CannotCheck("'" + kind.prefix + "' names no directory.", "Name the table's directory: "
          + kind.form + ".");
    }
    Path dir = module.resolve(path).toAbsolutePath().normalize();
    if (!Files.isDirectory(dir)) {
      throw new CannotCheck("The " + name(kind) + " table directory " + dir + " does not exist" + (Files.exists(dir)
          ? " (it is a file)" : "") + ".", "Pass the table's directory: " + kind.form + "; a relative path is "
          + "resolved against the module directory " + module + " (--module).");
    }
    boolean delta = Files.isDirectory(dir.resolve("_delta_log"));
    boolean iceberg = Files.isDirectory(dir.resolve("metadata"));
    if (kind == Kind.DELTA && !delta) {
      throw new CannotCheck(dir + " is not a Delta table: it has no _delta_log directory, so there is no log to "
          + "read.", iceberg ? "It holds metadata/, as an Iceberg table does: read it with iceberg:" + path + "."
          : "Pass the table's root directory, the one that holds _delta_log (the path the table was saved to).");
    }
    if (kind == Kind.ICEBERG && !iceberg) {
      throw new CannotCheck(dir + " is not an Iceberg table: it has no metadata directory, so there is no snapshot "
          + "log to read.", delta ? "It holds _delta_log, as a Delta table does: read it with delta:" + path + "."
          : "Pass the table's location, the one that holds metadata/ (a Hadoop-catalog or path table).");
    }
    return new HistoryTarget(kind, dir.toString(), null);
  }

  private static String name(Kind kind) {
    return kind == Kind.DELTA ? "Delta" : "Iceberg";
  }

  /** How findings and messages name this table, e.g. {@code delta:/lake/status}. */
  String describe() {
    return kind.prefix + (kind == Kind.JDBC ? location.substring(Kind.JDBC.prefix.length()) + "#" + table
        : location);
  }
}
