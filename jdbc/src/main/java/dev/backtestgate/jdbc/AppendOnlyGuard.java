package dev.backtestgate.jdbc;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apiguardian.api.API;

/**
 * Makes a PostgreSQL history table append-only where its history is closed: a trigger rejects every
 * {@code UPDATE} and {@code DELETE} of a row whose valid-from partition (UTC day) is closed, that is, ended at
 * least N days ago (default 7), an {@code UPDATE} that moves a row into a closed partition, and every
 * {@code TRUNCATE}; {@code INSERT}s, such as corrections recorded as new rows, always pass, but rows inserted into a
 * closed day that the table does not declare as corrections are audited per day as {@code backdated} and raise the
 * alarm (declared corrections are audited per day, quietly), in the inserting transaction. Each attempt on
 * closed history is recorded in an audit table, and the record survives the rejection: the trigger writes it
 * through {@code dblink} (in PostgreSQL's contrib package), whose connection commits on its own while the
 * rejected statement rolls back.
 *
 * <p>The alarm: each rejected attempt, each break-glass use and each closed day of a backdated insert also raises
 * {@code NOTIFY backtest_gate_history} ({@link #CHANNEL}) with a JSON payload: table, role, set_role, operation,
 * outcome, break_glass, partition (the row's valid-from UTC day), rows, entity, valid_from, recorded_at, time (UTC),
 * application, audit_id, owner ({@link #owner}) and truncated. The notification is sent by the same dblink transaction that writes the audit row, so it is
 * delivered although the rejected statement rolls back. The row trigger raises one alarm per row it audits
 * ({@code rows} is 1; a rejected statement stops at its first closed row, and a {@code TRUNCATE} or a trigger
 * change has no row, so {@code rows} and {@code partition} are null). A payload that would reach PostgreSQL's
 * 8,000-byte limit keeps the first 200 characters of entity, valid_from and recorded_at, and {@code truncated}
 * says so and names the audit row. {@link HistoryAlarms} listens and hands each alarm on.
 *
 * <p>Break glass: after {@code SET backtest_gate.break_glass = 'on'}, members of the optional break-glass role
 * may write closed history; their writes are audited as such. Membership is real membership, explicit or
 * inherited through other roles, of both the session user and the role that logged in: being a superuser is
 * not membership, and neither is {@code SET SESSION AUTHORIZATION} to a member.
 *
 * <p>The guard's own triggers are watched too: two event triggers (on {@code ddl_command_start} and
 * {@code ddl_command_end} of {@code ALTER TABLE}, {@code CREATE}, {@code ALTER} and {@code DROP TRIGGER})
 * compare the guard triggers before and after each such statement. Disabling one ({@code DISABLE TRIGGER},
 * {@code ENABLE REPLICA TRIGGER}), dropping it or pointing it at another function is audited and, outside
 * break glass, rejected; enabling one again is audited and allowed.
 *
 * <p>{@link #ddl(Connection)} returns the statements (for review, or for a migration tool) and
 * {@link #apply(Connection)} runs them in one transaction; both read the valid-from column's type from the
 * catalog. Applying needs a superuser: only superusers may create event triggers and the dblink extension,
 * and the trigger functions run as their owner, who writes the audit rows. PostgreSQL 14 or later. What the
 * guard cannot stop: a superuser may skip triggers ({@code session_replication_role = replica}) or drop the
 * event triggers, and the owner may drop the table; keep the table owned by a role nobody logs in as, and see
 * {@link GrantsAudit} for who can write or can make themselves a writer.
 *
 * <pre>{@code
 * AppendOnlyGuard guard = AppendOnlyGuard.of(HistoryTable.of("status_events").withColumns("account_id", "valid_from", "recorded_at", "status"))
 *     .closedAfterDays(7)
 *     .breakGlassRole("history_break_glass");
 * System.out.println(String.join(";\n", guard.ddl(connection)));   // review
 * guard.apply(connection);
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class AppendOnlyGuard {
  /** The schema that holds the audit table and the trigger functions. */
  public static final String SCHEMA = "backtest_gate";
  /** The audit table, in {@link #SCHEMA}. */
  public static final String AUDIT_TABLE = SCHEMA + ".write_attempts";
  /** The session setting a break-glass member turns on to write closed history. */
  public static final String BREAK_GLASS_SETTING = "backtest_gate.break_glass";
  /** The table of guarded tables (and each one's break-glass role), in {@link #SCHEMA}. */
  public static final String GUARDED_TABLES = SCHEMA + ".guarded_tables";
  /** The row trigger that rejects UPDATE and DELETE of closed history. */
  public static final String ROW_TRIGGER = "backtest_gate_append_only";
  /** The statement trigger that rejects TRUNCATE. */
  public static final String TRUNCATE_TRIGGER = "backtest_gate_no_truncate";
  /** Where the event trigger keeps, for one statement, the guard triggers' state before it ran. */
  private static final String SNAPSHOT_SETTING = "backtest_gate.guard_triggers";
  /** The channel on which the guard raises a NOTIFY for every rejected write and every break-glass use. */
  public static final String CHANNEL = "backtest_gate_history";
  /** The trigger on {@link #AUDIT_TABLE} that raises the alarm of each audited attempt. */
  public static final String ALARM_TRIGGER = "backtest_gate_alarm";
  /** PostgreSQL refuses a NOTIFY payload of this many bytes or more. */
  static final int NOTIFY_LIMIT = 8000;
  /** How many characters of the row's values an alarm over {@link #NOTIFY_LIMIT} keeps. */
  static final int NOTIFY_CUT = 200;
  /** The default closing window, in days. */
  public static final int DEFAULT_CLOSED_AFTER_DAYS = 7;

  /** The statement trigger that raises the alarm of an INSERT backdated into closed history. */
  public static final String BACKDATED_TRIGGER = "backtest_gate_backdated";
  /** The longest owner an alarm carries. */
  static final int OWNER_LIMIT = 200;

  private final HistoryTable table;
  private final int closedAfterDays;
  private final String breakGlassRole;
  private final String owner;

  private AppendOnlyGuard(HistoryTable table, int closedAfterDays, String breakGlassRole, String owner) {
    this.table = table;
    this.closedAfterDays = closedAfterDays;
    this.breakGlassRole = breakGlassRole;
    this.owner = owner;
  }

  /** A guard for {@code table} with a 7-day closing window and no break-glass role. */
  public static AppendOnlyGuard of(HistoryTable table) {
    if (table == null) {
      throw new IllegalArgumentException("the table to guard is missing");
    }
    return new AppendOnlyGuard(table, DEFAULT_CLOSED_AFTER_DAYS, null, null);
  }

  /** A UTC day's partition closes once it ended at least {@code days} days ago (0 closes every past day). */
  public AppendOnlyGuard closedAfterDays(int days) {
    if (days < 0 || days > 36_500) {
      throw new IllegalArgumentException("closedAfterDays must be between 0 and 36500, got " + days
          + " (the default is " + DEFAULT_CLOSED_AFTER_DAYS + ")");
    }
    return new AppendOnlyGuard(table, days, breakGlassRole, owner);
  }

  /** The role whose members may write closed history after {@code SET backtest_gate.break_glass = 'on'}. */
  public AppendOnlyGuard breakGlassRole(String role) {
    return new AppendOnlyGuard(table, closedAfterDays, SqlNames.check(role, "break-glass role"), owner);
  }

  /**
   * Who owns the table's history, as the alarm should carry it for routing: a team, an address, a pager key
   * ({@code "payments-data@acme.com"}). Every alarm of this table carries it as {@code owner}; re-applying the guard
   * changes it. At most 200 characters, printable, one line.
   */
  public AppendOnlyGuard owner(String owner) {
    if (owner == null || owner.isBlank()) {
      throw new IllegalArgumentException("the owner of table '" + table.table() + "' is " + (owner == null ? "null"
          : "blank") + ": give the team, address or pager key its alarms go to, or leave owner out");
    }
    if (owner.length() > OWNER_LIMIT) {
      throw new IllegalArgumentException("the owner of table '" + table.table() + "' is " + owner.length()
          + " characters long, over the " + OWNER_LIMIT + " an alarm carries: give a team, an address or a key");
    }
    for (int i = 0; i < owner.length(); i++) {
      char c = owner.charAt(i);
      if (Character.isISOControl(c) || Character.getType(c) == Character.FORMAT
          || Character.getType(c) == Character.LINE_SEPARATOR || Character.getType(c) == Character.PARAGRAPH_SEPARATOR) {
        throw new IllegalArgumentException("the owner of table '" + table.table() + "' has the control or format"
            + " character U+" + String.format(Locale.ROOT, "%04X", (int) c) + " at position " + (i + 1) + ": an alarm"
            + " routed on it could be forged or hidden; give it on one line of printable characters");
      }
    }
    return new AppendOnlyGuard(table, closedAfterDays, breakGlassRole, owner.strip());
  }

  /** The statements that install the guard, in order, each without a trailing semicolon. */
  public List<String> ddl(Connection connection) throws SQLException {
    requirePostgres(connection);
    int major = connection.getMetaData().getDatabaseMajorVersion();
    if (major < 14) {
      throw new IllegalArgumentException("the append-only guard needs PostgreSQL 14 or later (it replaces its"
          + " triggers with CREATE OR REPLACE TRIGGER, so that re-applying never drops them); this server is "
          + connection.getMetaData().getDatabaseProductVersion());
    }
    if (breakGlassRole != null && !Streaming.query(connection, SqlQuery.of(
        "SELECT 1 FROM pg_roles WHERE rolname = ?", breakGlassRole), 1, rows -> rows.next())) {
      throw new IllegalArgumentException("the break-glass role '" + breakGlassRole + "' does not exist on this"
          + " server, so nobody could break glass: create it first (CREATE ROLE " + breakGlassRole + " NOLOGIN) and"
          + " grant it to the people on call, or leave breakGlassRole out");
    }
    String type = Catalog.columnType(connection, table.table(), table.validFrom());
    String dblinkSchema = Catalog.extensionSchema(connection, "dblink");
    return ddl(type, dblinkSchema == null ? SCHEMA : dblinkSchema);
  }

  /** Installs (or re-installs) the guard in one transaction. */
  public void apply(Connection connection) throws SQLException {
    List<String> statements = ddl(connection);
    if (!superuser(connection)) {
      throw new IllegalArgumentException("applying the append-only guard needs a superuser, and this connection's"
          + " role is not one: only superusers may create event triggers (which stop the guard's triggers being"
          + " disabled) and the dblink extension (which keeps the audit rows of rejected writes). Connect as a"
          + " superuser, or hand the statements of ddl(connection) to someone who is");
    }
    Transaction.committed(connection, () -> {
      try (Statement statement = connection.createStatement()) {
        for (String sql : statements) {
          statement.execute(sql);
        }
      }
      return null;
    });
  }

  /** Whether the connection's role is a superuser, as applying the guard needs. */
  static boolean superuser(Connection connection) throws SQLException {
    return Streaming.query(connection, new SqlQuery(
        "SELECT rolsuper FROM pg_roles WHERE rolname = current_user", null), 1, rows -> rows.next() && rows.getBoolean(1));
  }

  /** Whether {@code table} has the guard's row and truncate triggers, both enabled. */
  static boolean guards(Connection connection, String table) throws SQLException {
    return Streaming.query(connection, SqlQuery.of("SELECT count(*) FROM pg_trigger WHERE tgrelid = to_regclass(?)"
        + " AND tgname IN (?, ?) AND tgenabled <> 'D'", SqlNames.quoteTable(table), ROW_TRIGGER, TRUNCATE_TRIGGER), 1,
        rows -> rows.next() && rows.getInt(1) == 2);
  }

  /** The trigger function's name in {@link #SCHEMA}. */
  String functionName() {
    return functionName("append_only_");
  }

  /** The backdated-INSERT function's name in {@link #SCHEMA}. */
  String backdatedFunctionName() {
    return functionName("backdated_");
  }

  /**
   * {@code prefix} and the table's name. A schema-qualified table ({@code a.b}) or one too long for a 63-character name
   * gets a short hash of its full name too, so it never shares a function with {@code a_b} or another long name:
   * applying the guard to one would rewrite the other's trigger function with its own columns.
   */
  private String functionName(String prefix) {
    String name = prefix + table.table().replace('.', '_');
    if (table.table().contains(".") || name.length() > 63) {
      name = (name.length() > 54 ? name.substring(0, 54) : name) + "_" + shortHash(table.table());
    }
    return SqlNames.check(name, "trigger function name");
  }

  private static String shortHash(String text) {
    try {
      byte[] digest = java.security.MessageDigest.getInstance("SHA-256")
          .digest(text.getBytes(java.nio.charset.StandardCharsets.UTF_8));
      return java.util.HexFormat.of().formatHex(digest, 0, 4);
    } catch (java.security.NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this JVM", e);
    }
  }

  List<String> ddl(String validFromType, String dblinkSchema) {
    String type = validFromType.toLowerCase(Locale.ROOT);
    String day = switch (type) {
      case "timestamp with time zone" -> "(%s AT TIME ZONE 'UTC')::date";
      case "timestamp without time zone" -> "%s::date";
      default -> "%s";
    };
    String closedBefore = switch (type) {
      case "timestamp with time zone" -> "date_trunc('day', now() - make_interval(days => " + closedAfterDays
          + "), 'UTC')";
      case "timestamp without time zone" -> "date_trunc('day', (now() AT TIME ZONE 'UTC') - make_interval(days => "
          + closedAfterDays + "))";
      case "date" -> "((now() AT TIME ZONE 'UTC') - make_interval(days => " + closedAfterDays + "))::date";
      default -> throw new IllegalArgumentException("column '" + table.validFrom() + "' of table '" + table.table()
          + "' has type " + validFromType + "; the guard needs timestamp with time zone, timestamp (UTC) or date");
    };
    String schema = SqlNames.quote(SCHEMA, "schema");
    String quotedTable = table.quotedTable();
    String function = schema + "." + SqlNames.quote(functionName(), "function");
    String vf = table.q(table.validFrom());
    String breakGlass = breakGlassRole == null ? "false" : schema + ".break_glass('" + breakGlassRole + "')";
    String oldDay = day.formatted("OLD." + vf);
    String body = """
        DECLARE
          closed_before constant %1$s := %2$s;
          break_glass constant boolean := %3$s;
          old_entity text;
          old_valid_from text;
          old_recorded_at text;
          old_partition text;
        BEGIN
          IF TG_OP <> 'TRUNCATE' THEN
            IF OLD.%4$s >= closed_before AND (TG_OP = 'DELETE' OR NEW.%4$s >= closed_before) THEN
              IF TG_OP = 'DELETE' THEN
                RETURN OLD;
              END IF;
              RETURN NEW;
            END IF;
            old_entity := OLD.%5$s::text;
            old_valid_from := OLD.%4$s::text;
            old_recorded_at := OLD.%6$s::text;
            old_partition := (%11$s)::text;
          END IF;
          PERFORM %7$s.record_attempt(TG_TABLE_SCHEMA || '.' || TG_TABLE_NAME, TG_OP,
              CASE WHEN break_glass THEN 'break-glass' ELSE 'rejected' END, old_entity, old_valid_from, old_recorded_at,
              old_partition);
          IF break_glass THEN
            IF TG_OP = 'DELETE' THEN
              RETURN OLD;
            END IF;
            RETURN NEW;
          END IF;
          RAISE EXCEPTION USING
            ERRCODE = 'insufficient_privilege',
            MESSAGE = format('%%s on %%s rejected: %%s is append-only where its history is closed (valid from before %%s,'
                ' %8$s days ago); the attempt is recorded in %9$s',
                TG_OP, TG_TABLE_NAME, TG_TABLE_NAME, closed_before),
            HINT = 'Record the correction as a new row with its own recorded_at (INSERT); a rewrite of closed history'
                ' needs membership of the break-glass role and SET %10$s = ''on''.';
        END
        """.formatted(validFromType, closedBefore, breakGlass, vf, table.q(table.entity()), table.q(table.recordedAt()),
        schema, closedAfterDays, AUDIT_TABLE, BREAK_GLASS_SETTING, oldDay);
    // An INSERT into a closed day passes (a correction is a new row), but one the table does not declare as a
    // correction is a write into old history all the same: its rows, summed per day, are audited and alarmed in the
    // inserting transaction, so they are told when, and only if, they are committed. Declared corrections are audited
    // per day without an alarm.
    String declared = table.corrections() == null ? "false"
        : "inserted." + table.q(table.corrections().corrects()) + " IS NOT NULL";
    String backdatedBody = """
        DECLARE
          closed_before constant %1$s := %2$s;
          day record;
        BEGIN
          FOR day IN
            SELECT %3$s AS partition_day, %4$s AS declared, count(*) AS n, min(inserted.%5$s::text) AS entity,
                min(inserted.%6$s::text) AS valid_from, max(inserted.%7$s::text) AS recorded_at
            FROM inserted WHERE inserted.%6$s < closed_before
            GROUP BY 1, 2 ORDER BY 1, 2
          LOOP
            INSERT INTO %8$s (session_user_name, set_role, table_name, operation, outcome, entity, valid_from,
                recorded_at, application_name, client_addr, transaction_id, partition_day, row_count)
            VALUES (session_user, current_setting('role'), TG_TABLE_SCHEMA || '.' || TG_TABLE_NAME, 'INSERT',
                CASE WHEN day.declared THEN 'declared-correction' ELSE 'backdated' END, day.entity, day.valid_from,
                day.recorded_at, current_setting('application_name'), inet_client_addr()::text, txid_current(),
                day.partition_day, day.n);
          END LOOP;
          RETURN NULL;
        END
        """.formatted(validFromType, closedBefore, day.formatted("inserted." + vf), declared, table.q(table.entity()),
        vf, table.q(table.recordedAt()), AUDIT_TABLE);
    String backdated = schema + "." + SqlNames.quote(backdatedFunctionName(), "function");
    String ownerValue = owner == null ? "NULL" : "'" + owner.replace("'", "''") + "'";
    List<String> out = new ArrayList<>(shared(dblinkSchema));
    out.addAll(List.of(
        "INSERT INTO " + GUARDED_TABLES + " (relid, table_name, break_glass_role, owner) VALUES ('" + quotedTable
            + "'::regclass, '" + table.table() + "', " + (breakGlassRole == null ? "NULL" : "'" + breakGlassRole + "'")
            + ", " + ownerValue + ") ON CONFLICT (relid) DO UPDATE SET table_name = EXCLUDED.table_name,"
            + " break_glass_role = EXCLUDED.break_glass_role, owner = EXCLUDED.owner",
        "CREATE OR REPLACE FUNCTION " + function + "() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER\n"
            + "SET search_path = pg_catalog, pg_temp AS $guard$\n" + body + "$guard$",
        "REVOKE ALL ON FUNCTION " + function + "() FROM PUBLIC",
        "CREATE OR REPLACE TRIGGER " + ROW_TRIGGER + " BEFORE UPDATE OR DELETE ON " + quotedTable
            + " FOR EACH ROW EXECUTE FUNCTION " + function + "()",
        "CREATE OR REPLACE TRIGGER " + TRUNCATE_TRIGGER + " BEFORE TRUNCATE ON " + quotedTable
            + " FOR EACH STATEMENT EXECUTE FUNCTION " + function + "()",
        "CREATE OR REPLACE FUNCTION " + backdated + "() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER\n"
            + "SET search_path = pg_catalog, pg_temp AS $backdated$\n" + backdatedBody + "$backdated$",
        "REVOKE ALL ON FUNCTION " + backdated + "() FROM PUBLIC",
        "CREATE OR REPLACE TRIGGER " + BACKDATED_TRIGGER + " AFTER INSERT ON " + quotedTable
            + " REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION " + backdated + "()"));
    return out;
  }

  /**
   * The objects every guarded table of a database shares: the schema, dblink, the audit table, the table of
   * guarded tables, the break-glass test, the audit writer and the event triggers that watch the guard's own
   * triggers.
   */
  private static List<String> shared(String dblinkSchema) {
    String schema = SqlNames.quote(SCHEMA, "schema");
    String dblink = SqlNames.quote(dblinkSchema, "schema");
    // Membership, explicit or inherited, walked through pg_auth_members: pg_has_role is true for every superuser,
    // and superuser status is not membership. Both the session user and the role that logged in (which SET SESSION
    // AUTHORIZATION does not change; pg_stat_activity keeps it) must be members; a role is a member of itself.
    String breakGlass = """
        SELECT role_name IS NOT NULL
          AND coalesce(current_setting('%1$s', true), '') = 'on'
          AND (
            WITH RECURSIVE who(oid) AS (
              SELECT r.oid FROM pg_roles r WHERE r.rolname = session_user
              UNION SELECT a.usesysid FROM pg_stat_activity a WHERE a.pid = pg_backend_pid() AND a.usesysid IS NOT NULL
            ), reach(who, roleid) AS (
              SELECT oid, oid FROM who
              UNION SELECT reach.who, m.roleid FROM reach JOIN pg_auth_members m ON m.member = reach.roleid
            )
            SELECT count(DISTINCT reach.who) = (SELECT count(*) FROM who)
            FROM reach JOIN pg_roles target ON target.oid = reach.roleid
            WHERE target.rolname = role_name
          )
        """.formatted(BREAK_GLASS_SETTING);
    // The audit row and its alarm (raised by a trigger on the audit table) travel together over dblink: its
    // connection commits on its own, so both survive the rollback of the statement the guard rejects (a NOTIFY
    // sent from that statement would be dropped with it).
    String recordAttempt = """
        BEGIN
          PERFORM %1$s.dblink_exec(format('host=%%s port=%%s dbname=%%s user=%%s',
              coalesce(nullif(split_part(current_setting('unix_socket_directories'), ',', 1), ''), 'localhost'),
              current_setting('port'), current_database(), current_user), format(
              'INSERT INTO %2$s (session_user_name, set_role, table_name, operation, outcome,'
              ' entity, valid_from, recorded_at, application_name, client_addr, transaction_id, partition_day)'
              ' VALUES (%%L, %%L, %%L, %%L, %%L, %%L, %%L, %%L, %%L, %%L, %%s, %%L)',
              session_user, current_setting('role'), table_name, operation, outcome, entity, valid_from, recorded_at,
              current_setting('application_name'), inet_client_addr()::text, txid_current(), partition_day));
        END
        """.formatted(dblink, AUDIT_TABLE);
    // Fields longer than a NOTIFY may carry are cut to CUT characters, and the payload says so.
    String alarmJson = """
        SELECT json_build_object('table', attempt.table_name, 'role', attempt.session_user_name,
            'set_role', attempt.set_role, 'operation', attempt.operation, 'outcome', attempt.outcome,
            'break_glass', attempt.outcome = 'break-glass', 'partition', attempt.partition_day,
            'rows', coalesce(attempt.row_count, CASE WHEN attempt.operation IN ('UPDATE', 'DELETE') THEN 1 END),
            'entity', CASE WHEN cut IS NULL THEN attempt.entity ELSE left(attempt.entity, cut) END,
            'valid_from', CASE WHEN cut IS NULL THEN attempt.valid_from ELSE left(attempt.valid_from, cut) END,
            'recorded_at', CASE WHEN cut IS NULL THEN attempt.recorded_at ELSE left(attempt.recorded_at, cut) END,
            'time', to_char(attempt.attempted_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
            'application', attempt.application_name, 'audit_id', attempt.id,
            'owner', (SELECT g.owner FROM backtest_gate.guarded_tables g WHERE g.relid = to_regclass(attempt.table_name)),
            'truncated', truncated)::text
        """;
    String raiseAlarm = """
        DECLARE
          payload text;
        BEGIN
          IF NEW.outcome NOT IN ('rejected', 'break-glass', 'backdated') THEN
            RETURN NULL;
          END IF;
          payload := %1$s.alarm_json(NEW, NULL, NULL);
          IF octet_length(payload) >= %2$d THEN
            payload := %1$s.alarm_json(NEW, %3$d, format('the payload was %%s bytes, over PostgreSQL''s'
                ' 8000-byte NOTIFY limit: entity, valid_from and recorded_at are cut to %3$d characters; the whole'
                ' attempt is row id %%s of %4$s', octet_length(payload), NEW.id));
          END IF;
          PERFORM pg_notify('%5$s', payload);
          RETURN NULL;
        END
        """.formatted(schema, NOTIFY_LIMIT, NOTIFY_CUT, AUDIT_TABLE, CHANNEL);
    String guardTriggers = "SELECT t.oid, t.tgrelid AS rel, t.tgname::text AS name, t.tgenabled::text AS enabled"
        + " FROM pg_trigger t JOIN pg_proc f ON f.oid = t.tgfoid WHERE f.pronamespace = '" + SCHEMA
        + "'::regnamespace AND NOT t.tgisinternal";
    String before = """
        BEGIN
          PERFORM set_config('%1$s', (SELECT coalesce(jsonb_agg(g), '[]'::jsonb)::text FROM (%2$s) g), true);
        END
        """.formatted(SNAPSHOT_SETTING, guardTriggers);
    // A change to the alarm trigger of the audit table itself is rejected (nobody breaks glass on the audit) but not
    // audited: the statement holds the audit table's lock, which the audit row's dblink connection would wait for
    // forever. The snapshot names what this statement changed. It is a setting, which code the statement runs (a column
    // default during ALTER TABLE, say) could overwrite; so a guard trigger left disabled on a table the statement
    // altered is rejected whatever the snapshot says. Statements that drop or replace triggers run no such code.
    String after = """
        DECLARE
          change record;
          operation text;
          weakens boolean;
          break_glass boolean;
          seen text[] := '{}';
          rejected text[] := '{}';
        BEGIN
          FOR change IN
            SELECT s.name, t.tgenabled::text AS now, t.oid IS NULL AS dropped,
                t.oid IS NOT NULL AND f.pronamespace <> '%1$s'::regnamespace AS replaced,
                coalesce(n.nspname || '.' || c.relname, s.rel::text) AS table_name, g.break_glass_role
            FROM jsonb_to_recordset(coalesce(nullif(current_setting('%2$s', true), ''), '[]')::jsonb)
                AS s(oid oid, rel oid, name text, enabled text)
            LEFT JOIN pg_trigger t ON t.oid = s.oid
            LEFT JOIN pg_proc f ON f.oid = t.tgfoid
            LEFT JOIN pg_class c ON c.oid = s.rel
            LEFT JOIN pg_namespace n ON n.oid = c.relnamespace
            LEFT JOIN %3$s g ON g.relid = s.rel
            WHERE t.oid IS NULL OR t.tgenabled::text <> s.enabled OR f.pronamespace <> '%1$s'::regnamespace
            ORDER BY 5, 1
          LOOP
            operation := CASE
                WHEN change.dropped THEN 'DROP TRIGGER'
                WHEN change.replaced THEN 'REPLACE TRIGGER'
                WHEN change.now = 'D' THEN 'DISABLE TRIGGER'
                WHEN change.now = 'R' THEN 'ENABLE REPLICA TRIGGER'
                WHEN change.now = 'A' THEN 'ENABLE ALWAYS TRIGGER'
                ELSE 'ENABLE TRIGGER' END || ' ' || change.name;
            weakens := change.dropped OR change.replaced OR change.now IN ('D', 'R');
            break_glass := %4$s.break_glass(change.break_glass_role);
            seen := seen || (change.table_name || ' ' || change.name);
            IF change.table_name <> '%5$s' THEN
              PERFORM %4$s.record_attempt(change.table_name, operation,
                  CASE WHEN NOT weakens THEN 'allowed' WHEN break_glass THEN 'break-glass' ELSE 'rejected' END,
                  NULL, NULL, NULL, NULL);
            END IF;
            IF weakens AND NOT break_glass THEN
              rejected := rejected || (operation || ' on ' || change.table_name);
            END IF;
          END LOOP;
          FOR change IN
            SELECT t.tgname::text AS name, t.tgenabled::text AS now, n.nspname || '.' || c.relname AS table_name,
                g.break_glass_role
            FROM pg_trigger t
            JOIN pg_proc f ON f.oid = t.tgfoid
            JOIN pg_class c ON c.oid = t.tgrelid
            JOIN pg_namespace n ON n.oid = c.relnamespace
            LEFT JOIN %3$s g ON g.relid = t.tgrelid
            WHERE f.pronamespace = '%1$s'::regnamespace AND NOT t.tgisinternal AND t.tgenabled IN ('D', 'R')
              AND t.tgrelid IN (SELECT d.objid FROM pg_event_trigger_ddl_commands() d
                  WHERE d.classid = 'pg_class'::regclass)
            ORDER BY 3, 1
          LOOP
            CONTINUE WHEN (change.table_name || ' ' || change.name) = ANY (seen)
                OR %4$s.break_glass(change.break_glass_role);
            operation := CASE WHEN change.now = 'D' THEN 'DISABLE TRIGGER' ELSE 'ENABLE REPLICA TRIGGER' END
                || ' ' || change.name;
            IF change.table_name <> '%5$s' THEN
              PERFORM %4$s.record_attempt(change.table_name, operation, 'rejected', NULL, NULL, NULL, NULL);
            END IF;
            rejected := rejected || (operation || ' on ' || change.table_name);
          END LOOP;
          PERFORM set_config('%2$s', '', true);
          IF cardinality(rejected) > 0 THEN
            RAISE EXCEPTION USING
              ERRCODE = 'insufficient_privilege',
              MESSAGE = array_to_string(rejected, ', ') || ' rejected: the append-only guard''s triggers keep closed'
                  ' history from being rewritten in place; the attempt is recorded in %5$s',
              HINT = 'Leave the guard''s triggers in place and enabled. Disabling, replacing or dropping them needs'
                  ' membership of the table''s break-glass role and SET %6$s = ''on''.';
          END IF;
        END
        """.formatted(SCHEMA, SNAPSHOT_SETTING, GUARDED_TABLES, schema, AUDIT_TABLE, BREAK_GLASS_SETTING);
    String tags = "WHEN TAG IN ('ALTER TABLE', 'CREATE TRIGGER', 'ALTER TRIGGER', 'DROP TRIGGER')";
    return List.of(
        "CREATE SCHEMA IF NOT EXISTS " + schema,
        "CREATE EXTENSION IF NOT EXISTS dblink WITH SCHEMA " + dblink,
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
            + "  transaction_id bigint,\n"
            + "  partition_day date\n"
            + ")",
        "ALTER TABLE " + AUDIT_TABLE + " ADD COLUMN IF NOT EXISTS partition_day date",
        "ALTER TABLE " + AUDIT_TABLE + " ADD COLUMN IF NOT EXISTS row_count bigint",
        "REVOKE ALL ON " + AUDIT_TABLE + " FROM PUBLIC",
        "CREATE TABLE IF NOT EXISTS " + GUARDED_TABLES + " (\n"
            + "  relid oid PRIMARY KEY,\n"
            + "  table_name text NOT NULL,\n"
            + "  break_glass_role text\n"
            + ")",
        "ALTER TABLE " + GUARDED_TABLES + " ADD COLUMN IF NOT EXISTS owner text",
        "REVOKE ALL ON " + GUARDED_TABLES + " FROM PUBLIC",
        "CREATE OR REPLACE FUNCTION " + schema + ".break_glass(role_name text) RETURNS boolean LANGUAGE sql STABLE"
            + " SECURITY DEFINER\nSET search_path = pg_catalog, pg_temp AS $break_glass$\n" + breakGlass
            + "$break_glass$",
        "REVOKE ALL ON FUNCTION " + schema + ".break_glass(text) FROM PUBLIC",
        "CREATE OR REPLACE FUNCTION " + schema + ".alarm_json(attempt " + AUDIT_TABLE + ", cut integer, truncated"
            + " text) RETURNS text LANGUAGE sql STABLE\nSET search_path = pg_catalog, pg_temp AS $alarm_json$\n"
            + alarmJson + "$alarm_json$",
        "CREATE OR REPLACE FUNCTION " + schema + ".raise_alarm() RETURNS trigger"
            + " LANGUAGE plpgsql\nSET search_path = pg_catalog, pg_temp AS $raise_alarm$\n" + raiseAlarm
            + "$raise_alarm$",
        "REVOKE ALL ON FUNCTION " + schema + ".alarm_json(" + AUDIT_TABLE + ", integer, text), " + schema
            + ".raise_alarm() FROM PUBLIC",
        "CREATE OR REPLACE TRIGGER " + ALARM_TRIGGER + " AFTER INSERT ON " + AUDIT_TABLE
            + " FOR EACH ROW EXECUTE FUNCTION " + schema + ".raise_alarm()",
        "CREATE OR REPLACE FUNCTION " + schema + ".record_attempt(table_name text, operation text, outcome text,"
            + " entity text, valid_from text, recorded_at text, partition_day text) RETURNS void LANGUAGE plpgsql"
            + " SECURITY DEFINER\nSET search_path = pg_catalog, pg_temp AS $record$\n" + recordAttempt + "$record$",
        "REVOKE ALL ON FUNCTION " + schema + ".record_attempt(text, text, text, text, text, text, text) FROM PUBLIC",
        "CREATE OR REPLACE FUNCTION " + schema + ".guard_triggers_before() RETURNS event_trigger LANGUAGE plpgsql"
            + " SECURITY DEFINER\nSET search_path = pg_catalog, pg_temp AS $before$\n" + before + "$before$",
        "CREATE OR REPLACE FUNCTION " + schema + ".guard_triggers_after() RETURNS event_trigger LANGUAGE plpgsql"
            + " SECURITY DEFINER\nSET search_path = pg_catalog, pg_temp AS $after$\n" + after + "$after$",
        "REVOKE ALL ON FUNCTION " + schema + ".guard_triggers_before(), " + schema + ".guard_triggers_after() FROM PUBLIC",
        "DROP EVENT TRIGGER IF EXISTS backtest_gate_guard_triggers_before",
        "CREATE EVENT TRIGGER backtest_gate_guard_triggers_before ON ddl_command_start " + tags
            + " EXECUTE FUNCTION " + schema + ".guard_triggers_before()",
        "DROP EVENT TRIGGER IF EXISTS backtest_gate_guard_triggers_after",
        "CREATE EVENT TRIGGER backtest_gate_guard_triggers_after ON ddl_command_end " + tags
            + " EXECUTE FUNCTION " + schema + ".guard_triggers_after()");
  }

  static void requirePostgres(Connection connection) throws SQLException {
    if (Dialect.of(connection) != Dialect.POSTGRESQL) {
      throw new IllegalArgumentException("the append-only guard and the grants audit are for PostgreSQL, but this"
          + " connection is to " + connection.getMetaData().getDatabaseProductName()
          + "; on other databases, check history with SqlHistory.check against a committed manifest");
    }
  }
}
