package dev.backtestgate.jdbc;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Locale;

/**
 * Makes a PostgreSQL history table append-only where its history is closed: a trigger rejects every
 * {@code UPDATE} and {@code DELETE} of a row whose valid-from partition (UTC day) is closed, that is, ended at
 * least N days ago (default 7), an {@code UPDATE} that moves a row into a closed partition, and every
 * {@code TRUNCATE}; {@code INSERT}s, such as corrections recorded as new rows, always pass. Each attempt on
 * closed history is recorded in an audit table, and the record survives the rejection: the trigger writes it
 * through {@code dblink} (in PostgreSQL's contrib package), whose connection commits on its own while the
 * rejected statement rolls back. Members of the optional break-glass role may write after
 * {@code SET backtest_gate.break_glass = 'on'}; their writes are audited as such.
 *
 * <p>{@link #ddl(Connection)} returns the statements (for review, or for a migration tool) and
 * {@link #apply(Connection)} runs them in one transaction; both read the valid-from column's type from the
 * catalog. Applying needs a superuser (for {@code CREATE EXTENSION dblink} and because the trigger function
 * runs as its owner, who writes the audit rows). What a trigger cannot stop: the table's owner may disable or
 * drop it, and a superuser may skip triggers; keep the table owned by a role nobody logs in as, and see
 * {@link GrantsAudit} for who can write.
 *
 * <pre>{@code
 * AppendOnlyGuard guard = AppendOnlyGuard.of(HistoryTable.of("status_events").withColumns("account_id", "valid_from", "recorded_at", "status"))
 *     .closedAfterDays(7)
 *     .breakGlassRole("history_break_glass");
 * System.out.println(String.join(";\n", guard.ddl(connection)));   // review
 * guard.apply(connection);
 * }</pre>
 */
public final class AppendOnlyGuard {
  /** The schema that holds the audit table and the trigger functions. */
  public static final String SCHEMA = "backtest_gate";
  /** The audit table, in {@link #SCHEMA}. */
  public static final String AUDIT_TABLE = SCHEMA + ".write_attempts";
  /** The session setting a break-glass member turns on to write closed history. */
  public static final String BREAK_GLASS_SETTING = "backtest_gate.break_glass";
  /** The default closing window, in days. */
  public static final int DEFAULT_CLOSED_AFTER_DAYS = 7;

  private final HistoryTable table;
  private final int closedAfterDays;
  private final String breakGlassRole;

  private AppendOnlyGuard(HistoryTable table, int closedAfterDays, String breakGlassRole) {
    this.table = table;
    this.closedAfterDays = closedAfterDays;
    this.breakGlassRole = breakGlassRole;
  }

  /** A guard for {@code table} with a 7-day closing window and no break-glass role. */
  public static AppendOnlyGuard of(HistoryTable table) {
    if (table == null) {
      throw new IllegalArgumentException("the table to guard is missing");
    }
    return new AppendOnlyGuard(table, DEFAULT_CLOSED_AFTER_DAYS, null);
  }

  /** A UTC day's partition closes once it ended at least {@code days} days ago (0 closes every past day). */
  public AppendOnlyGuard closedAfterDays(int days) {
    if (days < 0 || days > 36_500) {
      throw new IllegalArgumentException("closedAfterDays must be between 0 and 36500, got " + days
          + "; the drill's default is " + DEFAULT_CLOSED_AFTER_DAYS);
    }
    return new AppendOnlyGuard(table, days, breakGlassRole);
  }

  /** The role whose members may write closed history after {@code SET backtest_gate.break_glass = 'on'}. */
  public AppendOnlyGuard breakGlassRole(String role) {
    return new AppendOnlyGuard(table, closedAfterDays, SqlNames.check(role, "break-glass role"));
  }

  /** The statements that install the guard, in order, each without a trailing semicolon. */
  public List<String> ddl(Connection connection) throws SQLException {
    requirePostgres(connection);
    String type = Catalog.columnType(connection, table.table(), table.validFrom());
    String dblinkSchema = Catalog.extensionSchema(connection, "dblink");
    return ddl(type, dblinkSchema == null ? SCHEMA : dblinkSchema);
  }

  /** Installs (or re-installs) the guard in one transaction. */
  public void apply(Connection connection) throws SQLException {
    List<String> statements = ddl(connection);
    boolean autoCommit = connection.getAutoCommit();
    connection.setAutoCommit(false);
    try (Statement statement = connection.createStatement()) {
      for (String sql : statements) {
        statement.execute(sql);
      }
      connection.commit();
    } catch (SQLException | RuntimeException e) {
      connection.rollback();
      throw e;
    } finally {
      connection.setAutoCommit(autoCommit);
    }
  }

  /** The trigger function's name in {@link #SCHEMA}. */
  String functionName() {
    String name = "append_only_" + table.table().replace('.', '_');
    return SqlNames.check(name.length() > 63 ? name.substring(0, 63) : name, "trigger function name");
  }

