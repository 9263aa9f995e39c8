package dev.backtestgate.release;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.Error;
import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * The checks on a module's CycloneDX JSON SBOM: valid against the CycloneDX schema of its {@code specVersion} (the
 * schema files ship in cyclonedx-core-java's jar, so nothing is downloaded), no SNAPSHOT component other than the
 * release itself, and no component whose every license is GPL or AGPL (LGPL and the GPL with the Classpath
 * exception are allowed; a component with no license at all is refused, since nobody can tell).
 */
final class Sbom {
  private static final ObjectMapper JSON = new ObjectMapper();
  /** The CycloneDX schemas' ids, mapped to the copies on the class path. */
  private static final SchemaRegistry REGISTRY = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_7,
      builder -> builder.schemaIdResolvers(ids -> ids.mapPrefix("http://cyclonedx.org/schema/", "classpath:")));
  private static final Map<String, Schema> SCHEMAS = new ConcurrentHashMap<>();
  private static final Pattern GPL = Pattern.compile("(?<![A-Z])A?GPL(?:V\\d|(?![A-Z]))|GENERAL PUBLIC LICEN[SC]E");
  private static final Pattern NOT_STRONG_GPL =
      Pattern.compile("LGPL|LESSER|LIBRARY GENERAL|CLASSPATH|CPE|LINKING EXCEPTION|FOSS EXCEPTION");

  private Sbom() {}

  /** Every problem in the SBOM {@code json}, each starting with what is wrong; empty when it passes. */
  static List<String> problems(byte[] json, String releaseGroup, String releaseVersion) {
    String text = new String(json, StandardCharsets.UTF_8);
    JsonNode bom;
    try {
      bom = JSON.readTree(text);
    } catch (IOException e) {
      return List.of("is not JSON (" + e.getMessage() + ")");
    }
    if (bom == null || !bom.isObject()) {
      return List.of("is not a CycloneDX JSON object");
    }
    List<String> problems = new ArrayList<>();
    String spec = bom.path("specVersion").asText("");
    if (!bom.path("bomFormat").asText("").equals("CycloneDX") || !spec.matches("1\\.[2-6]")) {
      return List.of("is not a CycloneDX 1.2-1.6 SBOM (bomFormat " + bom.path("bomFormat") + ", specVersion "
          + bom.path("specVersion") + ")");
    }
    List<Error> errors = SCHEMAS.computeIfAbsent(spec, s -> REGISTRY.getSchema(
        SchemaLocation.of("http://cyclonedx.org/schema/bom-" + s + ".schema.json"))).validate(text, InputFormat.JSON);
    errors.forEach(e -> problems.add("breaks the CycloneDX " + spec + " schema at " + e.getInstanceLocation()
        + ": " + e.getMessage()));
    List<JsonNode> components = new ArrayList<>();
    bom.path("components").forEach(components::add);
    for (JsonNode c : components) {
      String group = c.path("group").asText("");
      String version = c.path("version").asText("");
      String id = group + ":" + c.path("name").asText("") + ":" + version;
      boolean release = group.equals(releaseGroup) && version.equals(releaseVersion);
      if (version.toUpperCase(Locale.ROOT).contains("SNAPSHOT") && !release) {
        problems.add("has the SNAPSHOT dependency " + id + " in the runtime tree: a release may depend on released"
            + " versions only. Fix: depend on a released version (mvn dependency:tree shows who brings it)");
      }
      if (release) {
        continue;
      }
      List<String> licenses = licenses(c);
      if (licenses.isEmpty()) {
        problems.add("names no license for the dependency " + id + ", so nobody can tell it is not GPL. Fix: "
            + "replace or exclude the dependency, or check its license and ask its maintainers to declare it");
      } else if (licenses.stream().allMatch(Sbom::isGpl)) {
        problems.add("has the GPL dependency " + id + " (" + String.join(" / ", licenses) + ") in the runtime tree:"
            + " a published module may not link GPL code. Fix: remove it or give it test scope (GPL code belongs"
            + " in examples/ or benchmarks/, which are never published)");
      }
    }
    return problems;
  }

  /** The licenses of a component as written (SPDX id, name or expression), each an alternative the user may pick. */
  private static List<String> licenses(JsonNode component) {
    List<String> out = new ArrayList<>();
    for (JsonNode choice : component.path("licenses")) {
      if (choice.hasNonNull("expression")) {
        for (String alternative : choice.get("expression").asText().split("(?i)\\s+OR\\s+")) {
          out.add(alternative.replaceAll("[()]", "").strip());
        }
      } else {
        JsonNode license = choice.path("license");
        String name = license.path("id").asText(license.path("name").asText(""));
        if (!name.isBlank()) {
          out.add(name);
        }
      }
    }
    return out;
  }

  static boolean isGpl(String license) {
    String upper = license.toUpperCase(Locale.ROOT);
    return GPL.matcher(upper).find() && !NOT_STRONG_GPL.matcher(upper).find();
  }
}
