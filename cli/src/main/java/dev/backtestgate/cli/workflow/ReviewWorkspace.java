package dev.backtestgate.cli.workflow;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.LocalDate;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;


/**
 * Where the reviewer's goals read and write, and how they show what they wrote: the module, the directory the person
 * runs Maven in, the report and review directories, and the review date; with the atomic writes, strict reads and
 * refusals every goal shares ({@link ReviewActions} for sign-offs, {@link HistoryAcceptance} for history manifests).
 */
final class ReviewWorkspace {
  final Path basedir;
  final Path workingDir;
  final Path reportDir;
  final Path reviewDir;
  final LocalDate today;

  /**
   * @param basedir the module directory (committed history manifests are relative to it)
   * @param workingDir where the person runs Maven: printed commands use paths relative to it
   * @param reportDir the report directory (pending sign-offs, reports, proposed manifests)
   * @param reviewDir the review directory (committed sign-offs)
   * @param today the review date
   */
  ReviewWorkspace(Path basedir, Path workingDir, Path reportDir, Path reviewDir, LocalDate today) {
    this.basedir = basedir.toAbsolutePath().normalize();
    this.workingDir = workingDir.toAbsolutePath().normalize();
    this.reportDir = reportDir.toAbsolutePath().normalize();
    this.reviewDir = reviewDir.toAbsolutePath().normalize();
    this.today = today;
  }

  String shownFromModule(Path p) {
    return p.startsWith(basedir) ? slashes(basedir.relativize(p)) : p.toString();
  }

  static Path unused(Path wanted) {
    String name = wanted.getFileName().toString();
    String stem = name.substring(0, name.length() - ".json".length());
    Path candidate = wanted;
    for (int i = 2; Files.exists(candidate, LinkOption.NOFOLLOW_LINKS); i++) {
      candidate = wanted.resolveSibling(stem + "-" + i + ".json");
    }
    return candidate;
  }

  static String read(Path file) {
    try {
      return Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("Could not read " + file + ": " + e.getMessage(), e);
    }
  }

  Path reviewFile(String gate) {
    return reviewDir.resolve(ReviewFiles.fileName(gate));
  }

  static Path html(Path jsonReport) {
    String name = jsonReport.getFileName().toString();
    return jsonReport.resolveSibling(name.substring(0, name.length() - ".json".length()) + ".html");
  }

  List<String> commit(List<Path> written, String message) {
    List<String> paths = written.stream().map(p -> Shell.quote(shown(p))).toList();
    return List.of("Next, commit it (signing off is a human act, committed like code):",
        "  git add " + String.join(" ", paths) + " && git commit -m " + Shell.quote(message));
  }

  String shown(Path p) {
    return p.startsWith(workingDir) ? slashes(workingDir.relativize(p)) : p.toString();
  }

  static String slashes(Path p) {
    return p.toString().replace('\\', '/');
  }

  static List<Path> jsonFiles(Path dir) {
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    try (Stream<Path> files = Files.list(dir)) {
      return files.filter(p -> p.getFileName().toString().endsWith(".json")
          && !p.getFileName().toString().startsWith(".")).sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException("Could not list " + dir + ": " + e.getMessage(), e);
    }
  }

  /** Writes atomically, creating the directory; never follows a link at the target. */
  static void write(Path target, String text) {
    try {
      Files.createDirectories(target.getParent());
      Path temp = Files.createTempFile(target.getParent(), ".backtest-gate", ".tmp");
      try {
        Files.writeString(temp, text, StandardCharsets.UTF_8);
        Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
      } finally {
        Files.deleteIfExists(temp);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Could not write " + target + ": " + e.getMessage() + ". Check that its "
          + "directory is writable.", e);
    }
  }

  static Refusal refuse(String headline, String details) {
    return new Refusal(headline + "\n  " + details);
  }

  /** A one-line value a goal writes into a committed file: present, and free of control characters. */
  static void requireField(List<String> missing, String value, String what) {
    if (value == null || value.isBlank()) {
      missing.add(what);
    } else {
      refuseUnsafe(missing, value, what, false);
    }
  }

  /** A text a goal writes into a committed file (a rationale, a reason): present; line breaks allowed. */
  static void requireText(List<String> missing, String value, String what) {
    if (value == null || value.isBlank()) {
      missing.add(what);
    } else {
      refuseUnsafe(missing, value, what, true);
    }
  }

  /**
   * Adds {@code what} when {@code value} holds a character that could forge what a reviewer or a terminal reads: a
   * control character (a line break too, unless {@code lineBreaks}), a line or paragraph separator, or a
   * bidirectional override or isolate (text that displays in another order than it is stored).
   */
  static void refuseUnsafe(List<String> missing, String value, String what, boolean lineBreaks) {
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      boolean control = Character.isISOControl(c) && !(lineBreaks && c == '\n');
      boolean separator = c == '\u2028' || c == '\u2029';
      boolean bidi = (c >= '\u202a' && c <= '\u202e') || (c >= '\u2066' && c <= '\u2069') || c == '\u200e'
          || c == '\u200f' || c == '\u061c';
      if (control || separator || bidi) {
        missing.add(what + String.format(Locale.ROOT, " (without %s: got U+%04X at character %d)",
            bidi ? "bidirectional overrides" : lineBreaks ? "control characters other than line breaks"
                : "control characters or line breaks", (int) c, i + 1));
        return;
      }
    }
  }
}
