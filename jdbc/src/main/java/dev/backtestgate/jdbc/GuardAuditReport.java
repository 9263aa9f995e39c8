package dev.backtestgate.jdbc;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apiguardian.api.API;

/**
 * Who did write, or try to write, a guarded table's closed history since a time: the rejected attempts, the
 * break-glass uses and the inserts backdated into closed days the {@link AppendOnlyGuard} recorded, per role and operation, as read by
 * {@link GuardAudit#report}. The grants audit says who <em>can</em> write; this says who <em>did</em>.
 *
 * @param table the table, {@code schema.name} as the audit records it
 * @param since the start of the period read
 * @param uses per (role, outcome, operation), roles in order
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record GuardAuditReport(String table, Instant since, List<Use> uses, List<String> superusers) {
  /** Copies the lists. */
  public GuardAuditReport {
    uses = List.copyOf(uses);
    superusers = List.copyOf(superusers);
  }

  /** A report that names no superuser (one read without the roles). */
  public GuardAuditReport(String table, Instant since, List<Use> uses) {
    this(table, since, uses, List.of());
  }

  /**
   * The standing risk no grant removes, as one sentence: the superusers named can still rewrite closed history with
   * no audit row, because {@code SET session_replication_role = replica} skips every trigger, the guard's included.
   * Empty when {@code superusers} is.
   */
  static String standingRisk(List<String> superusers) {
    return superusers.isEmpty() ? "" : "Standing risk: superuser" + (superusers.size() == 1 ? " " : "s ")
        + String.join(", ", superusers) + " can rewrite closed history with no audit row (SET "
        + "session_replication_role = replica skips every trigger, the guard's included); no grant prevents it: keep "
        + "superuser logins for emergencies, and log them.";
  }


  /**
   * One role's attempts of one operation with one outcome.
   *
   * @param role the session user
   * @param outcome {@code rejected}, {@code break-glass} (written under break glass) or {@code backdated} (rows
   *     inserted into a closed day, not declared as corrections)
   * @param operation UPDATE, DELETE, TRUNCATE, INSERT or a change to a guard trigger
   * @param attempts how many audit rows (one per row written under break glass; one per rejected statement; one per
   *     day of each backdating statement)
   * @param rows how many rows they name
   * @param partitions the UTC days of valid-from the rows belong to, in order
   * @param first the first attempt in the period
   * @param last the last attempt in the period
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  public record Use(String role, String outcome, String operation, long attempts, long rows,
      List<LocalDate> partitions, Instant first, Instant last) {
    /** Copies the list. */
    public Use {
      partitions = List.copyOf(partitions);
    }

    /** Whether these writes went through under break glass. */
    public boolean breakGlass() {
      return "break-glass".equals(outcome);
    }

    /** One line: who, what, how often, which partitions, when. */
    public String describe() {
      String label = switch (outcome) {
        case "break-glass" -> "break glass  ";
        case "backdated" -> "backdated    ";
        default -> String.format(Locale.ROOT, "%-13s", outcome);
      };
      return label + role + " " + operation + ", " + attempts + " attempt(s), " + rows + " row(s)"
          + (partitions.isEmpty() ? "" : " in partitions " + partitionRanges(partitions)) + ", "
          + (first.equals(last) ? "at " + first : first + " to " + last)
          + ("backdated".equals(outcome) ? ", not declared as corrections" : "");
    }
  }

  /** The break-glass uses. */
  public List<Use> breakGlassUses() {
    return uses.stream().filter(Use::breakGlass).toList();
  }

  /** The roles that used break glass, in order. */
  public List<String> breakGlassRoles() {
    return breakGlassUses().stream().map(Use::role).distinct().toList();
  }

  /** One line per use, after a heading. */
  public List<String> lines() {
    List<String> out = new ArrayList<>();
    out.add("Who wrote or tried to write closed history of " + table + " since " + since + " (from "
        + AppendOnlyGuard.AUDIT_TABLE + "):");
    if (uses.isEmpty()) {
      out.add("  nobody: no rejected attempt, no break-glass use and no backdated insert");
    }
    for (Use use : uses) {
      out.add("  " + use.describe());
    }
    if (!superusers.isEmpty()) {
      out.add("  " + standingRisk(superusers));
    }
    return out;
  }

  /** Consecutive days as {@code first..last}, separated by commas. */
  static String partitionRanges(List<LocalDate> days) {
    List<String> parts = new ArrayList<>();
    int i = 0;
    while (i < days.size()) {
      int j = i;
      while (j + 1 < days.size() && days.get(j + 1).equals(days.get(j).plusDays(1))) {
        j++;
      }
      parts.add(i == j ? days.get(i).toString() : days.get(i) + ".." + days.get(j));
      i = j + 1;
    }
    return String.join(", ", parts);
  }
}
