package dev.backtestgate.alarm;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Locale;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.apiguardian.api.API;

/**
 * POSTs each {@link Alarm}'s JSON ({@code Content-Type: application/json}) to the owner's endpoint. It never blocks
 * the caller: {@link #accept(Alarm)} queues the alarm and returns, and the POST runs on a thread of its own, with a
 * connect and a request timeout; {@link #post(Alarm)} returns the delivery to wait for. A failed POST (no
 * connection, a timeout, a status other than 2xx) is retried after a backoff that doubles each time, up to
 * {@link Settings#attempts()} attempts; each failure is logged as a WARNING and giving up as an ERROR that names the
 * alarm. At most {@link Settings#maxPending()} alarms wait at once; beyond that an alarm is logged as an ERROR and
 * dropped, so an endpoint that is down cannot exhaust memory.
 *
 * <pre>{@code
 * try (AlarmPoster post = AlarmPoster.to(URI.create("https://alerts.example/tripwire"))) {
 *   TripwireAlarm.of(claim, result, trace, "reports/tripwire.json").ifPresent(post);
 * }
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.3")
public final class AlarmPoster implements Consumer<Alarm>, AutoCloseable {
  private final URI url;
  private final Settings settings;
  private final System.Logger log;
  private final String subject;
  private final String keptIn;
  private final HttpClient client;
  private final ScheduledThreadPoolExecutor executor;
  private final AtomicInteger pending = new AtomicInteger();

  /**
   * How the POST is made.
   *
   * @param connectTimeout how long a connection may take
   * @param requestTimeout how long the whole request may take, response included
   * @param attempts how many times an alarm is tried, at least 1
   * @param firstBackoff the wait before the second attempt; each later wait doubles, up to a minute
   * @param maxPending how many alarms may wait for delivery at once
   */
  @API(status = EXPERIMENTAL, since = "0.3")
  public record Settings(Duration connectTimeout, Duration requestTimeout, int attempts, Duration firstBackoff,
      int maxPending) {
    /** Refuses settings that could block forever or never try. */
    public Settings {
      positive(connectTimeout, "connectTimeout");
      positive(requestTimeout, "requestTimeout");
      if (firstBackoff == null || firstBackoff.isNegative()) {
        throw new IllegalArgumentException("firstBackoff must be zero or positive, got " + firstBackoff);
      }
      if (attempts < 1 || attempts > 100) {
        throw new IllegalArgumentException("attempts must be between 1 and 100, got " + attempts
            + " (the default is 5)");
      }
      if (maxPending < 1) {
        throw new IllegalArgumentException("maxPending must be at least 1, got " + maxPending
            + " (the default is 10000)");
      }
    }

    /** 5 s to connect, 10 s per request, 5 attempts, 1 s first backoff, 10,000 alarms pending at most. */
    public static Settings defaults() {
      return new Settings(Duration.ofSeconds(5), Duration.ofSeconds(10), 5, Duration.ofSeconds(1), 10_000);
    }

    /** These settings with {@code attempts} attempts and a first backoff of {@code firstBackoff}. */
    public Settings retries(int attempts, Duration firstBackoff) {
      return new Settings(connectTimeout, requestTimeout, attempts, firstBackoff, maxPending);
    }

    /** These settings with the given timeouts. */
    public Settings timeouts(Duration connect, Duration request) {
      return new Settings(connect, request, attempts, firstBackoff, maxPending);
    }

    private static void positive(Duration duration, String name) {
      if (duration == null || duration.isNegative() || duration.isZero()) {
        throw new IllegalArgumentException(name + " must be positive, got " + duration
            + ": without a timeout a dead endpoint holds its alarms forever");
      }
    }

    Duration backoff(int failedAttempts) {
      Duration wait = firstBackoff.multipliedBy(1L << Math.min(failedAttempts - 1, 20));
      return wait.compareTo(Duration.ofMinutes(1)) > 0 ? Duration.ofMinutes(1) : wait;
    }
  }

  /**
   * How one alarm's POST ended.
   *
   * @param delivered whether the endpoint answered 2xx
   * @param url where it was posted
   * @param attempts how many attempts were made (0 when it was dropped before any)
   * @param failure the last failure in words ({@code HTTP 503}, the connection error, the poster closed), or
   *     {@code ""} when delivered
   */
  @API(status = EXPERIMENTAL, since = "0.3")
  public record Delivery(boolean delivered, URI url, int attempts, String failure) {}

  private AlarmPoster(URI url, Settings settings, System.Logger log, String subject, String keptIn) {
    this.url = url;
    this.settings = settings;
    this.log = log;
    this.subject = subject;
    this.keptIn = keptIn;
    this.executor = new ScheduledThreadPoolExecutor(1, task -> {
      Thread thread = new Thread(task, "backtest-gate-alarm-post");
      thread.setDaemon(true);
      return thread;
    });
    this.executor.setRemoveOnCancelPolicy(true);
    this.client = HttpClient.newBuilder().connectTimeout(settings.connectTimeout()).build();
  }

  /** Posts to {@code url} with {@link Settings#defaults()}, logging to this class's System.Logger. */
  public static AlarmPoster to(URI url) {
    return to(url, Settings.defaults(), System.getLogger(AlarmPoster.class.getName()));
  }

  /** Posts to {@code url} ({@code http} or {@code https}) with {@code settings}, logging to {@code log}. */
  public static AlarmPoster to(URI url, Settings settings, System.Logger log) {
    return to(url, settings, log, "alarm", "");
  }

  /**
   * As {@link #to(URI, Settings, System.Logger)}; the log calls each alarm a {@code subject} (e.g.
   * {@code history alarm}) and a lost one says where it is kept ({@code keptIn}, e.g. {@code the attempt stays in
   * backtest_gate.write_attempts}; {@code ""} when nowhere).
   */
  public static AlarmPoster to(URI url, Settings settings, System.Logger log, String subject, String keptIn) {
    Objects.requireNonNull(settings, "settings");
    Objects.requireNonNull(log, "log");
    Objects.requireNonNull(subject, "subject");
    Objects.requireNonNull(keptIn, "keptIn");
    checkUrl(url);
    return new AlarmPoster(url, settings, log, subject, keptIn);
  }

  /** Refuses what is not an absolute http or https URL with a host, naming it and the fix. */
  public static URI checkUrl(URI url) {
    String scheme = url == null || url.getScheme() == null ? null : url.getScheme().toLowerCase(Locale.ROOT);
    if (!"http".equals(scheme) && !"https".equals(scheme) || url.getHost() == null) {
      throw new IllegalArgumentException("the alarm URL must be an absolute http or https URL with a host, got '"
          + url + "'; give the owner's endpoint, such as https://alerts.example/history");
    }
    return url;
  }

  /** Where this poster posts. */
  public URI url() {
    return url;
  }

  /** Queues {@code alarm} for delivery and returns at once. */
  @Override
  public void accept(Alarm alarm) {
    post(alarm);
  }

  /** Queues {@code alarm}; the future completes once it is delivered, given up or dropped, never exceptionally. */
  public CompletableFuture<Delivery> post(Alarm alarm) {
    Objects.requireNonNull(alarm, "alarm");
    CompletableFuture<Delivery> done = new CompletableFuture<>();
    if (pending.incrementAndGet() > settings.maxPending()) {
      pending.decrementAndGet();
      log.log(System.Logger.Level.ERROR, subject + " not posted to " + url + ": " + settings.maxPending()
          + " alarms already wait for it, so this one is dropped; " + alarm.describe());
      done.complete(new Delivery(false, url, 0, settings.maxPending() + " alarms already waiting"));
      return done;
    }
    // the caller's future is the stage after the count, so a delivery it sees is no longer counted as pending
    CompletableFuture<Delivery> counted = done.whenComplete((delivery, error) -> pending.decrementAndGet());
    try {
      executor.execute(() -> attempt(alarm, 1, done));
    } catch (RejectedExecutionException e) {
      log.log(System.Logger.Level.ERROR, subject + " not posted to " + url + ": the poster is closed; "
          + alarm.describe());
      done.complete(new Delivery(false, url, 0, "the poster is closed"));
    }
    return counted;
  }

  private void attempt(Alarm alarm, int attempt, CompletableFuture<Delivery> done) {
    HttpRequest request = HttpRequest.newBuilder(url).timeout(settings.requestTimeout())
        .header("Content-Type", "application/json").header("User-Agent", "backtest-gate " + subject)
        .POST(HttpRequest.BodyPublishers.ofString(alarm.json())).build();
    CompletableFuture<HttpResponse<Void>> response;
    try {
      response = client.sendAsync(request, HttpResponse.BodyHandlers.discarding());
    } catch (RuntimeException e) {
      response = CompletableFuture.failedFuture(e);
    }
    response.whenComplete((reply, error) -> {
      if (error == null && reply.statusCode() / 100 == 2) {
        log.log(System.Logger.Level.DEBUG, subject + " posted to " + url + " (HTTP " + reply.statusCode() + ")");
        done.complete(new Delivery(true, url, attempt, ""));
        return;
      }
      String why = error != null ? String.valueOf(error.getCause() == null ? error : error.getCause())
          : "HTTP " + reply.statusCode();
      if (attempt >= settings.attempts()) {
        log.log(System.Logger.Level.ERROR, subject + " NOT delivered to " + url + " after " + attempt
            + " attempt(s), last: " + why + "; nobody was told of: " + sentence(alarm.describe())
            + " Check the endpoint"
            + (keptIn.isEmpty() ? "" : "; " + keptIn));
        done.complete(new Delivery(false, url, attempt, why));
        return;
      }
      Duration wait = settings.backoff(attempt);
      log.log(System.Logger.Level.WARNING, subject + " post to " + url + " failed (attempt " + attempt + " of "
          + settings.attempts() + "): " + why + "; retrying in " + wait.toMillis() + " ms");
      try {
        executor.schedule(() -> attempt(alarm, attempt + 1, done), wait.toMillis(), TimeUnit.MILLISECONDS);
      } catch (RejectedExecutionException e) {
        log.log(System.Logger.Level.ERROR, subject + " NOT delivered to " + url + ": the poster was closed"
            + " before attempt " + (attempt + 1) + "; " + alarm.describe());
        done.complete(new Delivery(false, url, attempt, why + ", then the poster was closed"));
      }
    });
  }

  /** {@code text} ending with one full stop. */
  private static String sentence(String text) {
    return text.endsWith(".") ? text : text + ".";
  }

  /** Alarms waiting for delivery or a retry. */
  public int pending() {
    return pending.get();
  }

  /** Stops retrying; alarms still pending are logged as not delivered. */
  @Override
  public void close() {
    int left = pending.get();
    executor.shutdownNow();
    if (left > 0) {
      log.log(System.Logger.Level.ERROR, left + " " + subject + "(s) were still waiting for " + url
          + " when the poster closed" + (keptIn.isEmpty() ? "" : "; " + keptIn));
    }
  }
}
