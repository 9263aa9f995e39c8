package dev.backtestgate.release;

import java.io.ByteArrayInputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/** What the release check reads from a POM as written (no inheritance, no profiles): fields, properties, dependencies. */
record Pom(
    Map<String, String> fields,
    Optional<Coordinates> parent,
    Map<String, String> properties,
    List<Dependency> dependencies,
    List<Dependency> direct,
    List<Dependency> imports,
    List<String> modules,
    List<License> licenses,
    int developers) {

  /** groupId:artifactId:version as written (the version may be a property reference). */
  record Coordinates(String groupId, String artifactId, String version) {}

  /**
   * A dependency anywhere in the POM (dependencies, dependencyManagement, profiles, plugin dependencies); {@code
   * direct} holds those of the project's own {@code <dependencies>}, {@code imports} the BOMs its
   * {@code <dependencyManagement>} imports.
   */
  record Dependency(String groupId, String artifactId, String version) {}

  record License(String name, String url) {}

  private static final Pattern PROPERTY = Pattern.compile("\\$\\{([^}]+)}");

  static Pom parse(String source, byte[] xml) {
    Element project;
    try {
      DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
      factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
      factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
      factory.setNamespaceAware(false);
      project = factory.newDocumentBuilder().parse(new ByteArrayInputStream(xml)).getDocumentElement();
    } catch (Exception e) {
      throw new IllegalArgumentException(source + " is not a readable POM (" + e.getMessage() + ")", e);
    }
    Map<String, String> fields = new LinkedHashMap<>();
    for (String name : List.of("groupId", "artifactId", "version", "packaging", "name", "description", "url")) {
      child(project, name).map(Pom::text).ifPresent(v -> fields.put(name, v));
    }
    child(project, "scm").ifPresent(scm -> {
      child(scm, "url").map(Pom::text).ifPresent(v -> fields.put("scm.url", v));
      child(scm, "connection").map(Pom::text).ifPresent(v -> fields.put("scm.connection", v));
    });
    Optional<Coordinates> parent = child(project, "parent").map(p -> new Coordinates(
        child(p, "groupId").map(Pom::text).orElse(""), child(p, "artifactId").map(Pom::text).orElse(""),
        child(p, "version").map(Pom::text).orElse("")));
    Map<String, String> properties = new LinkedHashMap<>();
    child(project, "properties").ifPresent(ps -> children(ps).forEach(p -> properties.put(p.getTagName(), text(p))));
    List<Dependency> dependencies = new ArrayList<>();
    NodeList all = project.getElementsByTagName("dependency");
    for (int i = 0; i < all.getLength(); i++) {
      dependencies.add(dependency((Element) all.item(i)));
    }
    List<Dependency> direct = child(project, "dependencies").map(Pom::dependencies).orElse(List.of());
    List<Dependency> imports = child(project, "dependencyManagement").flatMap(m -> child(m, "dependencies"))
        .map(ds -> children(ds).stream().filter(d -> child(d, "scope").map(Pom::text).orElse("").equals("import"))
            .map(Pom::dependency).toList())
        .orElse(List.of());
    List<String> modules = new ArrayList<>();
    child(project, "modules").ifPresent(ms -> children(ms).forEach(m -> modules.add(text(m))));
    List<License> licenses = new ArrayList<>();
    child(project, "licenses").ifPresent(ls -> children(ls).forEach(l -> licenses.add(new License(
        child(l, "name").map(Pom::text).orElse(""), child(l, "url").map(Pom::text).orElse("")))));
    int developers = child(project, "developers").map(ds -> (int) children(ds).stream()
        .filter(d -> child(d, "name").or(() -> child(d, "id")).map(Pom::text).filter(s -> !s.isBlank()).isPresent())
        .count()).orElse(0);
    return new Pom(fields, parent, properties, dependencies, direct, imports, modules, licenses, developers);
  }

  private static List<Dependency> dependencies(Element list) {
    return children(list).stream().filter(d -> d.getTagName().equals("dependency")).map(Pom::dependency).toList();
  }

  private static Dependency dependency(Element d) {
    return new Dependency(child(d, "groupId").map(Pom::text).orElse(""),
        child(d, "artifactId").map(Pom::text).orElse(""), child(d, "version").map(Pom::text).orElse(""));
  }

  String groupId() {
    return fields.getOrDefault("groupId", parent.map(Coordinates::groupId).orElse(""));
  }

  String artifactId() {
    return fields.getOrDefault("artifactId", "");
  }

  String version() {
    return fields.getOrDefault("version", parent.map(Coordinates::version).orElse(""));
  }

  String packaging() {
    return fields.getOrDefault("packaging", "jar");
  }

  /** {@code value} with {@code ${...}} references replaced from these properties (then {@code fallback}'s). */
  String interpolate(String value, Map<String, String> fallback) {
    String current = value;
    for (int round = 0; round < 10 && current.contains("${"); round++) {
      Matcher m = PROPERTY.matcher(current);
      StringBuilder out = new StringBuilder();
      while (m.find()) {
        String key = m.group(1);
        String replacement = switch (key) {
          case "project.version", "project.parent.version", "version" -> version();
          case "project.groupId", "project.parent.groupId" -> groupId();
          default -> properties.getOrDefault(key, fallback.getOrDefault(key, m.group()));
        };
        m.appendReplacement(out, Matcher.quoteReplacement(replacement));
      }
      m.appendTail(out);
      if (out.toString().equals(current)) {
        break;
      }
      current = out.toString();
    }
    return current;
  }

  private static Optional<Element> child(Element parent, String name) {
    return children(parent).stream().filter(e -> e.getTagName().equals(name)).findFirst();
  }

  private static List<Element> children(Element parent) {
    List<Element> out = new ArrayList<>();
    for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
      if (n instanceof Element e) {
        out.add(e);
      }
    }
    return out;
  }

  private static String text(Element e) {
    return e.getTextContent().strip().replaceAll("\\s+", " ");
  }
}
