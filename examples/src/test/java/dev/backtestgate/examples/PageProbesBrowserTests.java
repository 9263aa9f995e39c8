package dev.backtestgate.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.chrome.ChromeDriver;

/**
 * The browser checks can fail: pages with a clipped label, an overflowing line, chart text out of proportion or
 * overlapping, an identifier broken inside a word, faint text or a page wider than the screen, each reported by the probe that {@link ReportPagesBrowserTests} relies on, and a real report page
 * whose sign-off label is pushed out of its chart (the defect the text-fit check was written for).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PageProbesBrowserTests {
  private ChromeDriver driver;
  @TempDir
  Path dir;

  @BeforeAll
  void start() {
    Chromium.requireOrSkip();
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
    driver.executeCdpCommand("Emulation.clearDeviceMetricsOverride", Map.of());
  }

  @Test
  void aLabelClippedByItsChartIsReported() throws IOException {
    open("""
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 40" style="width:240px">
          <rect id="zone" x="90" y="0" width="30" height="40" fill="#fef3f2"/>
          <text x="96" y="30" font-size="11" data-box="zone">needs a sign-off</text>
          <text x="4" y="14" font-size="11">fits</text>
        </svg>""");
    assertThat(PageProbes.textOverflow(driver))
        .anySatisfy(p -> assertThat(p).startsWith("SVG label \"needs a sign-off\"").contains("overflows its chart"))
        .anySatisfy(p -> assertThat(p).startsWith("SVG label \"needs a sign-off\"").contains("overflows its box #zone"))
        .noneSatisfy(p -> assertThat(p).contains("\"fits\""));
  }

  @Test
  void aLineWiderThanItsBoxAndAClippedCellAreReported() throws IOException {
    open("""
        <div style="width:120px;white-space:nowrap">point-in-time: Feature 'balance' was recorded late</div>
        <div style="width:120px;white-space:nowrap;overflow:hidden">lift: AUC lift +0.151 is above the limit</div>
        <div style="width:120px">short and wrapping text that fits its box</div>""");
    assertThat(PageProbes.textOverflow(driver))
        .anySatisfy(p -> assertThat(p).startsWith("text \"point-in-time: Feature 'balance'").contains("overflows div"))
        .anySatisfy(p -> assertThat(p).startsWith("div \"lift: AUC lift").contains("clips or scrolls its content"))
        .noneSatisfy(p -> assertThat(p).contains("short and wrapping"));
  }

  @Test
  void anIdentifierBrokenInsideAWordIsReported() throws IOException {
    // the point-in-time table as it was on a phone: a narrow feature column that breaks names anywhere
    open("""
        <table style="width:200px"><tr>
          <td class="mono" style="overflow-wrap:anywhere;width:40px;font-family:monospace">worst_status_12m</td>
          <td>recorded time per row, a longer cell that takes the width</td></tr>
          <tr><td class="id">tenure</td><td>recorded time per row</td></tr>
          <tr><td><details><summary>more</summary><code class="id" style="display:inline-block;width:30px;
              overflow-wrap:anywhere">credit_limit</code></details></td><td>hidden at first</td></tr></table>""");
    PageProbes.Identifiers ids = PageProbes.identifiers(driver);
    assertThat(ids.checked()).isEqualTo(3);
    assertThat(ids.broken())
        .anySatisfy(p -> assertThat(p).startsWith("td.mono \"worst_status_12m\": \"status\" is broken over"))
        .anySatisfy(p -> assertThat(p).as("one inside a closed <details> is opened and measured too")
            .startsWith("code.id \"credit_limit\": \"credit\" is broken over"))
        .noneSatisfy(p -> assertThat(p).contains("tenure"));
  }

  @Test
  void chartTextDrawnOutOfProportionOrOverlappingIsReported() throws IOException {
    // the lift-over-time chart as it was: a small viewBox stretched to the column, its text three times the page's
    open("""
        <body style="font-size:14px">
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 100" style="width:900px">
          <text x="4" y="20" font-size="11">limit +0.050</text>
          <text x="8" y="22" font-size="11">AUC lift</text>
        </svg>
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 100" style="width:300px">
          <text x="4" y="20" font-size="12">in proportion</text>
        </svg></body>""");
    assertThat(PageProbes.svgText(driver))
        .anySatisfy(p -> assertThat(p).contains("\"limit +0.050\" drawn at 33.0 px, 2.36 times the body text"))
        .anySatisfy(p -> assertThat(p).contains("\"limit +0.050\"").contains("overlaps \"AUC lift\""))
        .noneSatisfy(p -> assertThat(p).contains("in proportion"));
  }

  @Test
  void faintTextIsReported() throws IOException {
    open("""
        <p style="color:#98a2b3;font-size:12px">faint grey note</p>
        <p style="color:#475467;font-size:12px">muted note that passes</p>
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 40" style="width:200px">
          <rect x="0" y="0" width="200" height="40" fill="#fef3f2"/>
          <text x="4" y="24" font-size="11" fill="#f97066">pale red on pink</text>
        </svg>""");
    assertThat(PageProbes.contrast(driver))
        .anySatisfy(p -> assertThat(p).contains("\"faint grey note\": contrast 2.").contains("needs 4.5:1"))
        .anySatisfy(p -> assertThat(p).contains("\"pale red on pink\": contrast"))
        .noneSatisfy(p -> assertThat(p).contains("muted note"));
  }

  @Test
  void aPageWiderThanTheScreenIsReported() throws IOException {
    driver.executeCdpCommand("Emulation.setDeviceMetricsOverride", Map.of("width", 375, "height", 700,
        "deviceScaleFactor", 1, "mobile", false));
    open("""
        <main><table><tr><td style="white-space:nowrap">a table row far wider than a phone's screen, 600 px at least
        </td></tr></table></main>""");
    assertThat(PageProbes.layout(driver)).anySatisfy(p -> assertThat(p).startsWith("the page scrolls sideways"));
  }

  @Test
  void aRealReportPageWithItsSignOffLabelPushedOutOfTheChartFails() {
    Chromium.requireOrSkip();
    Path page = ReportPages.standard().page("one-row-late").html();
    driver.get(page.toUri().toString());
    assertThat(PageProbes.textOverflow(driver)).isEmpty();
    // the defect of the first version: the zone left of the chart's edge too narrow for its label
    driver.executeScript("""
        const zone = document.querySelector('svg.lift #lift-zone');
        zone.setAttribute('x', '520'); zone.setAttribute('width', '24');
        document.querySelector('svg.lift text.zone').setAttribute('x', '526');
        """);
    assertThat(PageProbes.textOverflow(driver))
        .anySatisfy(p -> assertThat(p).startsWith("SVG label \"needs a sign-off\"").contains("overflows its chart"));
  }

  private void open(String body) throws IOException {
    Path file = dir.resolve("probe-" + System.nanoTime() + ".html");
    Files.writeString(file, "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>probe</title>"
        + "<style>body{margin:8px;font:14px/1.5 sans-serif}</style></head><body>" + body + "</body></html>");
    driver.get(file.toUri().toString());
  }
}
