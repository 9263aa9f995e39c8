package dev.backtestgate.report;

import dev.backtestgate.internal.AtomicFiles;
import dev.backtestgate.internal.BoundedFiles;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.Set;

/**
 * Which reports of a report directory this build wrote, so the index lists this build's gates and sets the rest
 * apart as "not run in this build" (the reports of test classes since removed or renamed, of tests a {@code -Dtest}
 * filter left out).
 *
 * <p>A build is the process that runs the tests' JVMs: Maven, for Surefire's forks, whether one fork runs every
 * class, several run side by side or each class gets its own ({@code reuseForks=false}). A test JVM's build is
 * therefore its nearest {@code java} ancestor process (a shell may sit in between), and a JVM without one (Maven
 * running the tests in its own JVM, {@code forkCount=0}; a program calling the core directly) is its own build. A
 * build is named by the ancestor's process id and start time, which no later process repeats. This needs neither
 * the Maven plugin nor JUnit: every gate that publishes records its report in {@code <dir>/.build} under the index
 * lock; the first one of a new build starts the file afresh.
 *
 * <p>Limit: a long-lived parent that starts many test runs (an IDE, a Gradle daemon) is one build for all of them,
 * so there the index keeps listing earlier runs' reports as it did before.
 */
final class BuildSession {
  /** The ledger file of a report directory. */
  static final String FILE = ".build";
  private static final String HEADER = "build ";
  private static final int MAX_BYTES = 16 * 1024 * 1024;
  private static final String IDENTITY = identify();

  private BuildSession() {}

  /** This JVM's build, e.g. {@code 4711@2026-12-04T02:49:37.120Z}. */
  static String identity() {
    return IDENTITY;
  }

  /**
   * Records that {@code build} wrote {@code jsonName} into {@code dir} and returns every report file name the build
   * wrote there; a ledger of another build is replaced. The caller holds the index lock.
   *
   * @param jsonName the report file just written, or {@code null} when none was
   */
  static Set<String> record(Path dir, String build, String jsonName) {
    Path file = dir.resolve(FILE);
    Set<String> written = new LinkedHashSet<>();
    Optional<String> text;
    try {
      text = BoundedFiles.readRegular(file, MAX_BYTES, "build ledger");
    } catch (RuntimeException unreadable) {
      text = Optional.empty(); // a damaged ledger starts afresh: its build's reports show as not run in this build
    }
    boolean same = false;
    if (text.isPresent()) {
      String[] lines = text.get().split("\n");
      same = lines.length > 0 && lines[0].equals(HEADER + build);
      for (int i = 1; same && i < lines.length; i++) {
        if (!lines[i].isEmpty()) {
          written.add(lines[i]);
        }
      }
    }
    if (!same || (jsonName != null && !written.contains(jsonName))) {
      if (jsonName != null) {
        written.add(jsonName);
      }
      StringBuilder out = new StringBuilder(HEADER).append(build).append('\n');
      written.forEach(name -> out.append(name).append('\n'));
      AtomicFiles.write(file, out.toString());
    }
    return written;
  }

  private static String identify() {
    ProcessHandle self = ProcessHandle.current();
    ProcessHandle build = self;
    if (System.getProperty("maven.home") == null) { // in Maven's own JVM the tests' build is this process
      Optional<ProcessHandle> parent = self.parent();
      for (int depth = 0; depth < 3 && parent.isPresent(); depth++) {
        ProcessHandle p = parent.get();
        if (isJava(p)) {
          build = p;
          break;
        }
        parent = p.parent();
      }
    }
    return build.pid() + "@" + build.info().startInstant().map(Object::toString).orElse("unknown");
  }

  private static boolean isJava(ProcessHandle process) {
    return process.info().command().map(c -> Path.of(c).getFileName().toString())
        .map(name -> name.equals("java") || name.equals("java.exe") || name.equals("javaw.exe")).orElse(false);
  }
}
