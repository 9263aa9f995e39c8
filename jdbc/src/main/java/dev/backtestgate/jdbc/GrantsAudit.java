package dev.backtestgate.jdbc;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import org.apiguardian.api.API;

/**
 * Answers "who can rewrite our historical tables, or make themselves able to?" from PostgreSQL's catalog:
 * every role holding UPDATE, DELETE or TRUNCATE on the guarded tables, and from where, and every role that can
 * become such a writer. It reads the tables' access lists ({@code aclexplode} of {@code pg_class.relacl},
 * column-level UPDATE from {@code pg_attribute.attacl}) and follows role membership transitively through
 * {@code pg_auth_members} ({@code information_schema.role_table_grants} shows only direct grants to enabled
 * roles), adds owners and members of owners (who may {@code ALTER} the table and its triggers and grant
 * themselves any right), members of {@code pg_write_all_data}, superusers, and, up to PostgreSQL 15, roles
 * with {@code CREATEROLE} (which may grant themselves membership of any role but a superuser, the owner's
 * included), and finally asks {@code has_table_privilege} for every role so that nothing it knows is missed.
 * Predefined {@code pg_*} roles are not listed themselves, their members are.
 *
 * <pre>{@code
 * GrantsReport report = GrantsAudit.of("status_events", "ledger.balances")
 *     .breakGlassRole("history_break_glass")
 *     .run(connection);
 * report.clean();       // false when any other role can rewrite history
 * report.summary();     // each role, privilege and source; the REVOKE and GRANT that fix it
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class GrantsAudit {
  /** The default break-glass role's name. */
  public static final String DEFAULT_BREAK_GLASS_ROLE = "history_break_glass";

  private final List<String> tables;
  private final String breakGlassRole;
  private final Instant attemptsSince;

  private GrantsAudit(List<String> tables, String breakGlassRole, Instant attemptsSince) {
    this.tables = tables;
    this.breakGlassRole = breakGlassRole;
    this.attemptsSince = attemptsSince;
  }

  /** An audit of {@code tables} ({@code name} or {@code schema.name}) with break-glass role history_break_glass. */
  public static GrantsAudit of(String... tables) {
    if (tables.length == 0) {
      throw new IllegalArgumentException("name at least one table to audit");
    }
    for (String table : tables) {
      SqlNames.checkTable(table);
    }
    return new GrantsAudit(List.of(tables), DEFAULT_BREAK_GLASS_ROLE, null);
  }

  /** The one role meant to hold write rights on closed history (and whose members may break glass). */
  public GrantsAudit breakGlassRole(String role) {
    return new GrantsAudit(tables, SqlNames.check(role, "break-glass role"), attemptsSince);
  }

  /**
   * Also reads, per table, who did write or try to write closed history since {@code since}
   * ({@link GuardAudit#report}), so the report shows who did beside who can. The guard's audit table must
   * exist and be readable, or {@link #run} fails saying so.
   */
  public GrantsAudit attemptsSince(Instant since) {
    return new GrantsAudit(tables, breakGlassRole, Objects.requireNonNull(since, "since"));
  }

  /** Reads the catalog (one snapshot) and reports. */
  public GrantsReport run(Connection connection) throws SQLException {
    AppendOnlyGuard.requirePostgres(connection);
    List<GrantsReport.Holder> holders = Transaction.readOnly(connection, () -> {
      Map<Long, Role> roles = roles(connection);
      // PostgreSQL 16 limits CREATEROLE to roles it holds ADMIN OPTION on (whose holders are members, named anyway)
      boolean createRoleGrantsAnyRole = connection.getMetaData().getDatabaseMajorVersion() < 16;
      Map<Long, List<Long>> memberOf = memberships(connection);
      long writeAll = roles.values().stream().filter(r -> r.name.equals("pg_write_all_data")).mapToLong(r -> r.oid)
          .findFirst().orElse(-1);
      List<GrantsReport.Holder> found = new ArrayList<>();
      for (String table : tables) {
        found.addAll(audit(connection, table, roles, memberOf, writeAll, createRoleGrantsAnyRole));
      }
      return found;
    });
    List<GuardAuditReport> attempts = new ArrayList<>();
    if (attemptsSince != null) {
      for (String table : tables) {
        attempts.add(GuardAudit.report(connection, table, attemptsSince));
      }
    }
    return new GrantsReport(tables, breakGlassRole, holders, attempts);
  }

  private record Role(long oid, String name, boolean superuser, boolean canLogin, boolean createRole) {}

  private List<GrantsReport.Holder> audit(
      Connection connection, String table, Map<Long, Role> roles, Map<Long, List<Long>> memberOf, long writeAll,
      boolean createRoleGrantsAnyRole) throws SQLException {
    String quoted = SqlNames.quoteTable(table);
    long owner = Streaming.query(connection, SqlQuery.of("SELECT relowner FROM pg_class WHERE oid = to_regclass(?)",
        quoted), 1, rows -> rows.next() ? rows.getLong(1) : -1);
    if (owner < 0) {
      throw new IllegalArgumentException("table '" + table + "' does not exist on this connection's search path;"
          + " name it as schema.table");
    }
    // grantee oid (0 = PUBLIC) -> privileges granted to it
    Map<Long, Set<String>> granted = new HashMap<>();
    Streaming.query(connection, SqlQuery.of(
        "SELECT a.grantee, a.privilege_type FROM pg_class c, aclexplode(coalesce(c.relacl, acldefault('r', c.relowner))) a"
            + " WHERE c.oid = to_regclass(?) AND a.privilege_type IN ('UPDATE', 'DELETE', 'TRUNCATE')"
            + " UNION SELECT a.grantee, a.privilege_type FROM pg_attribute att, aclexplode(att.attacl) a"
            + " WHERE att.attrelid = to_regclass(?) AND att.attacl IS NOT NULL AND a.privilege_type = 'UPDATE'",
        quoted, quoted), 1_000, rows -> {
          while (rows.next()) {
            granted.computeIfAbsent(rows.getLong(1), k -> new TreeSet<>()).add(rows.getString(2));
          }
          return null;
        });
    Map<String, GrantsReport.Holder> found = new LinkedHashMap<>();
    for (String privilege : granted.getOrDefault(0L, Set.of())) {
      add(found, new GrantsReport.Holder(table, "PUBLIC", privilege, GrantsReport.Source.PUBLIC, "", false));
    }
    List<Role> ordered = roles.values().stream().filter(r -> !r.name.startsWith("pg_"))
        .sorted((a, b) -> a.name.compareTo(b.name)).toList();
    for (Role role : ordered) {
      Map<Long, Long> ancestors = ancestors(role.oid, memberOf);
      for (String privilege : GrantsReport.PRIVILEGES) {
        if (role.superuser) {
          add(found, holder(table, role, privilege, GrantsReport.Source.SUPERUSER, "", true));
        } else if (role.createRole && createRoleGrantsAnyRole) {
          add(found, holder(table, role, privilege, GrantsReport.Source.CREATEROLE, "", false));
        }
        if (role.oid == owner) {
          add(found, holder(table, role, privilege, GrantsReport.Source.OWNER, "", !role.canLogin || role.superuser));
        } else if (granted.getOrDefault(role.oid, Set.of()).contains(privilege)) {
          add(found, holder(table, role, privilege, GrantsReport.Source.DIRECT, "", role.name.equals(breakGlassRole)));
        }
        for (long ancestor : ancestors.keySet()) {
          String via = roles.get(ancestor).name;
          if (ancestor == owner) {
            add(found, holder(table, role, privilege, GrantsReport.Source.VIA_OWNER, via, false));
          } else if (ancestor == writeAll && !privilege.equals("TRUNCATE")) {
            add(found, holder(table, role, privilege, GrantsReport.Source.PREDEFINED_ROLE, via, false));
          } else if (granted.getOrDefault(ancestor, Set.of()).contains(privilege)) {
            add(found, holder(table, role, privilege, GrantsReport.Source.VIA_ROLE, via, via.equals(breakGlassRole)));
          }
        }
      }
    }
    // the server's own answer for every role: anything it grants that the catalog walk did not explain
    Streaming.query(connection, SqlQuery.of(
        "SELECT r.rolname, p.privilege FROM pg_roles r CROSS JOIN (VALUES ('UPDATE'), ('DELETE'), ('TRUNCATE')) p(privilege)"
            + " WHERE r.rolname NOT LIKE 'pg\\_%' AND (has_table_privilege(r.oid, to_regclass(?), p.privilege)"
            + " OR (p.privilege = 'UPDATE' AND has_any_column_privilege(r.oid, to_regclass(?), 'UPDATE')))"
            + " ORDER BY r.rolname", quoted, quoted), 1_000, rows -> {
          while (rows.next()) {
            String name = rows.getString(1);
            String privilege = rows.getString(2);
            boolean explained = found.values().stream().anyMatch(h -> h.role().equals(name) && h.privilege().equals(privilege))
                || found.containsKey(key(table, "PUBLIC", privilege, GrantsReport.Source.PUBLIC, ""));
            if (!explained) {
              add(found, new GrantsReport.Holder(table, name, privilege, GrantsReport.Source.OTHER, "", false));
            }
          }
          return null;
        });
    return new ArrayList<>(found.values());
  }

  private GrantsReport.Holder holder(String table, Role role, String privilege, GrantsReport.Source source, String via,
      boolean allowed) {
    return new GrantsReport.Holder(table, role.name, privilege, source, via, allowed);
  }

  private static void add(Map<String, GrantsReport.Holder> found, GrantsReport.Holder holder) {
    found.putIfAbsent(key(holder.table(), holder.role(), holder.privilege(), holder.source(), holder.via()), holder);
  }

  private static String key(String table, String role, String privilege, GrantsReport.Source source, String via) {
    return table + '\0' + role + '\0' + privilege + '\0' + source + '\0' + via;
  }

  /** Every role {@code role} is a member of, directly or through others (oid -> depth), cycles ignored. */
  private static Map<Long, Long> ancestors(long role, Map<Long, List<Long>> memberOf) {
    Map<Long, Long> seen = new LinkedHashMap<>();
    List<Long> frontier = List.of(role);
    for (long depth = 1; !frontier.isEmpty(); depth++) {
      List<Long> next = new ArrayList<>();
      for (long member : frontier) {
        for (long parent : memberOf.getOrDefault(member, List.of())) {
          if (parent != role && seen.putIfAbsent(parent, depth) == null) {
            next.add(parent);
          }
        }
      }
      frontier = next;
    }
    return seen;
  }

  private static Map<Long, Role> roles(Connection connection) throws SQLException {
    return Streaming.query(connection, new SqlQuery("SELECT oid, rolname, rolsuper, rolcanlogin, rolcreaterole FROM pg_roles", null),
        1_000, rows -> {
          Map<Long, Role> out = new HashMap<>();
          while (rows.next()) {
            out.put(rows.getLong(1), new Role(rows.getLong(1), rows.getString(2), rows.getBoolean(3), rows.getBoolean(4),
                rows.getBoolean(5)));
          }
          return out;
        });
  }

  private static Map<Long, List<Long>> memberships(Connection connection) throws SQLException {
    return Streaming.query(connection, new SqlQuery("SELECT member, roleid FROM pg_auth_members", null), 1_000, rows -> {
      Map<Long, List<Long>> out = new HashMap<>();
      while (rows.next()) {
        out.computeIfAbsent(rows.getLong(1), k -> new ArrayList<>()).add(rows.getLong(2));
      }
      return out;
    });
  }
}
