package dev.backtestgate.examples;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import org.junit.jupiter.api.Assumptions;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;

/**
 * Debian's Chromium driven through Debian's chromedriver, headless, with nothing downloaded: both binaries are given
 * by path, so Selenium Manager never runs, and the flags keep Chromium off the network (no component updates, no
 * sync, no background requests) with a fresh profile each time.
 *
 * <p>Outside CI a missing browser skips the tests that need it, with a message saying what to install; in CI
 * ({@code CI} set to anything but {@code false}) it fails them: CI never skips the browser tests.
 *
 * <pre>{@code
 * ChromeDriver driver = Chromium.start();   // skips or fails first when Chromium is missing
 * }</pre>
 */
final class Chromium {
  /** The browser; {@code -Dreport-pages.chromium=...} points elsewhere. */
  static final Path BROWSER = Path.of(System.getProperty("report-pages.chromium", "/usr/bin/chromium"));
  /** Its driver; {@code -Dreport-pages.chromedriver=...} points elsewhere. */
  static final Path DRIVER = Path.of(System.getProperty("report-pages.chromedriver", "/usr/bin/chromedriver"));
  static final String INSTALL = "sudo apt-get install chromium chromium-driver";
  /**
   * Selenium warns at each start that it has no DevTools classes for this Chromium version; the tests use none (CDP
   * commands go through chromedriver), so the warning is noise. Held here so the logger keeps its level.
   */
  private static final java.util.logging.Logger CDP_VERSIONS =
      java.util.logging.Logger.getLogger("org.openqa.selenium.devtools.CdpVersionFinder");

  private Chromium() {}

  /** What is missing, or empty when both binaries are there. */
  static List<String> missing() {
    List<String> missing = new ArrayList<>();
    if (!Files.isExecutable(BROWSER)) {
      missing.add(BROWSER + " (Debian package chromium)");
    }
    if (!Files.isExecutable(DRIVER)) {
      missing.add(DRIVER + " (Debian package chromium-driver)");
    }
    return missing;
  }

  /** True when the build runs in CI: {@code CI} set to anything but {@code false}. */
  static boolean inCi(Map<String, String> env) {
    String ci = env.get("CI");
    return ci != null && !ci.equalsIgnoreCase("false");
  }

  /**
   * Fails (in CI) or skips (elsewhere) when the browser is missing, saying what to install.
   *
   * @throws AssertionError in CI without the browser
   */
  static void requireOrSkip() {
    List<String> missing = missing();
    if (missing.isEmpty()) {
      return;
    }
    String message = "The report pages' browser tests need Debian's Chromium and its driver; missing: "
        + String.join(", ", missing) + ". Install them with: " + INSTALL + " (.ci/run does).";
    if (inCi(System.getenv())) {
      throw new AssertionError(message + " CI never skips these tests.");
    }
    System.err.println("SKIPPED browser tests: " + message);
    Assumptions.abort(message);
  }

  /**
   * Starts a headless Chromium with a fresh profile, console and network logging on, at a 1280 x 900 window.
   * Call {@link #requireOrSkip()} first.
   */
  static ChromeDriver start() {
    CDP_VERSIONS.setLevel(Level.OFF);
    Path profile;
    try {
      profile = Files.createTempDirectory("backtest-gate-chromium-");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    // the profile goes when the test JVM ends, after the driver has quit and Chromium with it
    Runtime.getRuntime().addShutdownHook(new Thread(() -> deleteQuietly(profile)));
    ChromeOptions options = new ChromeOptions();
    options.setBinary(BROWSER.toFile());
    options.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--disable-default-apps", "--disable-extensions", "--no-default-browser-check", "--hide-scrollbars",
        "--user-data-dir=" + profile, "--window-size=1280,900", "--lang=en-US");
    LoggingPreferences logs = new LoggingPreferences();
    logs.enable(LogType.BROWSER, Level.ALL);
    logs.enable(LogType.PERFORMANCE, Level.ALL);
    options.setCapability("goog:loggingPrefs", logs);
    ChromeDriverService service = new ChromeDriverService.Builder()
        .usingDriverExecutable(DRIVER.toFile())
        .usingAnyFreePort()
        .withTimeout(Duration.ofSeconds(60))
        .withLogFile(new File(profile.toFile(), "chromedriver.log"))
        .build();
    return new ChromeDriver(service, options);
  }

  private static void deleteQuietly(Path dir) {
    try (var files = Files.walk(dir)) {
      files.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
    } catch (IOException | UncheckedIOException e) {
      // a temporary directory left behind is harmless
    }
  }
}
