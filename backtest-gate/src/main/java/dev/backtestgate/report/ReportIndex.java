package dev.backtestgate.report;

import dev.backtestgate.internal.AtomicFiles;
import dev.backtestgate.internal.BoundedFiles;

import static dev.backtestgate.internal.Wording.fmt;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.backtestgate.Verdict;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;
import java.util.stream.Stream;

/**
 * The {@code index.html} of a report directory: one row per gate whose JSON report is there (failures
 * first), with its verdict, lift, interval, limit, unresolved findings and a link to its page.
 *
 * <p>Safe under parallel tests: every writer regenerates the whole index from the directory listing, under
 * a lock that serialises regeneration across threads (an in-process lock) and across JVMs such as Surefire
 * forks (an OS file lock on {@code <dir>/.index.lock}), and replaces the file atomically. Because each
 * writer finishes its JSON report before it takes the lock, the last regeneration sees every report: no row
 * is lost. Files that are not reports of this version (foreign JSON, a truncated file) are listed as skipped
 * with the reason, never fatal. Only the reports this build wrote ({@link BuildSession}) count in the summary and
 * the table; the other reports in the directory (of tests since removed, renamed or left out) are listed apart as
 * not run in this build.
 *
 * <pre>{@code
 * Path index = ReportIndex.update(new ReportFiles(Path.of("target/backtest-gate")));
 * }</pre>
 */
final class ReportIndex {
  /** The lock file that serialises regeneration across JVMs. */
  public static final String LOCK_FILE = ".index.lock";

  /** The JSON's sign-off status names as the index shows them. */
  private static final Map<String, String> SIGN_OFF_WORDS = Map.of("missing", "none", "covers", "approved",
      "wrong-gate", "wrong gate", "lift-grew", "lift grew", "trials-grew", "trials grew");
  private static final Map<Path, ReentrantLock> IN_PROCESS = new ConcurrentHashMap<>();
  private static final ObjectMapper MAPPER = new ObjectMapper()
      .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
  private static final Comparator<IndexEntry> ORDER = Comparator
      .comparingInt((IndexEntry e) -> switch (e.verdict()) {
        case FAILED -> 0;
        case PASSED_WITH_SIGN_OFF -> 1;
        case PASSED -> 2;
      })
      .thenComparing(IndexEntry::gate);

  private ReportIndex() {}

  /**
   * Regenerates {@link ReportFiles#index()} from the JSON reports in the directory, atomically.
   *
   * @return the index file
   * @throws UncheckedIOException when the directory cannot be listed or written
   */
  public static Path update(ReportFiles files) {
    return update(files, null, BuildSession.identity());
  }

  /**
   * Records that this build wrote {@code jsonName} and regenerates the index.
   *
   * @param jsonName the report file name just written, or {@code null}
   * @param build the build that wrote it ({@link BuildSession#identity()})
   */
  static Path update(ReportFiles files, String jsonName, String build) {
    return locked(files.directory(), "regenerate " + files.index(), () -> {
      Set<String> thisBuild = BuildSession.record(files.directory(), build, jsonName);
      return AtomicFiles.write(files.index(), render(files.directory(), scan(files.directory(), thisBuild)));
    });
  }

  /** Work done under the lock of a report directory. */
  interface Locked<T> {
    T run() throws IOException;
  }

  /**
   * Runs {@code work} holding the report directory's lock (in this class loader, and across JVMs and class loaders
   * through the OS lock on {@link #LOCK_FILE}), creating the directory first.
   *
   * @param what what the work does, for the error ("regenerate /.../index.html")
   * @throws UncheckedIOException when the directory cannot be created, locked or written
   */
  static <T> T locked(Path dir, String what, Locked<T> work) {
    ReentrantLock lock = IN_PROCESS.computeIfAbsent(dir, d -> new ReentrantLock());
    lock.lock();
    try {
      Files.createDirectories(dir);
      try (FileChannel channel = FileChannel.open(dir.resolve(LOCK_FILE), StandardOpenOption.CREATE,
          StandardOpenOption.WRITE); FileLock held = lockAcrossJvms(channel)) {
        return work.run();
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Could not " + what + ": " + e.getMessage()
          + ". Check that the report directory is writable (backtestgate.report-dir).", e);
    } finally {
      lock.unlock();
    }
  }

