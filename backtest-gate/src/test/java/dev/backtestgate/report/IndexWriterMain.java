package dev.backtestgate.report;

import dev.backtestgate.internal.AtomicFiles;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Run in separate JVMs by {@link ReportIndexTests}, like Surefire forks: waits for a line on standard
 * input (so all forks start together), then writes {@code count} reports named {@code <prefix>#<i>} and
 * regenerates the index after each, as {@link GateReporter#publish} does, checking each time that the
 * index on disk lists the row just written.
 */
public final class IndexWriterMain {
  private IndexWriterMain() {}

  /** Arguments: report directory, template JSON report, gate prefix, count. */
  public static void main(String[] args) throws IOException {
    ReportFiles files = new ReportFiles(Path.of(args[0]));
    String template = Files.readString(Path.of(args[1]));
    System.out.println("ready");
    System.out.flush();
    new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)).readLine();
    writeAll(files, template, args[2], Integer.parseInt(args[3]));
  }

  /** Writes the reports one by one, regenerating the index after each. */
  static void writeAll(ReportFiles files, String template, String prefix, int count) {
    String gate = template.substring(template.indexOf("\"gate\": \"") + 9);
    gate = gate.substring(0, gate.indexOf('"'));
    for (int i = 0; i < count; i++) {
      String id = prefix + "#" + i;
      AtomicFiles.write(files.report(id), template.replace("\"gate\": \"" + gate + "\"", "\"gate\": \"" + id + "\""));
      // one build for every writer, as Surefire's forks of one mvn verify are
      ReportIndex.update(files, files.report(id).getFileName().toString(), "test-build");
      // Whoever regenerates after this point lists the directory after our report was written, so from now
      // on every index holds our row. Without the lock a writer with an older listing could replace it.
      String index;
      try {
        index = Files.readString(files.index());
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      if (!index.contains("data-gate=\"" + id + "\"")) {
        throw new IllegalStateException("row " + id + " was lost: an index written after ours does not list it");
      }
    }
  }
}
