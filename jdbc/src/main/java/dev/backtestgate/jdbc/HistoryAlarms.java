package dev.backtestgate.jdbc;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import org.apiguardian.api.API;

/**
 * Listens for the {@link AppendOnlyGuard}'s alarms ({@code LISTEN backtest_gate_history}) on a connection of its
 * own, on a thread of its own, and hands each {@link HistoryAlarm} to a callback: {@link #logTo(System.Logger)}
 * writes a log line, {@link AlarmPost} posts the JSON to the data-platform owner's endpoint. A callback that
 * throws is logged and the listener goes on; a lost connection stops the listener, logs an error and is kept in
 * {@link #failure()} ({@link #running()} turns false), so a health check can see the alarm went deaf.
 *
 * <p>The connection must be PostgreSQL's JDBC driver (org.postgresql:postgresql), the one way to receive a
 * NOTIFY from Java; it is reached by reflection, so this module still needs only {@code java.sql} to compile.
 * Any role may send a NOTIFY on any channel: an alarm names its {@link HistoryAlarm#auditId() audit row}, which
 * only the guard writes, so check the row before acting on an alarm alone.
 *
 * <pre>{@code
 * AlarmPost post = AlarmPost.to(URI.create("https://alerts.example/history"));
 * try (HistoryAlarms alarms = HistoryAlarms.listen(DriverManager.getConnection(url, user, password),
 *     HistoryAlarms.logTo(System.getLogger("history")).andThen(post))) {
 *   ...   // the application runs; close() stops listening and closes the connection
 * }
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class HistoryAlarms implements AutoCloseable {
  private static final System.Logger LOG = System.getLogger(HistoryAlarms.class.getName());
  /** How long one wait for notifications lasts, in milliseconds; {@link #close()} waits at most about this. */
  static final int POLL_MILLIS = 200;

  private final Connection connection;
  private final Consumer<HistoryAlarm> callback;
  private final Notifications notifications;
  private final Thread thread;
  private final AtomicReference<Throwable> failure = new AtomicReference<>();
  private volatile boolean closing;

  private HistoryAlarms(Connection connection, Consumer<HistoryAlarm> callback, Notifications notifications) {
    this.connection = connection;
    this.callback = callback;
    this.notifications = notifications;
    this.thread = new Thread(this::run, "backtest-gate-history-alarms");
    this.thread.setDaemon(true);
  }

  /**
   * Starts listening on {@code connection}, which the listener now owns (give it one nobody else uses; it is
   * closed by {@link #close()}). Alarms raised before this returns are not received.
   *
   * @throws IllegalArgumentException when the connection is not PostgreSQL's JDBC driver
   */
  public static HistoryAlarms listen(Connection connection, Consumer<HistoryAlarm> callback) throws SQLException {
    Objects.requireNonNull(connection, "connection");
    Objects.requireNonNull(callback, "callback");
    AppendOnlyGuard.requirePostgres(connection);
    Notifications notifications = Notifications.of(connection);
    if (!connection.getAutoCommit()) {
      connection.commit();
      connection.setAutoCommit(true);
    }
    try (Statement statement = connection.createStatement()) {
      statement.execute("LISTEN " + AppendOnlyGuard.CHANNEL);
    }
    HistoryAlarms alarms = new HistoryAlarms(connection, callback, notifications);
    alarms.thread.start();
    return alarms;
  }

  /** A callback that writes each alarm as one WARNING line ({@link HistoryAlarm#describe()}) to {@code logger}. */
  public static Consumer<HistoryAlarm> logTo(System.Logger logger) {
    Objects.requireNonNull(logger, "logger");
    return alarm -> logger.log(System.Logger.Level.WARNING, "backtest-gate history alarm, " + alarm.describe());
  }

  /** True until {@link #close()}, or until the connection failed. */
  public boolean running() {
    return thread.isAlive();
  }

  /** Why the listener stopped, when it stopped on its own; empty while it runs or after {@link #close()}. */
  public Optional<Throwable> failure() {
    return Optional.ofNullable(failure.get());
  }

  private void run() {
    try {
      while (!closing) {
        for (String payload : notifications.await(POLL_MILLIS)) {
          deliver(payload);
        }
      }
    } catch (SQLException | RuntimeException e) {
      if (!closing) {
        failure.set(e);
        LOG.log(System.Logger.Level.ERROR, "backtest-gate history alarms stopped listening on "
            + AppendOnlyGuard.CHANNEL + ": " + e.getMessage() + "; alarms raised from now on are only in "
            + AppendOnlyGuard.AUDIT_TABLE + ". Start HistoryAlarms.listen again with a new connection", e);
      }
    }
  }

  private void deliver(String payload) {
    HistoryAlarm alarm;
    try {
      alarm = HistoryAlarm.parse(payload);
    } catch (IllegalArgumentException e) {
      LOG.log(System.Logger.Level.ERROR, e.getMessage());
      return;
    }
    try {
      callback.accept(alarm);
    } catch (RuntimeException e) {
      LOG.log(System.Logger.Level.ERROR, "the history alarm callback failed on " + alarm.describe() + ": " + e
          + "; the listener goes on, and the attempt is in " + AppendOnlyGuard.AUDIT_TABLE, e);
    }
  }

  /** Stops listening, waits for the listener thread, and closes the connection. */
  @Override
  public void close() throws SQLException {
    closing = true;
    try {
      thread.join();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      connection.close();
    }
  }

  /** PgJDBC's {@code PGConnection.getNotifications(int)}, reached by reflection. */
  private record Notifications(Object pgConnection, Method getNotifications, Method getParameter) {
    static Notifications of(Connection connection) throws SQLException {
      try {
        ClassLoader loader = connection.getClass().getClassLoader();
        Class<?> pg = Class.forName("org.postgresql.PGConnection", false, loader);
        Class<?> notification = Class.forName("org.postgresql.PGNotification", false, loader);
        return new Notifications(connection.unwrap(pg), pg.getMethod("getNotifications", int.class),
            notification.getMethod("getParameter"));
      } catch (ClassNotFoundException | NoSuchMethodException | SQLException e) {
        throw new IllegalArgumentException("HistoryAlarms needs a connection of PostgreSQL's JDBC driver"
            + " (org.postgresql:postgresql 42.x), the one driver that hands a NOTIFY to Java, but this connection is a "
            + connection.getClass().getName() + " (" + e + "); open the listener's connection with"
            + " DriverManager.getConnection(\"jdbc:postgresql://...\") and not through a pool's proxy", e);
      }
    }

    List<String> await(int millis) throws SQLException {
      try {
        Object[] received = (Object[]) getNotifications.invoke(pgConnection, millis);
        if (received == null) {
          return List.of();
        }
        String[] payloads = new String[received.length];
        for (int i = 0; i < received.length; i++) {
          payloads[i] = (String) getParameter.invoke(received[i]);
        }
        return List.of(payloads);
      } catch (InvocationTargetException e) {
        if (e.getCause() instanceof SQLException sql) {
          throw sql;
        }
        throw new IllegalStateException("reading notifications failed: " + e.getCause(), e.getCause());
      } catch (IllegalAccessException e) {
        throw new IllegalStateException("PgJDBC's getNotifications is not accessible: " + e, e);
      }
    }
  }
}
