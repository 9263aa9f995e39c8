package dev.backtestgate.lifttrend;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.xpath.XPathConstants;
import javax.xml.xpath.XPathFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.NodeList;

/** The picture: well-formed SVG with a point per measured period, a mark per skipped one, and the change. */
class LiftTrendPlotTests {
  private static Document parse(String svg) throws Exception {
    return DocumentBuilderFactory.newInstance().newDocumentBuilder()
        .parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
  }

  private static int count(Document doc, String xpath) throws Exception {
    return ((NodeList) XPathFactory.newInstance().newXPath().evaluate(xpath, doc, XPathConstants.NODESET))
        .getLength();
  }

  @Test
  void aFailingTrendShowsItsPeriodsTheLimitTheZeroLineAndTheChange() throws Exception {
    List<PeriodLift> periods = new ArrayList<>();
    for (int k = 0; k < 12; k++) {
      periods.add(LiftTrendCalibrationTests.period(k, k < 8 ? 0.06 : 0.0, 0.005));
    }
    PeriodLift skipped = periods.get(3);
    periods.set(3, new PeriodLift(3, skipped.period(), skipped.start(), skipped.end(), 10, 200,
        java.util.Optional.empty()));
    LiftTrend trend = LiftTrend.test(periods, LiftTrendSettings.defaults());
    Document doc = parse(LiftTrendPlot.svg(trend, 0.05));

    assertThat(trend.changePointFails()).isTrue();
    assertThat(count(doc, "//*[local-name()='g'][@class='period']")).isEqualTo(11);
    assertThat(count(doc, "//*[local-name()='g'][@class='skipped'][@data-period='2024-04']")).isEqualTo(1);
    assertThat(count(doc, "//*[@id='lift-trend-zero']")).isEqualTo(1);
    assertThat(count(doc, "//*[@id='lift-trend-limit']")).isEqualTo(1);
    assertThat(count(doc, "//*[@id='lift-trend-change']")).isEqualTo(1);
    assertThat(doc.getDocumentElement().getAttribute("aria-label"))
        .isEqualTo("Lift per month period; the lift falls at 2024-09");
  }

  @Test
  void aPassingTrendMarksNoChange() throws Exception {
    List<PeriodLift> periods = new ArrayList<>();
    for (int k = 0; k < 6; k++) {
      periods.add(LiftTrendCalibrationTests.period(k, 0.02, 0.01));
    }
    Document doc = parse(LiftTrendPlot.svg(LiftTrend.test(periods, LiftTrendSettings.defaults()), Double.NaN));

    assertThat(count(doc, "//*[@id='lift-trend-change']")).isZero();
    assertThat(count(doc, "//*[@id='lift-trend-limit']")).isZero();
    assertThat(count(doc, "//*[local-name()='g'][@class='period']")).isEqualTo(6);
  }
}
