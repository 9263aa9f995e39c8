package dev.backtestgate.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.backtestgate.Finding;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What every {@code lift-attribution} and {@code lift-carrier} rendering must hold: each share in the JSON in [0, 1]
 * inside its interval, every percentage printed in [0, 100], and every number in the words equal to the JSON number
 * it stands for (as printed), with the words chosen by the numbers ("falls below the baseline" only when the refit
 * without the feature is below it, "disappears" only for a part of the lift).
 */
final class AttributionWords {
  private static final Pattern PERCENT = Pattern.compile("(-?\\d+(?:\\.\\d+)?)%");
  private static final Pattern DISAPPEARS = Pattern.compile("(\\d+\\.\\d{3}) of the refit's ([+-]\\d+\\.\\d{3,6}) "
      + "lift disappears without '([^']+)' \\((\\d+)%, 95% interval (\\d+)% to (\\d+)%\\)");
  private static final Pattern FALLS = Pattern.compile("without '([^']+)' the refit falls (below|to) the baseline, "
      + "AUC (\\d\\.\\d+) against (\\d\\.\\d+)");
  private static final Pattern NONE = Pattern.compile("the refit loses none of its ([+-]\\d+\\.\\d{3,6}) lift without "
      + "'([^']+)'");
  private static final Pattern ALSO = Pattern.compile("'([^']+)' is also in the baseline");
  private static final Pattern CARRIES = Pattern.compile("^Feature '([^']+)' carries (\\d+)% of the refit's "
      + "([+-]\\d+\\.\\d{3,6}) lift \\(95% interval (\\d+)% to (\\d+)%\\): (\\d+\\.\\d{3}) of it disappears without it\\.$");
  private static final Pattern CARRIES_ALL = Pattern.compile("^Feature '([^']+)' carries all of the refit's "
      + "([+-]\\d+\\.\\d{3,6}) lift: without it the refit falls (below|to) the baseline");

  private AttributionWords() {}

  static void assertTrue(Finding.Rendering r) {
    List<String> texts = new ArrayList<>(r.lines());
    texts.add(r.headline());
    texts.add(r.table().caption());
    r.table().rows().forEach(texts::addAll);
    for (String text : texts) {
      Matcher m = PERCENT.matcher(text);
      while (m.find()) {
        assertThat(Double.parseDouble(m.group(1))).as("a percentage in \"%s\"", text).isBetween(0.0, 100.0);
      }
    }
    Map<String, Object> e = r.evidence();
    if (e.containsKey("features")) {
      attribution(r, e, texts);
    } else {
      carrier(r, e);
    }
  }

  @SuppressWarnings("unchecked")
  private static void attribution(Finding.Rendering r, Map<String, Object> e, List<String> texts) {
    double lift = (double) e.get("refitLift");
    double baselineAuc = (double) e.get("baselineAuc");
    assertThat(lift).isEqualTo((double) e.get("refitAuc") - baselineAuc, within(1e-12));
    List<Map<String, Object>> rows = (List<Map<String, Object>>) e.get("features");
    for (Map<String, Object> row : rows) {
      shareInRange(row, lift);
      String feature = (String) row.get("feature");
      String line = r.lines().stream().filter(l -> l.startsWith("    " + feature + " ")).findFirst().orElseThrow();
      assertThat(line).contains(fmt("AUC %.3f", row.get("aucWithout")),
          fmt("%+.3f", LiftAttributionFinding.shown((double) row.get("carried"), 0.001)));
      if (row.get("share") != null) {
        assertThat(line).contains(fmt("%.0f%% [%.0f%% to %.0f%%]", 100 * (double) row.get("share"),
            100 * (double) row.get("shareLower"), 100 * (double) row.get("shareUpper")));
      }
      assertThat(line.endsWith("also in the baseline")).isEqualTo(row.get("inBaseline"));
    }
    for (String text : texts) {
      Matcher m = DISAPPEARS.matcher(text);
      while (m.find()) {
        Map<String, Object> row = row(rows, m.group(3));
        assertThat(m.group(1)).isEqualTo(fmt("%.3f", row.get("carried")));
        printed(m.group(2), lift);
        assertThat(m.group(4) + "/" + m.group(5) + "/" + m.group(6)).isEqualTo(fmt("%.0f/%.0f/%.0f",
            100 * (double) row.get("share"), 100 * (double) row.get("shareLower"), 100 * (double) row.get("shareUpper")));
        assertThat((double) row.get("carried")).isPositive();
        assertThat((double) row.get("liftWithout")).isPositive();
      }
      m = FALLS.matcher(text);
      while (m.find()) {
        Map<String, Object> row = row(rows, m.group(1));
        falls(m.group(2), m.group(3), m.group(4), (double) row.get("aucWithout"), baselineAuc,
            (double) row.get("liftWithout"));
      }
      m = NONE.matcher(text);
      while (m.find()) {
        printed(m.group(1), lift);
        assertThat((double) row(rows, m.group(2)).get("carried")).isNotPositive();
      }
      m = ALSO.matcher(text);
      while (m.find()) {
        assertThat(row(rows, m.group(1)).get("inBaseline")).isEqualTo(true);
      }
    }
  }