  /**
   * Blocks until this process holds the OS lock. Another class loader of this JVM holding it shows up as
   * {@link OverlappingFileLockException}: wait for it briefly and retry.
   */
  private static FileLock lockAcrossJvms(FileChannel channel) throws IOException {
    while (true) {
      try {
        return channel.lock();
      } catch (OverlappingFileLockException heldInThisJvm) {
        LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(2));
      }
    }
  }

  /**
   * The reports in a directory and the JSON files skipped.
   *
   * @param entries one per readable report this build wrote, in index order
   * @param older one per readable report of an earlier build (not run in this build), in index order
   * @param skipped one line per skipped file: its name and why
   */
  record Listing(List<IndexEntry> entries, List<IndexEntry> older, List<String> skipped) {}

  static Listing scan(Path dir, Set<String> thisBuild) throws IOException {
    List<Path> candidates;
    try (Stream<Path> listing = Files.list(dir)) {
      candidates = listing.filter(p -> {
        String name = p.getFileName().toString();
        return name.endsWith(".json") && !name.startsWith(".") && Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS);
      }).sorted().toList();
    }
    List<IndexEntry> entries = new ArrayList<>();
    List<IndexEntry> older = new ArrayList<>();
    List<String> skipped = new ArrayList<>();
    for (Path file : candidates) {
      String name = file.getFileName().toString();
      String html = ReportFiles.htmlName(name);
      try {
        // bounded and link-free: a file someone dropped here (or a link to /dev/zero) is skipped, not read whole
        String text = BoundedFiles.readRegular(file, GateReporter.MAX_REPORT_BYTES, "report").orElse("");
        (thisBuild.contains(name) ? entries : older).add(IndexEntry.from(MAPPER.readTree(text), name,
            Files.isRegularFile(dir.resolve(html), LinkOption.NOFOLLOW_LINKS) ? html : null));
      } catch (IOException e) {
        skipped.add(name + ": not readable JSON (a foreign or partly written file): " + firstLine(e.getMessage()));
      } catch (RuntimeException e) {
        skipped.add(name + ": " + firstLine(e.getMessage()));
      }
    }
    entries.sort(ORDER);
    older.sort(ORDER);
    return new Listing(entries, older, skipped);
  }

  private static String firstLine(String message) {
    String text = message == null ? "" : message;
    int end = text.indexOf('\n');
    return end < 0 ? text : text.substring(0, end);
  }

  static String render(Path dir, Listing listing) {
    List<IndexEntry> entries = listing.entries();
    long failed = entries.stream().filter(e -> e.verdict() == Verdict.FAILED).count();
    long signed = entries.stream().filter(e -> e.verdict() == Verdict.PASSED_WITH_SIGN_OFF).count();
    String summary = entries.isEmpty() ? (listing.older().isEmpty() ? "No gate reports yet."
        : "No gate reports in this build")
        : failed > 0 ? fmt("%,d of %,d %s FAILED", failed, entries.size(), entries.size() == 1 ? "gate" : "gates")
        : fmt("All %,d %s passed", entries.size(), entries.size() == 1 ? "gate" : "gates")
            + (signed > 0 ? fmt(" (%d with sign-off)", signed) : "");
    Html out = Page.start(summary + " · backtest-gate", 4_096 + 600 * entries.size());
    out.open("header").element("div", "backtest-gate · report index", "class", "kicker")
        .element("h1", "Leakage gates").open("div", "class", "meta").text("Reports in ")
        .element("code", dir.toString()).close().close().nl();
    out.open("section", "class", "banner " + (failed > 0 ? "failed" : entries.isEmpty() ? "signed" : "passed"),
        "id", "summary").element("div", summary, "class", "verdict")
        .element("div", fmt("%d failed · %d passed with sign-off · %d passed", failed, signed,
            entries.size() - failed - signed)).close().nl();
    out.open("section", "class", "card");
    table(out, "gates", "Gates of this build", entries);
    if (entries.stream().anyMatch(e -> !e.paired() && Double.isFinite(e.ciLower()))) {
      out.element("p", "* Interval from the candidate alone: the baseline is only an AUC number, so there is no "
          + "paired interval.", "class", "note");
    }
    out.close().nl();
    if (!listing.older().isEmpty()) {
      out.open("section", "class", "card", "id", "not-run").element("h2", "Not run in this build")
          .element("p", fmt("%d %s of earlier builds, kept in the directory: %s test did not run in this build "
              + "(removed, renamed, left out by -Dtest or includes, or failed before its gate). Not counted above; mvn "
              + "clean removes them.", listing.older().size(), listing.older().size() == 1 ? "report" : "reports",
              listing.older().size() == 1 ? "its" : "their"), "class", "note");
      table(out, "older", "Gates not run in this build", listing.older());
      out.close().nl();
    }
    if (!listing.skipped().isEmpty()) {
      out.open("section", "class", "card", "id", "skipped").element("h2", "Skipped files")
          .element("p", "These JSON files in the report directory are not gate reports this version can read.",
              "class", "note").open("ul");
      for (String line : listing.skipped()) {
        out.element("li", line);
      }
      out.close().close().nl();
    }
    return Page.end(out, "backtest-gate report index: regenerated by every gate that publishes into this "
        + "directory; lists the gates of this build. mvn clean removes reports of earlier builds.");
  }

  private static void table(Html out, String id, String label, List<IndexEntry> entries) {
    Page.scrollRegion(out, label);
    out.open("table", "id", id).open("thead").open("tr")
        .element("th", "Verdict").element("th", "Gate").element("th", "Lift", "class", "num")
        .element("th", "Interval", "class", "num").element("th", "Limit", "class", "num")
        .element("th", "Unresolved findings").element("th", "Sign-off").element("th", "Evaluated")
        .close().close().open("tbody").nl();
    for (IndexEntry e : entries) {
      row(out, e);
    }
    out.close().close().close();
  }

  private static void row(Html out, IndexEntry e) {
    out.open("tr", "data-gate", e.gate(), "data-verdict", e.verdict().name()).open("td");
    Page.tag(out, GateWording.headline(e.verdict()), switch (e.verdict()) {
      case FAILED -> "bad";
      case PASSED_WITH_SIGN_OFF -> "info";
      case PASSED -> "ok";
    });
    out.close().open("td");
    out.open("a", "href", encode(e.htmlName() == null ? e.jsonName() : e.htmlName()), "class", "mono gate");
    breakable(out, e.gate());
    out.close();
    out.text(" ").element("a", "json", "href", encode(e.jsonName()), "class", "note");
    out.close();
    out.element("td", Double.isFinite(e.lift()) ? fmt("%+.3f", e.lift()) : "n/a", "class", "num");
    out.element("td", Double.isFinite(e.ciLower()) && Double.isFinite(e.ciUpper())
        ? fmt("%+.3f\u00a0… %+.3f", e.ciLower(), e.ciUpper()) + (e.paired() ? "" : " *") : "n/a", "class", "num range",
        "title", e.paired() ? "paired DeLong" : "candidate only: the baseline is an AUC number");
    out.element("td", Double.isFinite(e.maxLift()) ? fmt("%.3f", e.maxLift()) : "n/a", "class", "num");
    out.open("td");
    if (e.unresolved().isEmpty()) {
      out.text("none");
    } else {
      // one item per finding: headlines end in their own full stop, so joining them would read "limit.; point-in-time"
      out.open("ul", "class", "findings");
      for (String finding : e.unresolved()) {
        out.element("li", finding);
      }
      out.close();
    }
    if (e.resolved() > 0) {
      out.element("span", fmt(" (%d covered by the review)", e.resolved()), "class", "note");
    }
    out.close();
    out.element("td", SIGN_OFF_WORDS.getOrDefault(e.signOff(), e.signOff()))
        .element("td", e.evaluatedOn(), "class", "num").close().nl();
  }

  /** A gate id with line-break opportunities after each '.' and '#', so long ids wrap at their parts. */
  private static void breakable(Html out, String gate) {
    int from = 0;
    for (int i = 0; i < gate.length(); i++) {
      char c = gate.charAt(i);
      if ((c == '.' || c == '#') && i + 1 < gate.length()) {
        out.text(gate.substring(from, i + 1)).empty("wbr");
        from = i + 1;
      }
    }
    out.text(gate.substring(from));
  }

  /** A file name as a relative URL: every byte outside the unreserved set percent-encoded ({@code #} too). */
  static String encode(String fileName) {
    StringBuilder url = new StringBuilder();
    for (byte b : fileName.getBytes(StandardCharsets.UTF_8)) {
      char c = (char) (b & 0xFF);
      if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || "-._~".indexOf(c) >= 0) {
        url.append(c);
      } else {
        url.append('%').append(Character.toUpperCase(Character.forDigit(c >> 4, 16)))
            .append(Character.toUpperCase(Character.forDigit(c & 0xF, 16)));
      }
    }
    return url.toString();
  }
}
