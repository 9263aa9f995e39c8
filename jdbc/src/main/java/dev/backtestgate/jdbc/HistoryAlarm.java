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
 * One alarm of the {@link AppendOnlyGuard}: a rejected write to closed history, or a break-glass use, as the
 * guard's trigger announced it on {@link AppendOnlyGuard#CHANNEL}. {@link #json()} is the payload as sent, for
 * callbacks that forward it.
 *
 * @param table the table, {@code schema.name}
 * @param role the session user who tried
 * @param setRole the role set with {@code SET ROLE}, or {@code none}
 * @param operation {@code UPDATE}, {@code DELETE}, {@code TRUNCATE}, or a change to the guard's triggers
 * @param breakGlass true when the write went through under break glass, false when it was rejected
 * @param partition the UTC day of the row's valid-from, or null (TRUNCATE, trigger changes)
 * @param rows the rows this alarm covers (1 for a row), or null when the guard saw no row
 * @param time when the guard saw the attempt
 * @param auditId the attempt's row id in {@link AppendOnlyGuard#AUDIT_TABLE}
 * @param truncated null, or why some values were cut to fit PostgreSQL's 8,000-byte NOTIFY limit
 * @param json the payload as sent
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record HistoryAlarm(String table, String role, String setRole, String operation, boolean breakGlass,
    LocalDate partition, Long rows, Instant time, long auditId, String truncated, String json) {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** Requires the fields every alarm carries. */
  public HistoryAlarm {
    if (table == null || role == null || operation == null || time == null || json == null) {
      throw new IllegalArgumentException("a history alarm needs its table, role, operation, time and payload,"
          + " got table=" + table + ", role=" + role + ", operation=" + operation + ", time=" + time);
    }
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
      return new HistoryAlarm(text(node, "table"), text(node, "role"), text(node, "set_role"),
          text(node, "operation"), node.path("break_glass").asBoolean(false),
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

  /** One line for a log or a pager: who did what to which partition, and where the audit row is. */
  public String describe() {
    return (breakGlass ? "break glass: " : "rejected: ") + role + (setRole == null || setRole.equals("none") ? ""
        : " (as " + setRole + ")") + " ran " + operation + " on " + table
        + (partition == null ? "" : " in partition " + partition) + (rows == null ? "" : ", " + rows + " row(s)")
        + " at " + time + "; audit row " + auditId + " of " + AppendOnlyGuard.AUDIT_TABLE
        + (truncated == null ? "" : "; " + truncated);
  }
}
