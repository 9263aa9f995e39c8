package dev.backtestgate.jdbc;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Instant;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import org.apiguardian.api.API;

/**
 * One alarm of the {@link AppendOnlyGuard}: a rejected write to closed history, a break-glass use, or rows inserted
 * into a closed day that the table does not declare as corrections, as the guard's triggers announced it on
 * {@link AppendOnlyGuard#CHANNEL}. {@link #json()} is the payload as sent, for callbacks that forward it.
 *
 * @param table the table, {@code schema.name}
 * @param owner who owns the table's history, as the guard was told ({@link AppendOnlyGuard#owner}), or null
 * @param role the session user who tried
 * @param setRole the role set with {@code SET ROLE}, or {@code none}
 * @param operation {@code UPDATE}, {@code DELETE}, {@code TRUNCATE}, {@code INSERT}, or a change to the guard's
 *     triggers
 * @param outcome {@code rejected}, {@code break-glass} (the write went through under break glass) or
 *     {@code backdated} (an INSERT into a closed day, committed)
 * @param partition the UTC day of the row's valid-from, or null (TRUNCATE, trigger changes)
 * @param rows the rows this alarm covers (1 for an UPDATE or DELETE, the day's rows for an INSERT), or null when the
 *     guard saw no row
 * @param time when the guard saw the attempt
 * @param auditId the attempt's row id in {@link AppendOnlyGuard#AUDIT_TABLE}
 * @param truncated null, or why some values were cut to fit PostgreSQL's 8,000-byte NOTIFY limit
 * @param json the payload as sent
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record HistoryAlarm(String table, String owner, String role, String setRole, String operation, String outcome,
    LocalDate partition, Long rows, Instant time, long auditId, String truncated, String json)
    implements dev.backtestgate.alarm.Alarm {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** Requires the fields every alarm carries. */
  public HistoryAlarm {
    if (table == null || role == null || operation == null || outcome == null || time == null || json == null) {
      throw new IllegalArgumentException("a history alarm needs its table, role, operation, outcome, time and"
          + " payload, got table=" + table + ", role=" + role + ", operation=" + operation + ", outcome=" + outcome
          + ", time=" + time);
    }
  }

  /** Whether the write went through under break glass. */
  public boolean breakGlass() {
    return "break-glass".equals(outcome);
  }

  /**
   * Reads a payload of the guard's NOTIFY.
   *
   * @throws IllegalArgumentException naming the payload when it is not one of the guard's alarms
   */
  public static HistoryAlarm parse(String payload) {
    try {
      JsonNode node = JSON.readTree(payload);
      if (node == null || !node.isObject()) {
        throw new IllegalArgumentException("not a JSON object");
      }
      return new HistoryAlarm(text(node, "table"), text(node, "owner"), text(node, "role"), text(node, "set_role"),
          text(node, "operation"), text(node, "outcome"),
          text(node, "partition") == null ? null : LocalDate.parse(text(node, "partition")),
          node.path("rows").isNumber() ? node.path("rows").asLong() : null,
          text(node, "time") == null ? null : Instant.parse(text(node, "time")),
          node.path("audit_id").asLong(-1), text(node, "truncated"), payload);
    } catch (JsonProcessingException | DateTimeParseException | IllegalArgumentException e) {
      String shown = payload == null ? "null" : payload.length() > 300 ? payload.substring(0, 300) + "..." : payload;
      throw new IllegalArgumentException("the notification on " + AppendOnlyGuard.CHANNEL + " is not an alarm of the"
          + " append-only guard (" + e.getMessage() + "): " + shown + "; the guard's trigger sends table, role,"
          + " operation and time; whatever sent this is not the guard, so look at who runs NOTIFY on this channel", e);
    }
  }

  private static String text(JsonNode node, String field) {
    JsonNode value = node.get(field);
    return value == null || value.isNull() ? null : value.asText();
  }

  /**
   * One line for a log or a pager: who did what to which partition, whose table it is, and where the audit row is.
   */
  public String describe() {
    String what = switch (outcome) {
      case "break-glass" -> "break glass: ";
      case "backdated" -> "backdated into closed history: ";
      default -> outcome + ": ";
    };
    return what + role + (setRole == null || setRole.equals("none") ? "" : " (as " + setRole + ")") + " ran "
        + operation + " on " + table + (partition == null ? "" : " in partition " + partition)
        + (rows == null ? "" : ", " + rows + " row(s)") + " at " + time
        + ("backdated".equals(outcome) ? ", not declared as corrections" : "")
        + (owner == null ? "" : "; owner " + owner) + "; audit row " + auditId + " of " + AppendOnlyGuard.AUDIT_TABLE
        + (truncated == null ? "" : "; " + truncated);
  }
}
