package dev.backtestgate.jdbc;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.apiguardian.api.API;

/**
 * Who can rewrite the guarded tables: every role holding UPDATE, DELETE or TRUNCATE on them, or able to make
 * itself such a role, with where the right comes from, as read from PostgreSQL's catalog by {@link GrantsAudit}. The report is clean when no role
 * but the break-glass role (and its members), superusers, and an owner nobody can log in as holds such a
 * right. {@link #summary()} names each offending role and prints the statements that fix it.
 *
 * <pre>{@code
 * GrantsReport report = GrantsAudit.of("status_events").breakGlassRole("history_break_glass").run(connection);
 * if (!report.clean()) {
 *   System.out.println(report.summary());   // roles, sources, and REVOKE ... / GRANT ... TO history_break_glass
 * }
 * }</pre>
 *
 * @param tables the guarded tables, as given
 * @param breakGlassRole the one role meant to hold write rights on closed history
 * @param holders every (table, role, privilege, source), tables and roles in order
 * @param attempts who did write or try to write each table's closed history, when the audit was asked
 *     ({@link GrantsAudit#attemptsSince}); empty otherwise
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record GrantsReport(List<String> tables, String breakGlassRole, List<Holder> holders,
    List<GuardAuditReport> attempts) {
  /** The privileges that can rewrite history. */
  public static final List<String> PRIVILEGES = List.of("UPDATE", "DELETE", "TRUNCATE");

  /** Copies the lists. */
  public GrantsReport {
    tables = List.copyOf(tables);
    holders = List.copyOf(holders);
    attempts = List.copyOf(attempts);
  }

  /** A report of who can write, without who did. */
  public GrantsReport(List<String> tables, String breakGlassRole, List<Holder> holders) {
    this(tables, breakGlassRole, holders, List.of());
  }

  /** Where a role's right comes from. */
  public enum Source {
    /** Granted to the role itself (table- or column-level). */
    DIRECT,
    /** Granted to PUBLIC: every role, present and future ({@link Holder#role()} is {@code PUBLIC}). */
    PUBLIC,
    /** Granted to a role this role is a member of, directly or through others ({@link Holder#via()}). */
    VIA_ROLE,
    /** The table's owner: owners may ALTER the table and its triggers and grant themselves any right back. */
    OWNER,
    /** A member of the owner role ({@link Holder#via()}), which gives the owner's rights. */
    VIA_OWNER,
    /**
     * A role with {@code CREATEROLE} on PostgreSQL 15 or earlier: it may grant itself membership of any role but
     * a superuser, the owner's or the break-glass role's included, and so become a writer at will.
     */
    CREATEROLE,
    /** Through PostgreSQL's predefined role {@code pg_write_all_data} ({@link Holder#via()}). */
    PREDEFINED_ROLE,
    /** A superuser: every check is bypassed. */
    SUPERUSER,
    /** {@code has_table_privilege} says so but none of the above explains it. */
    OTHER
  }

  /**
   * One right of one role on one table.
   *
   * @param table the table
   * @param role the role ({@code PUBLIC} for grants to everyone)
   * @param privilege UPDATE, DELETE or TRUNCATE
   * @param source where it comes from
   * @param via the role it comes through (VIA_ROLE, VIA_OWNER, PREDEFINED_ROLE), else empty
   * @param allowed whether the audit accepts it (break-glass role or its members, superusers, an owner that
   *     cannot log in or is a superuser anyway)
   */
  public record Holder(String table, String role, String privilege, Source source, String via, boolean allowed) {
    String describe() {
      String from = switch (source) {
        case DIRECT -> "granted directly";
        case PUBLIC -> "granted to PUBLIC (every role)";
        case VIA_ROLE -> "through membership of role " + via;
        case OWNER -> "as the table's owner, who may ALTER it and its triggers";
        case VIA_OWNER -> "through membership of the owner role " + via
            + ", which may ALTER the table and its triggers";
        case CREATEROLE -> "through CREATEROLE, which lets it grant itself membership of the owner role";
        case PREDEFINED_ROLE -> "through membership of " + via;
        case SUPERUSER -> "as a superuser";
        case OTHER -> "according to has_table_privilege";
      };
      return role + " can " + privilege + " " + table + " (" + from + ")";
    }
  }

  /** Whether no role but the accepted ones can rewrite the tables. */
  public boolean clean() {
    return offenders().isEmpty();
  }

  /** The holders the audit does not accept. */
  public List<Holder> offenders() {
    return holders.stream().filter(holder -> !holder.allowed()).toList();
  }

  /** The superusers among the holders, in order: they bypass every check and can skip the guard's triggers. */
  public List<String> superusers() {
    return holders.stream().filter(h -> h.source() == Source.SUPERUSER).map(Holder::role).distinct().toList();
  }

  /** The roles that hold rights the audit does not accept, in order. */
  public List<String> offendingRoles() {
    return offenders().stream().map(Holder::role).distinct().toList();
  }

  /**
   * The statements that leave write rights with the break-glass role only: revoking from the roles that hold
   * the grants (for rights through membership, the granted role), granting to the break-glass role, and, where
   * rights come from membership of the owner or of {@code pg_write_all_data}, from an owner that can log in, or
   * from {@code CREATEROLE}, the statements for those.
   */
  public List<String> fixStatements() {
    Set<String> grantees = new LinkedHashSet<>();
    Set<String> extra = new LinkedHashSet<>();
    for (Holder holder : offenders()) {
      switch (holder.source()) {
        case DIRECT, PUBLIC -> grantees.add(holder.role());
        case VIA_ROLE -> grantees.add(holder.via());
        case VIA_OWNER, PREDEFINED_ROLE -> extra.add("REVOKE " + holder.via() + " FROM " + holder.role());
        case OWNER -> extra.add("ALTER TABLE " + holder.table() + " OWNER TO <a role nobody logs in as>");
        case CREATEROLE -> extra.add("ALTER ROLE " + holder.role() + " NOCREATEROLE");
        case SUPERUSER, OTHER -> extra.add("-- " + holder.describe() + ": review this role by hand");
      }
    }
    List<String> out = new ArrayList<>();
    String onTables = " ON " + String.join(", ", tables);
    if (!grantees.isEmpty()) {
      out.add("REVOKE " + String.join(", ", PRIVILEGES) + onTables + " FROM " + String.join(", ", grantees));
    }
    if (!out.isEmpty() || !extra.isEmpty()) {
      out.add("GRANT " + String.join(", ", PRIVILEGES) + onTables + " TO " + breakGlassRole);
    }
    out.addAll(extra);
    return out;
  }

  /** What the audit found, for people: each right with its source, then the verdict and the fix. */
  public String summary() {
    StringBuilder out = new StringBuilder("Grants audit of " + String.join(", ", tables) + " (break-glass role "
        + breakGlassRole + "):\n");
    if (holders.isEmpty()) {
      out.append("  no role can UPDATE, DELETE or TRUNCATE them\n");
    }
    for (Holder holder : holders) {
      out.append(holder.allowed() ? "  ok    " : "  FAIL  ").append(holder.describe()).append('\n');
    }
    for (GuardAuditReport did : attempts) {
      out.append(String.join("\n", did.lines())).append('\n');
    }
    String risk = GuardAuditReport.standingRisk(superusers());
    if (!risk.isEmpty()) {
      out.append("  ").append(risk).append('\n');
    }
    if (clean()) {
      return out.append("Clean: only the break-glass role, superusers and the owner can rewrite history.").toString();
    }
    return out.append("Not clean: ").append(offendingRoles().stream().collect(Collectors.joining(", ")))
        .append(" can rewrite history in place. Leave those rights with the break-glass role:\n  ")
        .append(String.join(";\n  ", fixStatements())).append(';').toString();
  }
}
