package dev.backtestgate.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * One run of the command line in this JVM, as the tests read it: the exit code and what went to stdout and stderr.
 *
 * <pre>{@code
 * ToolRun run = ToolRun.of("check", "--test-classes", "classes", "--results", "results");
 * }</pre>
 */
record ToolRun(int code, String out, String err) {
  static ToolRun of(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code = Main.run(new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true,
        StandardCharsets.UTF_8), args);
    return new ToolRun(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }
}
