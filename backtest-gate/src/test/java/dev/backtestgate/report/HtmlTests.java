package dev.backtestgate.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.CharRange;
import net.jqwik.api.constraints.Chars;
import net.jqwik.api.constraints.StringLength;
import org.junit.jupiter.api.Test;

class HtmlTests {
  /** XML 1.0's Char production, by code point: the brute-force definition of what survives escaping. */
  private static String expected(String text) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
        b.append(c).append(text.charAt(++i));
      } else if (c == 0x9 || c == 0xA || c == 0xD || (c >= 0x20 && c <= 0xD7FF) || (c >= 0xE000 && c <= 0xFFFD)) {
        b.append(c);
      } else {
        b.append('\uFFFD');
      }
    }
    return b.toString();
  }

  @Property(tries = 200)
  void escapedTextParsesBackToItself(@ForAll @StringLength(max = 40)
      @Chars({'&', '<', '>', '"', '\'', '\r', '\n', '\t', 'a', ' ', '\u0000', '\u001f', '\ud800', '\udc00', '\ufffe'})
      @CharRange(from = '\u0000', to = '\uffff') String text) {
    HtmlDoc doc = HtmlDoc.parse("<p a=\"" + Html.escapeAttribute(text) + "\">" + Html.escape(text) + "</p>");
    assertThat(rawText(doc, "/p")).isEqualTo(expected(text));
    assertThat(rawText(doc, "/p/@a")).isEqualTo(expected(text));
  }

  /** Text without the whitespace collapsing of {@link HtmlDoc#all}. */
  private static String rawText(HtmlDoc doc, String xpath) {
    try {
      return javax.xml.xpath.XPathFactory.newInstance().newXPath()
          .evaluate(xpath, javax.xml.parsers.DocumentBuilderFactory.newInstance().newDocumentBuilder()
              .parse(new org.xml.sax.InputSource(new java.io.StringReader(doc.source()))));
    } catch (Exception e) {
      throw new AssertionError(e);
    }
  }

  @Test
  void writerClosesInOrderAndRefusesWhatHtmlWouldMisparse() {
    Html out = new Html(64);
    out.open("div", "class", "a", "title", null).element("span", "x<y").empty("br").close();
    assertThat(out.finish()).isEqualTo("<div class=\"a\"><span>x&lt;y</span><br/></div>");

    Html unclosed = new Html(16).open("section").open("p");
    assertThatThrownBy(unclosed::finish).hasMessageContaining("unclosed elements: [p, section]");
    assertThatThrownBy(() -> new Html(16).empty("div")).hasMessageContaining("<div/> does not parse as HTML");
    assertThatThrownBy(() -> new Html(16).open("a", "href")).hasMessageContaining("name, value pairs; got 1");
  }
}
