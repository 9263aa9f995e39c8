package dev.backtestgate.cli;

import dev.backtestgate.GatePolicy;
import dev.backtestgate.history.HistoryChecks;
import dev.backtestgate.history.TableHistory;
import dev.backtestgate.lakehouse.DeltaHistory;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.Locale;

/**
 * A runner, not a test: the cost of the {@code history} command's layer (parsing, progress, printing) over the
 * library call it wraps, on one Delta table read without Spark. Writes a Delta log of COMMITS commits (version 0
 * creates the table; each commit adds a file of 100 rows into a day; every tenth rewrites the file of a closed day),
 * log only: the reader without Spark reads the log, never the data files. Then, in one JVM, alternates the library
 * path ({@code DeltaHistory.of(path)...sinceVersion(0)} and {@code HistoryChecks.fromLogs}), the same with every
 * finding's lines rendered and the report written ({@code HistoryReport.write}: what the command does besides), and {@code Main.run("history", ...)}, RUNS times each,
 * and prints the medians.
 *
 * <pre>{@code
 * java -cp <cli test class path> dev.backtestgate.cli.HistorySpeed 2000 21 [table directory]
 * }</pre>
 */
final class HistorySpeed {
  private HistorySpeed() {}

  public static void main(String[] args) throws IOException {
    int commits = Integer.parseInt(args[0]);
    int runs = Integer.parseInt(args[1]);
    Path dir = args.length > 2 ? Path.of(args[2]) : Files.createTempDirectory("history-speed");
    if (!Files.isDirectory(dir.resolve("_delta_log"))) {
      writeLog(dir, commits);
    }
    PrintStream quiet = new PrintStream(OutputStream.nullOutputStream(), true, StandardCharsets.UTF_8);
    Path reports = Files.createTempDirectory("history-speed-reports");
    long[] library = new long[runs];
    long[] rendered = new long[runs];
    long[] cli = new long[runs];
    long[] parse = new long[runs];
    int findings = 0;
    for (int i = 0; i < runs; i++) {
      long start = System.nanoTime();
      TableHistory history = DeltaHistory.of(dir.toString()).partitionColumn("day").validTimeColumn("day")
          .sinceVersion(0);
      findings = HistoryChecks.fromLogs(java.util.List.of(history), GatePolicy.defaults()).size();
      library[i] = System.nanoTime() - start;
      start = System.nanoTime();
      TableHistory again = DeltaHistory.of(dir.toString()).partitionColumn("day").validTimeColumn("day")
          .sinceVersion(0);
      java.util.List<dev.backtestgate.Finding> found = HistoryChecks.fromLogs(java.util.List.of(again),
          GatePolicy.defaults());
      found.forEach(f -> f.render().lines().forEach(quiet::println));
      dev.backtestgate.report.HistoryReport.write(new dev.backtestgate.report.ReportFiles(reports), "delta:" + dir,
          again.window(), java.time.Instant.now(), found, java.util.List.of());
      rendered[i] = System.nanoTime() - start;
      start = System.nanoTime();
      int code = Main.run(quiet, quiet, "history", "delta:" + dir, "--partition", "day", "--valid-time", "day",
          "--reports", reports.toString());
      cli[i] = System.nanoTime() - start;
      start = System.nanoTime();
      Main.run(quiet, quiet, "--version");
      parse[i] = System.nanoTime() - start;
      if (code != Main.FINDINGS) {
        throw new IllegalStateException("history exited " + code + ", expected findings");
      }
    }
    System.out.printf(Locale.ROOT, "table %s, %d commits, %d findings, %d runs each%n", dir, commits, findings, runs);
    System.out.printf(Locale.ROOT, "library median %.1f ms (min %.1f); library + rendering the findings' lines "
        + "+ writing the report %.1f ms (min %.1f); command median %.1f ms (min %.1f); command over library %.1f ms, over library + "
        + "rendering %.1f ms%n", median(library), min(library), median(rendered), min(rendered), median(cli),
        min(cli), median(cli) - median(library), median(cli) - median(rendered));
    System.out.printf(Locale.ROOT, "the command line alone (--version: picocli's model of every command) median "
        + "%.1f ms (min %.1f)%n", median(parse), min(parse));
  }

  private static double median(long[] nanos) {
    long[] sorted = nanos.clone();
    Arrays.sort(sorted);
    return sorted[sorted.length / 2] / 1e6;
  }

  private static double min(long[] nanos) {
    return Arrays.stream(nanos).min().orElse(0) / 1e6;
  }

  private static void writeLog(Path dir, int commits) throws IOException {
    Path log = Files.createDirectories(dir.resolve("_delta_log"));
    long now = System.currentTimeMillis();
    String schema = "{\\\"type\\\":\\\"struct\\\",\\\"fields\\\":[{\\\"name\\\":\\\"id\\\",\\\"type\\\":\\\"long\\\","
        + "\\\"nullable\\\":true,\\\"metadata\\\":{}},{\\\"name\\\":\\\"day\\\",\\\"type\\\":\\\"date\\\","
        + "\\\"nullable\\\":true,\\\"metadata\\\":{}}]}";
    write(log, 0, info(now, "CREATE TABLE") + "\n{\"protocol\":{\"minReaderVersion\":1,\"minWriterVersion\":2}}\n"
        + "{\"metaData\":{\"id\":\"speed\",\"format\":{\"provider\":\"parquet\",\"options\":{}},\"schemaString\":\""
        + schema + "\",\"partitionColumns\":[\"day\"],\"configuration\":{},\"createdTime\":" + now + "}}\n");
    LocalDate today = LocalDate.now(ZoneOffset.UTC);
    for (int v = 1; v < commits; v++) {
      String day = today.minusDays(v % 30).toString();
      StringBuilder commit = new StringBuilder(info(now + v, v % 10 == 0 ? "UPDATE" : "WRITE")).append('\n');
      if (v % 10 == 0) {
        commit.append("{\"remove\":{\"path\":\"day=").append(day).append("/f").append(v - 30 < 1 ? 1 : v - 30)
            .append(".parquet\",\"deletionTimestamp\":").append(now + v).append(",\"dataChange\":true,"
                + "\"partitionValues\":{\"day\":\"").append(day).append("\"},\"stats\":\"{\\\"numRecords\\\":100}\"}}\n");
      }
      commit.append("{\"add\":{\"path\":\"day=").append(day).append("/f").append(v).append(".parquet\","
          + "\"partitionValues\":{\"day\":\"").append(day).append("\"},\"size\":1000,\"modificationTime\":")
          .append(now + v).append(",\"dataChange\":true,\"stats\":\"{\\\"numRecords\\\":100}\"}}\n");
      write(log, v, commit.toString());
    }
  }

  private static String info(long time, String operation) {
    return "{\"commitInfo\":{\"timestamp\":" + time + ",\"operation\":\"" + operation + "\",\"engineInfo\":"
        + "\"HistorySpeed\"}}";
  }

  private static void write(Path log, long version, String text) throws IOException {
    Files.writeString(log.resolve(String.format(Locale.ROOT, "%020d.json", version)), text);
  }
}
