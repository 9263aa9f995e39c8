package dev.backtestgate.cli.workflow;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;
import org.apiguardian.api.API;

/**
 * The versions the plugin's messages recommend, filled in by its build.
 *
 * <pre>{@code
 * String fragment = "<version>" + Versions.SUREFIRE + "</version>";
 * }</pre>
 */
@API(status = INTERNAL, since = "0.1")
public final class Versions {
  private static final Properties PROPERTIES = load();
  /** The Surefire version the plugin's fixes pin. */
  public static final String SUREFIRE = PROPERTIES.getProperty("surefire.version");
  /** This plugin's version. */
  public static final String PLUGIN = PROPERTIES.getProperty("plugin.version");

  private Versions() {}

  private static Properties load() {
    Properties properties = new Properties();
    try (InputStream in = Versions.class.getResourceAsStream("versions.properties")) {
      if (in == null) {
        throw new IllegalStateException("versions.properties is missing from the backtest-gate plugin jar: "
            + "the jar is broken, rebuild or download it again.");
      }
      properties.load(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return properties;
  }
}
