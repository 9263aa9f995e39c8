package dev.backtestgate;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;
import org.apiguardian.api.API;

/**
 * Something a {@link Check} found that a person must look at before the backtest can be believed.
 *
 * <p>A finding has a stable {@link #kind()} (the JSON report, the index and sign-off waivers use it, never a
 * Java class name), a {@link #subject()} where it has one (the feature, the table), states how it is
 * {@link #resolution() resolved}, and renders itself once ({@link #render()}) for the console text, the JSON
 * report and the HTML page alike. The built-in kinds are the nested records; a custom check adds its own kind
 * by implementing this interface.
 *
 * <pre>{@code
 * record TooFewDefaults(long defaults) implements Finding {
 *   public String kind() { return "too-few-defaults"; }
 *   public Resolution resolution() { return Resolution.SIGN_OFF; }
 *   public Rendering render() {
 *     return Rendering.of("Only " + defaults + " defaults in the test window.")
 *         .why("An AUC on so few positives is noise.")
 *         .evidence(Map.of("defaults", defaults));
 *   }
 * }
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public interface Finding {
  /** What a kind must look like: lower-case words joined by hyphens, e.g. {@code point-in-time}. */
  Pattern KIND = Pattern.compile("[a-z][a-z0-9]*(-[a-z0-9]+)*");

  /** The stable name of this kind of finding, e.g. {@code lift}; matches {@link #KIND}. */
  String kind();

  /** What the finding is about (a feature, a table), or {@code ""} when it is about the whole run. */
  default String subject() {
    return "";
  }

  /** How this finding can be resolved. */
  Resolution resolution();

  /** The one description of this finding, from which the console text, the JSON and the HTML are made. */
  Rendering render();

  /**
   * What this finding adds to a pending sign-off for the reviewer: the lift each feature carries, when the finding
   * measured it (the pipeline checks' attribution); empty by default.
   */
  default List<dev.backtestgate.review.SignOff.LiftCarried> liftCarried() {
    return List.of();
  }

  /**
   * The trials on the run's test set a sign-off must have reviewed to cover this finding (the trials ledger's count,
   * this run's included): present only for {@code many-trials}. A covering sign-off that recorded fewer is
   * {@code trials-grew}.
   */
  default java.util.OptionalInt trialsToReview() {
    return java.util.OptionalInt.empty();
  }

  /** How a finding can be resolved. The wire values appear in the JSON report and in the documentation. */
  enum Resolution {
    /** An approved, current sign-off covers it. */
    SIGN_OFF("sign-off"),
    /** A sign-off must waive it by kind and subject, with a reason. */
    WAIVER("waiver"),
    /** Only fixing the input resolves it. */
    FIX("fix"),
    /** Reported as a warning; it never fails the gate. */
    WARNING("warning");

    private final String wireValue;

    Resolution(String wireValue) {
      this.wireValue = wireValue;
    }

    /** The value in the JSON report: {@code sign-off}, {@code waiver}, {@code fix} or {@code warning}. */
    public String wireValue() {
      return wireValue;
    }

    /** True when a reviewer's sign-off (or waiver) is what resolves the finding. */
    public boolean needsReviewer() {
      return this == SIGN_OFF || this == WAIVER;
    }
  }

  /**
   * A finding as people and tools see it.
   *
   * @param headline one sentence naming what was found (the HTML banner, the index, CI annotations)
   * @param lines the full description for the console, first line first; later lines carry their own indent
   * @param why why it matters, one sentence, or {@code ""} (printed once however many findings share it)
   * @param fix the next step that fixes it, or {@code ""}
   * @param evidence the numbers behind it for the JSON report: values are strings, numbers, booleans, lists
   *     or maps of those; key order is kept
   * @param figure a chart for the HTML page, as one self-contained SVG element (no script, no external reference),
   *     or {@code ""}
   * @param table rows for the HTML page in place of the console lines they stand for, or {@link Table#NONE}
   */
  record Rendering(String headline, List<String> lines, String why, String fix, Map<String, Object> evidence,
      String figure, Table table) {
    /** Checks and copies. */
    public Rendering {
      Objects.requireNonNull(headline, "headline");
      Objects.requireNonNull(why, "why");
      Objects.requireNonNull(fix, "fix");
      Objects.requireNonNull(figure, "figure");
      Objects.requireNonNull(lines, "lines");
      Objects.requireNonNull(evidence, "evidence");
      Objects.requireNonNull(table, "table (Table.NONE for none)");
      lines = List.copyOf(lines.isEmpty() ? List.of(headline) : lines);
      evidence = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(evidence));
      if (table.lines() > lines.size() - 1) {
        throw new IllegalArgumentException("the table stands for the last " + table.lines() + " console lines, but "
            + "the rendering has " + (lines.size() - 1) + " after its first");
      }
    }

    /** A rendering with a figure and no table. */
    public Rendering(String headline, List<String> lines, String why, String fix, Map<String, Object> evidence,
        String figure) {
      this(headline, lines, why, fix, evidence, figure, Table.NONE);
    }

    /** A rendering without a figure. */
    public Rendering(String headline, List<String> lines, String why, String fix, Map<String, Object> evidence) {
      this(headline, lines, why, fix, evidence, "");
    }

    /** A rendering whose full description is its headline. */
    public static Rendering of(String headline) {
      return new Rendering(headline, List.of(Objects.requireNonNull(headline, "headline")), "", "", Map.of());
    }

    /** This rendering with these console lines. */
    public Rendering lines(List<String> lines) {
      return new Rendering(headline, lines, why, fix, evidence, figure, table);
    }

    /** This rendering with a reason why it matters. */
    public Rendering why(String why) {
      return new Rendering(headline, lines, why, fix, evidence, figure, table);
    }

    /** This rendering with the step that fixes it. */
    public Rendering fix(String fix) {
      return new Rendering(headline, lines, why, fix, evidence, figure, table);
    }

    /** This rendering with evidence for the JSON report. */
    public Rendering evidence(Map<String, ?> evidence) {
      return new Rendering(headline, lines, why, fix, new LinkedHashMap<>(evidence), figure, table);
    }

    /** This rendering with a chart for the HTML page: one self-contained SVG element. */
    public Rendering figure(String svg) {
      return new Rendering(headline, lines, why, fix, evidence, svg, table);
    }

    /** This rendering with a table for the HTML page, in place of the console lines it stands for. */
    public Rendering table(Table table) {
      return new Rendering(headline, lines, why, fix, evidence, figure, table);
    }
  }

  /**
   * Rows of a finding as the HTML page shows them: a table in place of the last {@code lines} console lines, which
   * say the same in text (a list of periods, of partitions).
   *
   * <pre>{@code
   * new Finding.Table("Lift per month", List.of("Period", "Lift"), List.of(List.of("2024-10", "+0.135")), 0, 2)
   * }</pre>
   *
   * @param caption what the rows are, one line
   * @param header the column names
   * @param rows the rows, each one cell per column; a cell of several lines shows its first and opens to the rest
   * @param marked the row to highlight (the change point, the worst partition), or -1
   * @param lines how many of the rendering's last console lines the table stands for
   */
  record Table(String caption, List<String> header, List<List<String>> rows, int marked, int lines) {
    /** No table. */
    public static final Table NONE = new Table("", List.of(), List.of(), -1, 0);

    /** Checks and copies. */
    public Table {
      Objects.requireNonNull(caption, "caption");
      header = List.copyOf(header);
      rows = rows.stream().map(List::copyOf).toList();
      for (List<String> row : rows) {
        if (row.size() != header.size()) {
          throw new IllegalArgumentException("a table row has " + row.size() + " cells, the header "
              + header.size() + ": give one cell per column");
        }
      }
      if (marked < -1 || marked >= rows.size() || lines < 0) {
        throw new IllegalArgumentException("a table's marked row must be -1 or a row, and its lines at least 0; got "
            + marked + " and " + lines);
      }
    }

    /** Whether this is {@link #NONE} (no rows). */
    public boolean isEmpty() {
      return rows.isEmpty();
    }
  }









  /**
   * A check could not run, so the gate cannot vouch for the run.
   *
   * @param check which check
   * @param reason what went wrong and what to do
   */
  record CheckFailed(String check, String reason) implements Finding {
    @Override
    public String kind() {
      return FindingKind.CHECK_FAILED.kind();
    }

    @Override
    public String subject() {
      return check;
    }

    @Override
    public Resolution resolution() {
      return Resolution.FIX;
    }

    @Override
    public Rendering render() {
      return new Rendering("The " + check + " check could not run.", List.of("The " + check
          + " check could not run: " + reason, "The gate cannot vouch for a backtest it could not check, so it "
          + "fails."), "", "Fix the input named above and run the backtest again.",
          ordered("check", check, "reason", reason));
    }
  }

  /** A map that keeps the order its keys were given in (key, value, key, value, ...). */
  private static Map<String, Object> ordered(Object... keysAndValues) {
    Map<String, Object> map = new LinkedHashMap<>();
    for (int i = 0; i < keysAndValues.length; i += 2) {
      map.put((String) keysAndValues[i], keysAndValues[i + 1]);
    }
    return map;
  }
}
