package dev.backtestgate.alarm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.ResourceBundle;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The one poster every alarm route shares, against a real local HTTP server (the JDK's). */
class AlarmPosterTests {
  private static final Alarm ALARM = new Alarm() {
    @Override
    public String json() {
      return "{\"gate\":\"churn-v7\",\"kind\":\"offline-online-gap\"}";
    }

    @Override
    public String describe() {
      return "tripwire offline-online-gap on churn-v7";
    }
  };
  private static final AlarmPoster.Settings FAST = AlarmPoster.Settings.defaults().retries(3, Duration.ofMillis(1));

  private HttpServer server;
  private final BlockingQueue<String> bodies = new LinkedBlockingQueue<>();
  private final AtomicInteger failuresLeft = new AtomicInteger();
  private final Log log = new Log();

  @BeforeEach
  void endpoint() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext("/alarm", exchange -> {
      bodies.add(exchange.getRequestHeaders().getFirst("Content-Type") + " "
          + new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
      exchange.sendResponseHeaders(failuresLeft.getAndDecrement() > 0 ? 503 : 202, -1);
      exchange.close();
    });
    server.start();
  }

  @AfterEach
  void stop() {
    server.stop(0);
  }

  private URI url() {
    return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/alarm");
  }

  @Test
  void anAlarmIsPostedAsJson() throws Exception {
    try (AlarmPoster post = AlarmPoster.to(url(), FAST, log)) {
      AlarmPoster.Delivery delivery = post.post(ALARM).get(30, TimeUnit.SECONDS);

      assertThat(delivery).isEqualTo(new AlarmPoster.Delivery(true, url(), 1, ""));
      assertThat(post.pending()).isZero();
    }
    assertThat(bodies).containsExactly("application/json " + ALARM.json());
  }

  @Test
  void aFailingEndpointIsRetriedAndTheLastFailureIsTold() throws Exception {
    failuresLeft.set(1);
    try (AlarmPoster post = AlarmPoster.to(url(), FAST, log)) {
      assertThat(post.post(ALARM).get(30, TimeUnit.SECONDS).delivered()).as("the second attempt").isTrue();
    }
    failuresLeft.set(10);
    try (AlarmPoster post = AlarmPoster.to(url(), FAST, log, "tripwire alarm", "")) {
      AlarmPoster.Delivery delivery = post.post(ALARM).get(30, TimeUnit.SECONDS);

      assertThat(delivery).isEqualTo(new AlarmPoster.Delivery(false, url(), 3, "HTTP 503"));
    }
    assertThat(bodies).hasSize(5);
    assertThat(log.lines).filteredOn(l -> l.startsWith("ERROR")).singleElement().asString()
        .startsWith("ERROR tripwire alarm NOT delivered to " + url() + " after 3 attempt(s), last: HTTP 503")
        .contains("nobody was told of: tripwire offline-online-gap on churn-v7. Check the endpoint");
  }

  @Test
  void aClosedPosterDropsTheAlarmAndSaysSo() throws Exception {
    AlarmPoster post = AlarmPoster.to(url(), FAST, log);
    post.close();

    assertThat(post.post(ALARM).get(30, TimeUnit.SECONDS)).isEqualTo(new AlarmPoster.Delivery(false, url(), 0,
        "the poster is closed"));
    assertThat(bodies).isEmpty();
  }

  @Test
  void badUrlsAndSettingsAreRefusedByName() {
    assertThatThrownBy(() -> AlarmPoster.to(URI.create("ftp://alerts.example/x")))
        .hasMessageContaining("must be an absolute http or https URL").hasMessageContaining("ftp://alerts.example/x");
    assertThatThrownBy(() -> AlarmPoster.checkUrl(URI.create("alerts.example/x")))
        .hasMessageContaining("must be an absolute http or https URL");
    assertThatThrownBy(() -> FAST.retries(0, Duration.ZERO)).hasMessageContaining("attempts must be between 1 "
        + "and 100, got 0");
    assertThatThrownBy(() -> FAST.timeouts(Duration.ZERO, Duration.ofSeconds(1)))
        .hasMessageContaining("connectTimeout must be positive");
  }

  /** The lines logged, as LEVEL message. */
  private static final class Log implements System.Logger {
    final List<String> lines = new java.util.concurrent.CopyOnWriteArrayList<>();

    @Override
    public String getName() {
      return "test";
    }

    @Override
    public boolean isLoggable(Level level) {
      return true;
    }

    @Override
    public void log(Level level, ResourceBundle bundle, String message, Throwable thrown) {
      if (level.getSeverity() >= Level.WARNING.getSeverity()) {
        lines.add(level.getName() + " " + message);
      }
    }

    @Override
    public void log(Level level, ResourceBundle bundle, String format, Object... params) {
      log(level, bundle, format, (Throwable) null);
    }

    @Override
    public void log(Level level, Supplier<String> message) {
      log(level, null, message.get(), (Throwable) null);
    }
  }
}
