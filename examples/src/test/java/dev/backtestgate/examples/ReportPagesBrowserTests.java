package dev.backtestgate.examples;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.print.PrintOptions;

/**
 * The gate's report pages, from the examples' real runs ({@link ReportPages}), opened in Debian's Chromium as a
 * reviewer opens them: from the file, with no network. One browser serves the whole class.
 *
 * <p>Without Chromium these tests skip (outside CI) or fail (in CI); see {@link Chromium}.
 * {@code -Dreport-pages.screenshots=<dir>} also writes the screenshots of docs/reports.md into that directory.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ReportPagesBrowserTests {
  /**
   * Every kind the gate can report (DESIGN: finding kinds), and one of a check of the user's own; the pages show each
   * at least once.
   */
  static final Set<String> KINDS = Set.of("lift", "perfect-auc", "point-in-time", "late-writes", "rewritten-history",
      "feature-label", "label-horizon", "train-test-overlap", "future-read", "check-failed", "lift-trend", "fit-scope",
      "lift-attribution", "lift-carrier", "duplicate-rows", "time-shifted-labels", "time-shift-unchecked",
      "stale-feed", "history-writers");
  /** Letter paper with 1 cm margins, Selenium's print defaults, in CSS pixels (96 per inch). */
  private static final double PRINT_WIDTH = (21.59 - 2) / 2.54 * 96;
  private static final double PRINT_HEIGHT = (27.94 - 2) / 2.54 * 96;
  private static final Pattern STRAY_PUNCTUATION = Pattern.compile("[.;,:]\\s*[.;,:]");
  private static final ObjectMapper JSON = new ObjectMapper();

  private ReportPages pages;
  private ChromeDriver driver;

  @BeforeAll
  void start() {
    Chromium.requireOrSkip();
    pages = ReportPages.standard();
    driver = Chromium.start();
  }

  @AfterAll
  void stop() {
    if (driver != null) {
      driver.quit();
    }
  }

  @AfterEach
  void resetViewport() {
    if (driver != null) {
      driver.executeCdpCommand("Emulation.clearDeviceMetricsOverride", Map.of());
      driver.executeCdpCommand("Emulation.setEmulatedMedia", Map.of("media", ""));
    }
  }

  Stream<ReportPages.Page> pages() {
    return ReportPages.standard().all().stream();
  }

  @Test
  void thePagesShowEveryVerdictAndEveryFindingKind() {
    Set<String> verdicts = new TreeSet<>();
    Set<String> kinds = new TreeSet<>();
    for (ReportPages.Page p : pages.all()) {
      verdicts.add(p.verdict());
      kinds.addAll(p.kinds());
    }
    assertThat(verdicts).containsExactlyInAnyOrder("PASSED", "PASSED_WITH_SIGN_OFF", "FAILED");
    assertThat(kinds).containsExactlyInAnyOrderElementsOf(KINDS);
    assertThat(pages.page("ten-million-rows").report().at("/run/rows").asLong()).isEqualTo(ReportPages.LARGE_ROWS);
    assertThat(pages.page("one-row-late").report().at("/findings/0/evidence/rowsAffected").asLong()).isEqualTo(1);
    assertThat(pages.page("waived").verdict()).isEqualTo("PASSED_WITH_SIGN_OFF");
    assertThat(pages.page("expired-sign-off").report().at("/signOff/status").asText()).isEqualTo("expired");
  }

  @ParameterizedTest
  @MethodSource("pages")
  void loadsFromTheFileWithoutConsoleErrorsOrRequests(ReportPages.Page page) {
    open(page.html().toUri().toString());
    assertThat(consoleErrors()).as("console errors of %s", page.html()).isEmpty();
    assertThat(requestsBeyond(page.html().toUri().toString())).as("requests of %s", page.html()).isEmpty();
    assertThat(PageProbes.resources(driver)).as("resources fetched by %s", page.html()).isEmpty();
  }

  @ParameterizedTest
  @MethodSource("pages")
  void everyTextFitsItsBox(ReportPages.Page page) {
    open(page.html().toUri().toString());
    assertThat(PageProbes.textOverflow(driver)).as("text overflowing on %s", page.html()).isEmpty();
    assertThat(PageProbes.scrollingRegions(driver)).as("tables scrolling on a desktop screen, %s", page.html())
        .isEmpty();
  }

  @ParameterizedTest
  @MethodSource("pages")
  void theLiftIntervalIsDrawnAtTheReportedNumbers(ReportPages.Page page) {
    open(page.html().toUri().toString());
    JsonNode c = page.report().get("comparison");
    Map<String, Object> lift = PageProbes.map(driver.executeScript("""
        const svg = document.querySelector('svg.lift');
        const attr = (sel, name) => { const e = svg.querySelector(sel); return e ? parseFloat(e.getAttribute(name)) : null; };
        return {ticks: [...svg.querySelectorAll('text.tick')].map(t => [parseFloat(t.getAttribute('x')), t.textContent]),
            ciX: attr('#lift-ci', 'x'), ciWidth: attr('#lift-ci', 'width'), point: attr('#lift-point', 'cx'),
            limit: attr('#lift-limit', 'x1'), unitsPerPixel: svg.viewBox.baseVal.width / svg.getBoundingClientRect().width};
        """));
    @SuppressWarnings("unchecked")
    List<List<Object>> ticks = (List<List<Object>>) lift.get("ticks");
    assertThat(ticks).hasSizeGreaterThanOrEqualTo(2);
    double x0 = number(ticks.get(0).get(0));
    double v0 = tickValue(ticks.get(0).get(1));
    double x1 = number(ticks.get(ticks.size() - 1).get(0));
    double v1 = tickValue(ticks.get(ticks.size() - 1).get(1));
    double unitsPerLift = (x1 - x0) / (v1 - v0);
    double pixel = Math.max(number(lift.get("unitsPerPixel")), 0.05);
    // read back through the axis: each drawn position as a lift, within a pixel's worth of lift
    double liftPerPixel = pixel / unitsPerLift;
    double ciX = number(lift.get("ciX"));
    double ciWidth = number(lift.get("ciWidth"));
    assertThat(v0 + (ciX - x0) / unitsPerLift).as("drawn lower bound").isCloseTo(c.at("/liftCi/0").asDouble(),
        org.assertj.core.data.Offset.offset(liftPerPixel));
    if (ciWidth > 1) {
      assertThat(v0 + (ciX + ciWidth - x0) / unitsPerLift).as("drawn upper bound")
          .isCloseTo(c.at("/liftCi/1").asDouble(), org.assertj.core.data.Offset.offset(liftPerPixel));
    } else {
      assertThat((c.at("/liftCi/1").asDouble() - c.at("/liftCi/0").asDouble()) * unitsPerLift).isLessThan(1 + pixel);
    }
    assertThat(v0 + (number(lift.get("point")) - x0) / unitsPerLift).as("drawn lift")
        .isCloseTo(c.get("lift").asDouble(), org.assertj.core.data.Offset.offset(liftPerPixel));
    assertThat(v0 + (number(lift.get("limit")) - x0) / unitsPerLift).as("drawn limit")
        .isCloseTo(page.report().at("/policy/maxLift").asDouble(), org.assertj.core.data.Offset.offset(liftPerPixel));
  }

  /** The finding of {@code kind} in the page's JSON report, or null. */
  private static JsonNode finding(ReportPages.Page page, String kind) {
    for (JsonNode f : page.report().get("findings")) {
      if (f.get("kind").asText().equals(kind)) {
        return f;
      }
    }
    return null;
  }

  @ParameterizedTest
  @MethodSource("pages")
  void findingChartsAreDrawnAtTheReportedNumbers(ReportPages.Page page) {
    open(page.html().toUri().toString());
    JsonNode trend = finding(page, "lift-trend");
    if (trend != null) {
      Map<String, Object> drawn = PageProbes.map(driver.executeScript("""
          const svg = document.querySelector('svg#lift-trend-plot');
          return {zero: parseFloat(svg.querySelector('#lift-trend-zero').getAttribute('y1')),
              limit: parseFloat(svg.querySelector('#lift-trend-limit').getAttribute('y1')),
              points: [...svg.querySelectorAll('g.period')].map(g =>
                  [g.dataset.period, parseFloat(g.querySelector('circle').getAttribute('cy'))])};
          """));
      double maxLift = page.report().at("/policy/maxLift").asDouble();
      double zero = number(drawn.get("zero"));
      double liftPerUnit = maxLift / (zero - number(drawn.get("limit")));
      Map<String, Double> reported = new java.util.HashMap<>();
      trend.at("/evidence/periods").forEach(p -> {
        if (p.get("measured").asBoolean()) {
          reported.put(p.get("period").asText(), p.get("lift").asDouble());
        }
      });
      @SuppressWarnings("unchecked")
      List<List<Object>> points = (List<List<Object>>) drawn.get("points");
      assertThat(points).hasSize(reported.size());
      for (List<Object> point : points) {
        assertThat((zero - number(point.get(1))) * liftPerUnit).as("drawn lift of %s", point.get(0))
            .isCloseTo(reported.get((String) point.get(0)), org.assertj.core.data.Offset.offset(liftPerUnit));
      }
    }
    JsonNode attribution = finding(page, "lift-attribution");
    if (attribution != null) {
      Map<String, Object> drawn = PageProbes.map(driver.executeScript("""
          return Object.fromEntries([...document.querySelectorAll('svg.lift-attribution g.feature')].map(g =>
              [g.dataset.feature, parseFloat(g.querySelector('rect').getAttribute('width'))]));
          """));
      JsonNode top = attribution.at("/evidence/features/0");
      double unitsPerLift = number(drawn.get(top.get("feature").asText())) / Math.abs(top.get("carried").asDouble());
      attribution.at("/evidence/features").forEach(f -> assertThat(number(drawn.get(f.get("feature").asText())))
          .as("drawn bar of %s", f.get("feature").asText())
          .isCloseTo(Math.max(1, Math.abs(f.get("carried").asDouble()) * unitsPerLift),
              org.assertj.core.data.Offset.offset(1.0)));
    }
    JsonNode history = finding(page, "rewritten-history");
    if (history != null && history.at("/evidence/commitsRead").isInt()) {
      Map<String, Object> drawn = PageProbes.map(driver.executeScript("""
          const svg = document.querySelector('svg.commit-timeline');
          return {commits: svg.querySelectorAll('line.commit').length,
              rewrites: [...svg.querySelectorAll('line.rewrite')].map(l => parseInt(l.dataset.version))};
          """));
      Set<Long> rewriting = new TreeSet<>();
      history.at("/evidence/partitions").forEach(p -> rewriting.add(p.at("/commit/version").asLong()));
      assertThat(((List<?>) drawn.get("rewrites")).stream().map(v -> ((Number) v).longValue()).toList())
          .containsExactlyInAnyOrderElementsOf(rewriting);
      assertThat(number(drawn.get("commits")) + rewriting.size()).as("commits drawn")
          .isEqualTo(history.at("/evidence/commitsRead").asDouble());
    }
  }

  @ParameterizedTest
  @MethodSource("pages")
  void theRocCurvesRunCornerToCornerAndEncloseTheReportedAuc(ReportPages.Page page) {
    open(page.html().toUri().toString());
    JsonNode c = page.report().get("comparison");
    Map<String, Object> roc = PageProbes.map(driver.executeScript("""
        const svg = document.querySelector('svg.roc');
        const frame = svg.querySelector('rect');
        const d = (id) => { const p = svg.querySelector(id); return p ? p.getAttribute('d') : null; };
        return {x: parseFloat(frame.getAttribute('x')), y: parseFloat(frame.getAttribute('y')),
            w: parseFloat(frame.getAttribute('width')), h: parseFloat(frame.getAttribute('height')),
            candidate: d('#roc-candidate'), baseline: d('#roc-baseline')};
        """));
    checkCurve("candidate", (String) roc.get("candidate"), roc, c.get("candidateAuc").asDouble());
    checkCurve("baseline", (String) roc.get("baseline"), roc, c.get("baselineAuc").asDouble());
  }

  private static void checkCurve(String name, String d, Map<String, Object> frame, double auc) {
    assertThat(d).as("the %s curve is drawn", name).isNotNull();
    double x = number(frame.get("x"));
    double y = number(frame.get("y"));
    double w = number(frame.get("w"));
    double h = number(frame.get("h"));
    List<double[]> points = new ArrayList<>();
    Matcher m = Pattern.compile("[ML]\\s*(-?[0-9.]+)\\s*,\\s*(-?[0-9.]+)").matcher(d);
    while (m.find()) {
      points.add(new double[] {(Double.parseDouble(m.group(1)) - x) / w,
          (y + h - Double.parseDouble(m.group(2))) / h});
    }
    assertThat(points).as("%s curve points", name).hasSizeGreaterThanOrEqualTo(2);
    double half = 0.5 / w;
    double[] first = points.get(0);
    double[] last = points.get(points.size() - 1);
    assertThat(first[0]).as("%s curve starts at FPR 0", name).isCloseTo(0, org.assertj.core.data.Offset.offset(half));
    assertThat(first[1]).as("%s curve starts at TPR 0", name).isCloseTo(0, org.assertj.core.data.Offset.offset(half));
    assertThat(last[0]).as("%s curve ends at FPR 1", name).isCloseTo(1, org.assertj.core.data.Offset.offset(half));
    assertThat(last[1]).as("%s curve ends at TPR 1", name).isCloseTo(1, org.assertj.core.data.Offset.offset(half));
    double area = 0;
    for (int i = 1; i < points.size(); i++) {
      double[] a = points.get(i - 1);
      double[] b = points.get(i);
      assertThat(b[0]).as("%s curve never goes left", name).isGreaterThanOrEqualTo(a[0] - half);
      assertThat(b[1]).as("%s curve never goes down", name).isGreaterThanOrEqualTo(a[1] - half);
      area += (b[0] - a[0]) * (a[1] + b[1]) / 2;
    }
    assertThat(area).as("area under the drawn %s curve", name).isCloseTo(auc, org.assertj.core.data.Offset.offset(0.01));
  }

  @Test
  void theIndexListsEveryGateWithItsVerdictAndFindingsApart() {
    open(pages.index().toUri().toString());
    assertThat(consoleErrors()).isEmpty();
    assertThat(PageProbes.textOverflow(driver)).isEmpty();
    assertThat(PageProbes.scrollingRegions(driver)).as("the index scrolls on a desktop screen").isEmpty();
    List<WebElement> rows = driver.findElements(By.cssSelector("table#gates tbody tr"));
    assertThat(rows).hasSize(pages.all().size());
    for (ReportPages.Page page : pages.all()) {
      WebElement row = driver.findElement(By.cssSelector("tr[data-gate='" + page.gate() + "']"));
      List<WebElement> cells = row.findElements(By.tagName("td"));
      assertThat(row.getAttribute("data-verdict")).isEqualTo(page.verdict());
      assertThat(cells.get(0).getText()).as("verdict of %s", page.gate()).isEqualTo(headline(page.verdict()));
      assertThat(cells.get(1).findElement(By.tagName("a")).getAttribute("href"))
          .isEqualTo(page.html().toUri().toString());
      List<String> unresolved = new ArrayList<>();
      for (JsonNode f : page.report().get("findings")) {
        if (f.get("unresolved").asBoolean()) {
          unresolved.add(f.get("kind").asText() + ": " + f.get("headline").asText());
        }
      }
      WebElement findings = cells.get(5);
      List<String> items = findings.findElements(By.tagName("li")).stream().map(WebElement::getText).toList();
      assertThat(items).as("the unresolved findings of %s, one item each", page.gate())
          .containsExactlyElementsOf(unresolved);
      assertThat(STRAY_PUNCTUATION.matcher(findings.getText()).find())
          .as("stray punctuation in the findings of %s: %s", page.gate(), findings.getText()).isFalse();
    }
  }

  @ParameterizedTest
  @MethodSource("pages")
  void everyChartHasATextAlternativeWithItsNumbers(ReportPages.Page page) {
    open(page.html().toUri().toString());
    JsonNode c = page.report().get("comparison");
    List<WebElement> charts = driver.findElements(By.cssSelector("svg"));
    // the ROC curves and the lift, then a chart per finding that draws one (the lift over time, the lift per feature,
    // the commits of a table's log)
    assertThat(charts).hasSizeGreaterThanOrEqualTo(2);
    assertThat(driver.findElements(By.cssSelector("figure.finding-figure svg"))).hasSize(charts.size() - 2);
    for (WebElement chart : charts) {
      assertThat(chart.getAttribute("role")).isEqualTo("img");
      String label = chart.getAttribute("aria-label");
      assertThat(chart.getAccessibleName()).as("accessible name of %s", chart.getAttribute("class")).isEqualTo(label);
      if (chart.getAttribute("class").equals("lift-trend")) {
        assertThat(label).startsWith("Lift per month period");
      } else if (chart.getAttribute("class").equals("lift-attribution")) {
        assertThat(label).startsWith("AUC lost without each feature");
      } else if (chart.getAttribute("class").equals("commit-timeline")) {
        assertThat(label).matches("[0-9,]+ commits of '.+' from \\d{4}-\\d{2}-\\d{2} to .*");
      } else if ("lift".equals(chart.getAttribute("class"))) {
        assertThat(label).contains(signed(c.get("lift").asDouble()), signed(c.at("/liftCi/0").asDouble()),
            signed(c.at("/liftCi/1").asDouble()), signed(page.report().at("/policy/maxLift").asDouble()));
      } else {
        assertThat(label).contains(String.format(Locale.ROOT, "%.3f", c.get("candidateAuc").asDouble()),
            String.format(Locale.ROOT, "%.3f", c.get("baselineAuc").asDouble()));
      }
    }
  }

  @ParameterizedTest
  @MethodSource("pages")
  void everyTextPassesWcagAaContrast(ReportPages.Page page) {
    open(page.html().toUri().toString());
    assertThat(PageProbes.contrast(driver)).as("low contrast on %s", page.html()).isEmpty();
  }

  @Test
  void theIndexPassesWcagAaContrast() {
    open(pages.index().toUri().toString());
    assertThat(PageProbes.contrast(driver)).isEmpty();
  }

  @ParameterizedTest
  @MethodSource("pages")
  void chartTextIsInProportionToThePageAndNeverOverlaps(ReportPages.Page page) {
    List<String> problems = new java.util.ArrayList<>();
    for (int width : new int[] {1280, 375}) {
      viewport(width, 900, 1);
      open(page.html().toUri().toString());
      PageProbes.svgText(driver).forEach(p -> problems.add(width + " px: " + p));
    }
    assertThat(problems).as("chart text of %s", page).isEmpty();
  }

  @ParameterizedTest
  @MethodSource("pages")
  void usableAt200PercentZoomAndOnA375PixelScreen(ReportPages.Page page) {
    for (int[] viewport : new int[][] {{640, 450, 2}, {375, 812, 1}}) {
      viewport(viewport[0], viewport[1], viewport[2]);
      open(page.html().toUri().toString());
      assertThat(PageProbes.layout(driver)).as("layout of %s at %d px (x%d)", page, viewport[0], viewport[2])
          .isEmpty();
      assertThat(PageProbes.textOverflow(driver)).as("text of %s at %d px (x%d)", page, viewport[0], viewport[2])
          .isEmpty();
    }
  }

  @ParameterizedTest
  @MethodSource("pages")
  void noIdentifierIsBrokenAcrossLinesOnADesktopOrAPhone(ReportPages.Page page) {
    List<String> problems = new ArrayList<>();
    for (int width : new int[] {1280, 375}) {
      viewport(width, 900, 1);
      open(page.html().toUri().toString());
      PageProbes.Identifiers ids = PageProbes.identifiers(driver);
      assertThat(ids.checked()).as("identifiers measured on %s at %d px", page, width).isPositive();
      ids.broken().forEach(p -> problems.add(width + " px: " + p));
    }
    assertThat(problems).as("identifiers broken inside a word on %s", page).isEmpty();
  }

  @Test
  void aLongTableShowsItsFirstRowsAndTheRestOneClickAway() {
    ReportPages.Page page = pages.page("rewritten-history");
    int partitions = finding(page, "rewritten-history").at("/evidence/partitions").size();
    assertThat(partitions).as("the rewrite reached many partitions").isGreaterThan(20);
    open(page.html().toUri().toString());
    String card = "div.finding[data-kind='rewritten-history'] .finding-table";
    assertThat(driver.findElements(By.cssSelector(card + " > .scroll tbody tr"))).hasSize(10);
    WebElement more = driver.findElement(By.cssSelector(card + " > details.more-rows"));
    assertThat(more.getAttribute("open")).isNull();
    assertThat(more.findElement(By.tagName("summary")).getText()).isEqualTo("The other " + (partitions - 10)
        + " rows");
    assertThat(more.findElements(By.cssSelector("tbody tr")).stream().filter(WebElement::isDisplayed)).isEmpty();
    more.findElement(By.tagName("summary")).click();
    assertThat(more.findElements(By.cssSelector("tbody tr")).stream().filter(WebElement::isDisplayed))
        .hasSize(partitions - 10);
  }

  @Test
  void theIndexIsUsableAt200PercentZoomAndOnA375PixelScreen() {
    for (int[] viewport : new int[][] {{640, 450, 2}, {375, 812, 1}}) {
      viewport(viewport[0], viewport[1], viewport[2]);
      open(pages.index().toUri().toString());
      assertThat(PageProbes.layout(driver)).as("layout at %d px", viewport[0]).isEmpty();
      assertThat(PageProbes.textOverflow(driver)).as("text at %d px", viewport[0]).isEmpty();
    }
  }

  @ParameterizedTest
  @MethodSource("pages")
  void printingKeepsEveryChartWholeOnAPage(ReportPages.Page page) {
    viewport((int) PRINT_WIDTH, (int) PRINT_HEIGHT, 1);
    open(page.html().toUri().toString());
    driver.executeCdpCommand("Emulation.setEmulatedMedia", Map.of("media", "print"));
    Map<String, Object> layout = PageProbes.map(driver.executeScript("""
        const charts = [...document.querySelectorAll('svg')].map(svg => {
          const box = svg.closest('figure, .chart') || svg;
          const r = box.getBoundingClientRect();
          return [svg.getAttribute('class'), getComputedStyle(box).breakInside, r.height];
        });
        return {charts: charts, height: document.documentElement.scrollHeight};
        """));
    @SuppressWarnings("unchecked")
    List<List<Object>> charts = (List<List<Object>>) layout.get("charts");
    assertThat(charts).hasSizeGreaterThanOrEqualTo(2);
    for (List<Object> chart : charts) {
      assertThat(chart.get(1)).as("break-inside of the %s chart in print", chart.get(0)).isEqualTo("avoid");
      assertThat(number(chart.get(2))).as("printed height of the %s chart", chart.get(0)).isLessThan(PRINT_HEIGHT);
    }
    byte[] pdf = Base64.getDecoder().decode(driver.print(new PrintOptions()).getContent());
    assertThat(new String(pdf, 0, 5, java.nio.charset.StandardCharsets.ISO_8859_1)).isEqualTo("%PDF-");
    int pageCount = pdfPages(pdf);
    assertThat(pageCount).as("pages of the printed %s", page.name())
        .isGreaterThanOrEqualTo((int) Math.ceil(number(layout.get("height")) / PRINT_HEIGHT) - 1)
        .isGreaterThanOrEqualTo(1);
  }

  /**
   * The screenshots of docs/reports.md, regenerated from these pages when {@code -Dreport-pages.screenshots=<dir>} is
   * given (see docs/reports.md for the command); each is cropped to the part of the page the docs talk about.
   */
  @Test
  @EnabledIfSystemProperty(named = "report-pages.screenshots", matches = ".+")
  void screenshotsForTheDocs() throws java.io.IOException {
    java.nio.file.Path docs = java.nio.file.Path.of(System.getProperty("report-pages.screenshots"));
    java.nio.file.Files.createDirectories(docs);
    screenshot(docs.resolve("report-failing.png"), pages.page("leaky-backfill").html(), 1120, "#verdict",
        "#pit-features");
    screenshot(docs.resolve("report-signed-off.png"), pages.page("reviewed-lift").html(), 1120, "#lift", "#lift");
    screenshot(docs.resolve("report-feature-label.png"), pages.page("feature-label").html(), 1120, "#feature-label",
        "#feature-label");
    screenshot(docs.resolve("report-index.png"), pages.index(), 1280, "#summary",
        "table#gates tbody tr:nth-child(8)");
    screenshot(docs.resolve("report-phone.png"), pages.page("one-row-late").html(), 375, "header", "#lift");
    String trend = "div.finding[data-kind='lift-trend']";
    screenshot(docs.resolve("report-lift-trend.png"), pages.page("lift-trend").html(), 1120, trend, trend);
    screenshot(docs.resolve("report-lift-trend-phone.png"), pages.page("lift-trend").html(), 375, trend, trend);
    // every kind's card, desktop and phone, from the first page that shows it
    java.nio.file.Path kinds = docs.resolve("kinds");
    java.nio.file.Files.createDirectories(kinds);
    for (String kind : new TreeSet<>(KINDS)) {
      ReportPages.Page page = kind.equals("rewritten-history") ? pages.page("rewritten-from-log")   // 3 rows, not 53
          : pages.all().stream().filter(p -> p.kinds().contains(kind)).findFirst().orElseThrow();
      open(page.html().toUri().toString());
      String card = "div.finding[data-kind='" + kind + "']";
      String[] part = !driver.findElements(By.cssSelector(card)).isEmpty() ? new String[] {card, card}
          : kind.equals("point-in-time") ? new String[] {"#pit-features", "#pit-features"}
          : new String[] {"#lift", "#lift"};
      screenshot(kinds.resolve(kind + ".png"), page.html(), 1120, part[0], part[1]);
      screenshot(kinds.resolve(kind + "-phone.png"), page.html(), 375, part[0], part[1]);
    }
    String attribution = "div.finding[data-kind='lift-attribution']";
    screenshot(docs.resolve("report-lift-attribution.png"), pages.page("lift-carrier").html(), 1120, attribution,
        attribution);
  }

  /** A PNG of {@code page} at {@code width} CSS pixels, from the top of {@code from} to the bottom of {@code to}. */
  private void screenshot(java.nio.file.Path file, java.nio.file.Path page, int width, String from, String to)
      throws java.io.IOException {
    viewport(width, 900, 1);
    open(page.toUri().toString());
    Map<String, Object> clip = PageProbes.map(driver.executeScript("""
        const a = document.querySelector(arguments[0]).getBoundingClientRect();
        const b = document.querySelector(arguments[1]).getBoundingClientRect();
        const main = document.querySelector('main').getBoundingClientRect();
        return {x: main.left, y: a.top + window.scrollY - 12, width: main.width,
            height: b.bottom - a.top + 24, scale: 1};
        """, from, to));
    Map<String, Object> shot = driver.executeCdpCommand("Page.captureScreenshot", Map.of("format", "png", "clip", clip,
        "captureBeyondViewport", true));
    java.nio.file.Files.write(file, Base64.getDecoder().decode((String) shot.get("data")));
  }

  /** Pages of a PDF as Chromium writes it: one {@code /Type /Page} object per page. */
  static int pdfPages(byte[] pdf) {
    Matcher m = Pattern.compile("/Type\\s*/Page(?![a-zA-Z])").matcher(new String(pdf,
        java.nio.charset.StandardCharsets.ISO_8859_1));
    int n = 0;
    while (m.find()) {
      n++;
    }
    return n;
  }

  private void open(String url) {
    driver.manage().logs().get(LogType.BROWSER);
    driver.manage().logs().get(LogType.PERFORMANCE);
    driver.get(url);
  }

  private void viewport(int width, int height, int scale) {
    driver.executeCdpCommand("Emulation.setDeviceMetricsOverride", Map.of("width", width, "height", height,
        "deviceScaleFactor", scale, "mobile", false));
  }

  private List<String> consoleErrors() {
    List<String> errors = new ArrayList<>();
    for (LogEntry e : driver.manage().logs().get(LogType.BROWSER)) {
      if (e.getLevel().intValue() >= java.util.logging.Level.WARNING.intValue()) {
        errors.add(e.getLevel() + " " + e.getMessage());
      }
    }
    return errors;
  }

  /** Every request the page made but the page itself: none may leave the file. */
  private List<String> requestsBeyond(String url) {
    List<String> requests = new ArrayList<>();
    for (LogEntry e : driver.manage().logs().get(LogType.PERFORMANCE)) {
      try {
        JsonNode message = JSON.readTree(e.getMessage()).get("message");
        if (message.get("method").asText().equals("Network.requestWillBeSent")) {
          String requested = message.at("/params/request/url").asText();
          if (!requested.equals(url) && !requested.startsWith("data:")) {
            requests.add(requested);
          }
        }
      } catch (java.io.IOException ex) {
        throw new java.io.UncheckedIOException(ex);
      }
    }
    return requests;
  }

  static String headline(String verdict) {
    return switch (verdict) {
      case "FAILED" -> "FAILED";
      case "PASSED_WITH_SIGN_OFF" -> "PASSED with sign-off";
      default -> "PASSED";
    };
  }

  private static String signed(double v) {
    return String.format(Locale.ROOT, "%+.3f", v);
  }

  private static double tickValue(Object label) {
    return Double.parseDouble(String.valueOf(label).replace('\u2212', '-'));
  }

  private static double number(Object o) {
    return ((Number) o).doubleValue();
  }
}
