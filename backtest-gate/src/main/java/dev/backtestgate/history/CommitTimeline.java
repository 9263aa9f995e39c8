package dev.backtestgate.history;

import static dev.backtestgate.internal.Wording.fmt;

import dev.backtestgate.internal.Wording;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Set;

/**
 * The commits of a table's log in the window read, as a strip for the HTML page: a tick per commit along its time,
 * the commits that rewrote closed history drawn tall and red, the first of them named. Drawn at its own size (a
 * narrow screen scrolls it), so its text is the page's.
 */
final class CommitTimeline {
  private static final int WIDTH = 340;   // fits a phone: the rewriting commit is in view without scrolling
  private static final int HEIGHT = 70;
  private static final int LEFT = 16;
  private static final int AXIS = 38;
  private static final String REWRITE = "#d92d20";

  private CommitTimeline() {}

  /** The strip, or {@code ""} without commits. */
  static String svg(String table, List<LogCommit> commits, Set<Long> rewriting) {
    if (commits.isEmpty()) {
      return "";
    }
    long first = commits.stream().mapToLong(c -> c.time().toEpochMilli()).min().orElseThrow();
    long last = commits.stream().mapToLong(c -> c.time().toEpochMilli()).max().orElseThrow();
    List<LogCommit> rewrites = commits.stream().filter(c -> rewriting.contains(c.version())).toList();
    String description = fmt("%,d commits of '%s' from %s to %s; %s", commits.size(), table, day(first), day(last),
        rewrites.isEmpty() ? "none rewrote closed history"
            : fmt("%d rewrote closed history, the first %s", rewrites.size(), rewrites.get(0).describe()));
    StringBuilder out = new StringBuilder(fmt("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
        + "viewBox=\"0 0 %d %d\" role=\"img\" aria-label=\"%s\" class=\"commit-timeline\">", WIDTH, HEIGHT, WIDTH,
        HEIGHT, Wording.xml(description)));
    out.append("<title>").append(Wording.xml(description)).append("</title>");
    out.append(fmt("<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#98a2b3\"/>", LEFT, AXIS, WIDTH - LEFT,
        AXIS));
    for (LogCommit c : commits) {
      if (!rewriting.contains(c.version())) {
        out.append(fmt("<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#667085\" class=\"commit\" "
            + "data-version=\"%d\"/>", x(c.time(), first, last), AXIS - 6, x(c.time(), first, last), AXIS + 6,
            c.version()));
      }
    }
    for (LogCommit c : rewrites) {   // drawn last, over the others
      double x = x(c.time(), first, last);
      out.append(fmt("<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"%s\" stroke-width=\"3\" "
          + "class=\"rewrite\" data-version=\"%d\"/>", x, AXIS - 16, x, AXIS + 8, REWRITE, c.version()));
    }
    if (!rewrites.isEmpty()) {
      LogCommit c = rewrites.get(0);
      double x = x(c.time(), first, last);
      String label = fmt("commit %d, %s on %s%s", c.version(), c.operation(), day(c.time().toEpochMilli()),
          rewrites.size() == 1 ? "" : fmt(", and %d more", rewrites.size() - 1));
      boolean leftHalf = x < WIDTH / 2.0;
      out.append(fmt("<text x=\"%.1f\" y=\"14\" text-anchor=\"%s\" class=\"marker\" fill=\"%s\">%s</text>",
          leftHalf ? x - 2 : x + 2, leftHalf ? "start" : "end", REWRITE, Wording.xml(label)));
    }
    out.append(fmt("<text x=\"%d\" y=\"%d\" text-anchor=\"start\" class=\"tick\">%s</text>", LEFT, HEIGHT - 6,
        day(first)));
    if (last > first) {
      out.append(fmt("<text x=\"%d\" y=\"%d\" text-anchor=\"end\" class=\"tick\">%s</text>", WIDTH - LEFT,
          HEIGHT - 6, day(last)));
    }
    return out.append("</svg>").toString();
  }

  private static double x(Instant time, long first, long last) {
    return last == first ? WIDTH / 2.0
        : LEFT + (WIDTH - 2.0 * LEFT) * (time.toEpochMilli() - first) / (double) (last - first);
  }

  private static String day(long millis) {
    return LocalDate.ofInstant(Instant.ofEpochMilli(millis), ZoneOffset.UTC).toString();
  }

}