  List<String> ddl(String validFromType, String dblinkSchema) {
    String closedBefore = switch (validFromType.toLowerCase(Locale.ROOT)) {
      case "timestamp with time zone" -> "date_trunc('day', now() - make_interval(days => " + closedAfterDays
          + "), 'UTC')";
      case "timestamp without time zone" -> "date_trunc('day', (now() AT TIME ZONE 'UTC') - make_interval(days => "
          + closedAfterDays + "))";
      case "date" -> "((now() AT TIME ZONE 'UTC') - make_interval(days => " + closedAfterDays + "))::date";
      default -> throw new IllegalArgumentException("column '" + table.validFrom() + "' of table '" + table.table()
          + "' has type " + validFromType + "; the guard needs timestamp with time zone, timestamp (UTC) or date");
    };
    String quotedTable = table.quotedTable();
    String function = SqlNames.quote(SCHEMA, "schema") + "." + SqlNames.quote(functionName(), "function");
    String vf = table.q(table.validFrom());
    String breakGlass = breakGlassRole == null ? "false"
        : "coalesce(current_setting('" + BREAK_GLASS_SETTING + "', true), '') = 'on' AND pg_has_role(session_user, '"
            + breakGlassRole + "', 'MEMBER')";
    String body = """
        DECLARE
          closed_before constant %1$s := %2$s;
          break_glass constant boolean := %3$s;
          old_entity text;
          old_valid_from text;
          old_recorded_at text;
          audit_connection text;
        BEGIN
          IF TG_OP <> 'TRUNCATE' THEN
            IF OLD.%4$s >= closed_before AND (TG_OP = 'DELETE' OR NEW.%4$s >= closed_before) THEN
              IF TG_OP = 'DELETE' THEN
                RETURN OLD;
              END IF;
              RETURN NEW;
            END IF;
            old_entity := OLD.%8$s::text;
            old_valid_from := OLD.%4$s::text;
            old_recorded_at := OLD.%9$s::text;
          END IF;
          audit_connection := format('host=%%s port=%%s dbname=%%s user=%%s',
              coalesce(nullif(split_part(current_setting('unix_socket_directories'), ',', 1), ''), 'localhost'),
              current_setting('port'), current_database(), current_user);
          PERFORM %5$s.dblink_exec(audit_connection, format(
              'INSERT INTO %6$s (session_user_name, set_role, table_name, operation, outcome,'
              ' entity, valid_from, recorded_at, application_name, client_addr, transaction_id)'
              ' VALUES (%%L, %%L, %%L, %%L, %%L, %%L, %%L, %%L, %%L, %%L, %%s)',
              session_user, current_setting('role'), TG_TABLE_SCHEMA || '.' || TG_TABLE_NAME, TG_OP,
              CASE WHEN break_glass THEN 'break-glass' ELSE 'rejected' END,
              old_entity, old_valid_from, old_recorded_at,
              current_setting('application_name'), inet_client_addr()::text, txid_current()));
          IF break_glass THEN
            IF TG_OP = 'DELETE' THEN
              RETURN OLD;
            END IF;
            RETURN NEW;
          END IF;
          RAISE EXCEPTION USING
            ERRCODE = 'insufficient_privilege',
            MESSAGE = format('%%s on %%s rejected: %%s is append-only where its history is closed (valid from before %%s,'
                ' %10$s days ago); the attempt is recorded in %6$s',
                TG_OP, TG_TABLE_NAME, TG_TABLE_NAME, closed_before),
            HINT = 'Record the correction as a new row with its own recorded_at (INSERT); a rewrite of closed history'
                ' needs the break-glass role and SET %11$s = ''on''.';
        END
        """.formatted(validFromType, closedBefore, breakGlass, vf, SqlNames.quote(dblinkSchema, "schema"),
        AUDIT_TABLE, "", table.q(table.entity()), table.q(table.recordedAt()), closedAfterDays,
        BREAK_GLASS_SETTING);
    String schema = SqlNames.quote(SCHEMA, "schema");
    return List.of(
        "CREATE SCHEMA IF NOT EXISTS " + schema,
        "CREATE EXTENSION IF NOT EXISTS dblink WITH SCHEMA " + SqlNames.quote(dblinkSchema, "schema"),
        "CREATE TABLE IF NOT EXISTS " + AUDIT_TABLE + " (\n"
            + "  id bigserial PRIMARY KEY,\n"
            + "  attempted_at timestamptz NOT NULL DEFAULT clock_timestamp(),\n"
            + "  session_user_name text NOT NULL,\n"
            + "  set_role text NOT NULL,\n"
            + "  table_name text NOT NULL,\n"
            + "  operation text NOT NULL,\n"
            + "  outcome text NOT NULL,\n"
            + "  entity text,\n"
            + "  valid_from text,\n"
            + "  recorded_at text,\n"
            + "  application_name text,\n"
            + "  client_addr text,\n"
            + "  transaction_id bigint\n"
            + ")",
        "REVOKE ALL ON " + AUDIT_TABLE + " FROM PUBLIC",
        "CREATE OR REPLACE FUNCTION " + function + "() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER\n"
            + "SET search_path = pg_catalog, pg_temp AS $guard$\n" + body + "$guard$",
        "REVOKE ALL ON FUNCTION " + function + "() FROM PUBLIC",
        "DROP TRIGGER IF EXISTS backtest_gate_append_only ON " + quotedTable,
        "CREATE TRIGGER backtest_gate_append_only BEFORE UPDATE OR DELETE ON " + quotedTable
            + " FOR EACH ROW EXECUTE FUNCTION " + function + "()",
        "DROP TRIGGER IF EXISTS backtest_gate_no_truncate ON " + quotedTable,
        "CREATE TRIGGER backtest_gate_no_truncate BEFORE TRUNCATE ON " + quotedTable
            + " FOR EACH STATEMENT EXECUTE FUNCTION " + function + "()");
  }

  static void requirePostgres(Connection connection) throws SQLException {
    if (Dialect.of(connection) != Dialect.POSTGRESQL) {
      throw new IllegalArgumentException("the append-only guard and the grants audit are for PostgreSQL, but this"
          + " connection is to " + connection.getMetaData().getDatabaseProductName()
          + "; on other databases, check history with SqlHistory.check against a committed manifest");
    }
  }
}
