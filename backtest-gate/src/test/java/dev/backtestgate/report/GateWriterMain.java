package dev.backtestgate.report;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * Run in separate JVMs by {@link GateWritersTests}, like Surefire forks of one build: claims a gate's report for a
 * test, prints {@code claimed} or {@code refused by <first test>}, then waits for a line on standard input before it
 * exits (so that the test decides how long this JVM runs).
 */
public final class GateWriterMain {
  private GateWriterMain() {}

  /** Arguments: report directory, gate id, test, unique id. */
  public static void main(String[] args) throws IOException {
    ReportFiles files = new ReportFiles(Path.of(args[0]));
    GateWriters.Writer me = new GateWriters.Writer(args[1], args[2], args[3]);
    System.out.println(GateWriters.claim(files, GateWriters.Build.current(), BuildSession.jvm(), me)
        .map(first -> "refused by " + first.test()).orElse("claimed"));
    System.out.flush();
    new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)).readLine();
  }
}
