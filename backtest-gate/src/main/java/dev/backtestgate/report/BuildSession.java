package dev.backtestgate.report;

import dev.backtestgate.internal.AtomicFiles;
import dev.backtestgate.internal.BoundedFiles;
import java.nio.file.Path;
import java.util.Arrays;
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
 * <p>Limit: a long-lived parent that starts many test runs (an IDE, a Gradle daemon, the Maven daemon {@code mvnd})
 * is one build for all of them, so there the index keeps listing earlier runs' reports as it did before. Whether
 * the build ends with its run is known ({@link #oneShot()}): a plain {@code mvn} (Maven's launcher,
 * {@code org.codehaus.plexus.classworlds.launcher.Launcher}, on its command line), or a JVM that is its own build.
 * {@link GateWriters} counts two test JVMs of a long-lived parent as one build only while both run.
 */
final class BuildSession {
  /** The ledger file of a report directory. */
  static final String FILE = ".build";
  private static final String HEADER = "build ";
  private static final int MAX_BYTES = 16 * 1024 * 1024;
  /** The main class of a plain {@code mvn} (Maven 3 and 4): a build process that ends with the build. */
  private static final String MAVEN_LAUNCHER = "org.codehaus.plexus.classworlds.launcher.Launcher";
  private static final ProcessHandle BUILD = buildProcess();
  private static final String IDENTITY = name(BUILD);
  private static final String JVM = name(ProcessHandle.current());
  private static final boolean ONE_SHOT = BUILD.info().arguments()
      .map(args -> Arrays.asList(args).contains(MAVEN_LAUNCHER)).orElse(false)
      // a JVM that is its own build ends with it, unless it is Maven's (forkCount=0), which may be a daemon's
      || BUILD.pid() == ProcessHandle.current().pid() && System.getProperty("maven.home") == null;

  private BuildSession() {}

  /** This JVM's build, e.g. {@code 4711@2026-12-04T02:49:37.120Z}. */
  static String identity() {
    return IDENTITY;
  }

  /** This JVM, named as a build is ({@code pid@start}). */
  static String jvm() {
    return JVM;
  }

  /**
   * Whether this JVM's build ends with its run: a plain {@code mvn}, or this JVM itself. A long-lived parent (an
   * IDE, a daemon) outlives many runs, so its identity alone does not tell one run from the next.
   */
  static boolean oneShot() {
    return ONE_SHOT;
  }

  /** Whether the JVM named {@code jvm} ({@link #jvm()} of some process) still runs; {@code false} when unknown. */
  static boolean running(String jvm) {
    int at = jvm.indexOf('@');
    if (at <= 0 || jvm.endsWith("@unknown")) { // without a start time a reused process id would pass for it
      return false;
    }
    long pid;
    try {
      pid = Long.parseLong(jvm.substring(0, at));
    } catch (NumberFormatException notOurs) {
      return false;
    }
    return ProcessHandle.of(pid).filter(ProcessHandle::isAlive).map(BuildSession::name).filter(jvm::equals)
        .isPresent();
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

  private static String name(ProcessHandle process) {
    return process.pid() + "@" + process.info().startInstant().map(Object::toString).orElse("unknown");
  }

  private static ProcessHandle buildProcess() {
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
    return build;
  }

  private static boolean isJava(ProcessHandle process) {
    return process.info().command().map(c -> Path.of(c).getFileName().toString())
        .map(name -> name.equals("java") || name.equals("java.exe") || name.equals("javaw.exe")).orElse(false);
  }
}
