package dev.backtestgate.jdbc;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.alarm.AlarmPoster;
import java.net.URI;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import org.apiguardian.api.API;

/**
 * A {@link HistoryAlarms} callback that POSTs each alarm's JSON ({@code Content-Type: application/json}) to the
 * data-platform owner's endpoint, through the core's {@link AlarmPoster} (the one poster every alarm route shares):
 * it never blocks the caller; a failed POST is retried with a doubling backoff up to
 * {@link AlarmPoster.Settings#attempts()} attempts, each failure logged as a WARNING and giving up as an ERROR that
 * names the audit row; at most {@link AlarmPoster.Settings#maxPending()} alarms wait at once, beyond that an alarm
 * is logged as an ERROR and dropped (it stays in the audit table).
 *
 * <pre>{@code
 * AlarmPost post = AlarmPost.to(URI.create("https://alerts.example/history"));   // 5 attempts, 1 s backoff doubling
 * HistoryAlarms alarms = HistoryAlarms.listen(connection, post);
 * ...
 * alarms.close();
 * post.close();
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class AlarmPost implements Consumer<HistoryAlarm>, AutoCloseable {
  private final AlarmPoster poster;

  private AlarmPost(AlarmPoster poster) {
    this.poster = poster;
  }

  /** Posts to {@code url} with {@link AlarmPoster.Settings#defaults()}, logging to this class's System.Logger. */
  public static AlarmPost to(URI url) {
    return to(url, AlarmPoster.Settings.defaults(), System.getLogger(AlarmPost.class.getName()));
  }

  /** Posts to {@code url} ({@code http} or {@code https}) with {@code settings}, logging to {@code log}. */
  public static AlarmPost to(URI url, AlarmPoster.Settings settings, System.Logger log) {
    return new AlarmPost(AlarmPoster.to(url, settings, log, "history alarm", "the attempt stays in "
        + AppendOnlyGuard.AUDIT_TABLE));
  }

  /** Queues {@code alarm} for delivery and returns at once. */
  @Override
  public void accept(HistoryAlarm alarm) {
    poster.accept(alarm);
  }

  /** Queues {@code alarm}; the future completes with true once delivered, false once given up or dropped. */
  CompletableFuture<Boolean> post(HistoryAlarm alarm) {
    return poster.post(alarm).thenApply(AlarmPoster.Delivery::delivered);
  }

  /** Alarms waiting for delivery or a retry. */
  public int pending() {
    return poster.pending();
  }

  /** Stops retrying; alarms still pending are logged as not delivered (they are in the audit table). */
  @Override
  public void close() {
    poster.close();
  }
}
