package dev.backtestgate.report;

import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.xpath.XPathConstants;
import javax.xml.xpath.XPathFactory;
import org.w3c.dom.Document;
import org.w3c.dom.NodeList;
import org.xml.sax.InputSource;

/**
 * A page parsed with the JDK's XML parser: parsing is the well-formedness check (every tag closed, every
 * {@code & < > " '} escaped), and XPath finds the numbers.
 */
final class HtmlDoc {
  private final Document doc;
  private final String source;

  private HtmlDoc(String source) {
    this.source = source;
    try {
      DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
      factory.setExpandEntityReferences(false);
      doc = factory.newDocumentBuilder().parse(new InputSource(new StringReader(source)));
    } catch (Exception e) {
      throw new AssertionError("the page is not well-formed: " + e.getMessage(), e);
    }
  }

  static HtmlDoc parse(String html) {
    return new HtmlDoc(html);
  }

  static HtmlDoc read(Path file) {
    try {
      return new HtmlDoc(Files.readString(file));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  String source() {
    return source;
  }

  /** Text content of every node the XPath selects (elements or attributes), whitespace collapsed. */
  List<String> all(String xpath) {
    try {
      NodeList nodes = (NodeList) XPathFactory.newInstance().newXPath().evaluate(xpath, doc, XPathConstants.NODESET);
      List<String> texts = new ArrayList<>();
      for (int i = 0; i < nodes.getLength(); i++) {
        texts.add(nodes.item(i).getTextContent().replaceAll("\\s+", " ").strip());
      }
      return texts;
    } catch (Exception e) {
      throw new AssertionError("bad XPath " + xpath, e);
    }
  }

  /** The text of the single node the XPath selects. */
  String one(String xpath) {
    List<String> all = all(xpath);
    if (all.size() != 1) {
      throw new AssertionError("expected one node for " + xpath + ", found " + all.size() + ": " + all);
    }
    return all.get(0);
  }

  /** The number in the single attribute the XPath selects. */
  double number(String xpath) {
    return Double.parseDouble(one(xpath));
  }

  int count(String xpath) {
    return all(xpath).size();
  }
}