  private static void carrier(Finding.Rendering r, Map<String, Object> e) {
    double lift = (double) e.get("refitLift");
    shareInRange(e, lift);
    assertThat(lift).isGreaterThan((double) e.get("maxLift"));
    assertThat((double) e.get("share")).isGreaterThan((double) e.get("maxFeatureLiftShare"));
    Matcher m = CARRIES.matcher(r.headline());
    Matcher all = CARRIES_ALL.matcher(r.headline());
    if (m.find()) {
      assertThat(m.group(1)).isEqualTo(e.get("feature"));
      assertThat(m.group(2) + "/" + m.group(4) + "/" + m.group(5)).isEqualTo(fmt("%.0f/%.0f/%.0f",
          100 * (double) e.get("share"), 100 * (double) e.get("shareLower"), 100 * (double) e.get("shareUpper")));
      printed(m.group(3), lift);
      assertThat(m.group(6)).isEqualTo(fmt("%.3f", e.get("carried")));
      assertThat((double) e.get("liftWithout")).isPositive();
    } else {
      assertThat(all.find()).as("the headline \"%s\" says what the feature carries", r.headline()).isTrue();
      assertThat(all.group(1)).isEqualTo(e.get("feature"));
      printed(all.group(2), lift);
      Matcher falls = FALLS.matcher(r.headline().replace("without it the refit", "without '" + e.get("feature")
          + "' the refit"));
      assertThat(falls.find()).isTrue();
      falls(falls.group(2), falls.group(3), falls.group(4), (double) e.get("aucWithout"),
          (double) e.get("baselineAuc"), (double) e.get("liftWithout"));
      assertThat((double) e.get("share")).isEqualTo(1.0);
    }
  }

  /** "falls below" / "falls to": the printed AUCs are the JSON ones at their digits, in the order the word says. */
  private static void falls(String how, String without, String baseline, double aucWithout, double baselineAuc,
      double liftWithout) {
    int digits = without.length() - 2;
    assertThat(without).isEqualTo(fmt("%." + digits + "f", aucWithout));
    assertThat(baseline).isEqualTo(fmt("%." + digits + "f", baselineAuc));
    if (how.equals("below")) {
      assertThat(liftWithout).isNegative();
    } else {
      assertThat(liftWithout).isZero();
    }
  }

  /** {@code printed} is {@code value} at its digits, and not zero unless the value is. */
  private static void printed(String printed, double value) {
    int digits = printed.length() - printed.indexOf('.') - 1;
    assertThat(printed).isEqualTo(fmt("%+." + digits + "f", value));
    assertThat(Double.parseDouble(printed) == 0).isEqualTo(value == 0);
  }

  private static void shareInRange(Map<String, Object> row, double lift) {
    assertThat((double) row.get("liftWithout") + (double) row.get("carried")).isEqualTo(lift, within(1e-12));
    if (row.get("share") == null) {
      assertThat(lift).isNotPositive();
      return;
    }
    double share = (double) row.get("share");
    assertThat(share).isBetween(0.0, 1.0);
    assertThat((double) row.get("shareLower")).isBetween(0.0, share);
    assertThat((double) row.get("shareUpper")).isBetween(share, 1.0);
  }

  private static Map<String, Object> row(List<Map<String, Object>> rows, String feature) {
    return rows.stream().filter(r -> r.get("feature").equals(feature)).findFirst().orElseThrow();
  }

  private static String fmt(String format, Object... args) {
    return String.format(Locale.ROOT, format, args);
  }
}
