package dev.backtestgate.cli.workflow;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.backtestgate.history.HistoryManifest;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The change-management record of one accepted history rewrite, committed beside the manifest: the ticket, the
 * reason, the reviewer, the date, the manifest it replaces (kept, so the rewrite can be rolled back), whether
 * the downstream owners were told, and the partitions whose history changed.
 *
 * @param table the manifest's table
 * @param manifest the committed manifest's path, relative to the module directory
 * @param ticket the change ticket
 * @param reason why the history was rewritten
 * @param reviewer who reviewed the new history
 * @param date when it was accepted
 * @param rollback the manifest it replaces, relative to the module directory, or {@code null} for a first one
 * @param announced whether the downstream owners were told
 * @param partitions the partitions added, removed or changed, in order
 * @param voidRecord the void record that withdrew the sign-offs of the backtests it reached, relative to the module
 *     directory, or {@code null} when it withdrew none
 */
@API(status = INTERNAL, since = "0.1")
public record HistoryChange(String table, String manifest, String ticket, String reason, String reviewer, LocalDate date,
    String rollback, boolean announced, List<String> partitions, String voidRecord) {
  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
  /** The longest ticket or reviewer the record takes. */
  static final int MAX_FIELD = 200;
  /** The longest reason the record takes. */
  static final int MAX_REASON = 2000;

  public HistoryChange {
    partitions = List.copyOf(partitions);
  }

  /**
   * What the goal was given, before it is checked.
   *
   * @param manifest the proposal (name or glob)
   * @param to the committed path, or null
   * @param reviewer who reviewed
   * @param ticket the change ticket
   * @param reason why
   * @param announced {@code true} or {@code false}
   * @param rollback the manifest to roll back to, relative to the module directory, or null
   */
  public record Request(String manifest, String to, String reviewer, String ticket, String reason, String announced,
      String rollback) {}

  /** The fields a request lacks or gets wrong, each with the parameter that fixes it; empty when complete. */
  static List<String> problems(Request r) {
    List<String> out = new ArrayList<>();
    text(out, r.reviewer(), "-Dreviewer=<who reviewed the new history>", MAX_FIELD, false);
    text(out, r.ticket(), "-Dticket=<the change ticket, e.g. DATA-1234>", MAX_FIELD, false);
    ticketId(out, r.ticket());
    text(out, r.reason(), "-Dreason=<why the history was rewritten>", MAX_REASON, true);
    String announced = r.announced() == null ? "" : r.announced().trim().toLowerCase(Locale.ROOT);
    if (!announced.equals("true") && !announced.equals("false")) {
      out.add("-Dannounced=true|false (whether the owners of the backtests below were told; got "
          + (r.announced() == null ? "nothing" : "'" + r.announced() + "'") + ")");
    }
    return out;
  }

  /**
   * A ticket is an id, never a path: the change record and the kept manifest are named after it, so a ticket with a
   * path separator or {@code ..} ({@code ../../x}) would look like it names files elsewhere.
   */
  private static void ticketId(List<String> out, String ticket) {
    if (ticket == null) {
      return;
    }
    List<String> held = new ArrayList<>();
    if (ticket.indexOf('/') >= 0) {
      held.add("'/'");
    }
    if (ticket.indexOf('\\') >= 0) {
      held.add("'\\'");
    }
    if (ticket.contains("..")) {
      held.add("'..'");
    }
    if (!held.isEmpty()) {
      out.add("-Dticket=<the change ticket, e.g. DATA-1234> (a ticket is an id, not a path: '" + ticket + "' holds "
          + String.join(" and ", held) + "; give the id as the tracker shows it)");
    }
  }

  private static void text(List<String> out, String value, String what, int max, boolean lineBreaks) {
    if (value == null || value.isBlank()) {
      out.add(what);
    } else if (value.length() > max) {
      out.add(what + " (at most " + max + " characters; got " + value.length() + ")");
    } else {
      ReviewWorkspace.refuseUnsafe(out, value, what, lineBreaks);
    }
  }

  /** The partitions added, removed or whose rows or hash changed between {@code before} and {@code after}. */
  static List<String> rewritten(HistoryManifest before, HistoryManifest after) {
    Map<String, HistoryManifest.Partition> old = new LinkedHashMap<>();
    if (before != null) {
      before.partitions().forEach(p -> old.put(p.partition(), p));
    }
    Set<String> out = new TreeSet<>();
    for (HistoryManifest.Partition p : after.partitions()) {
      HistoryManifest.Partition was = old.remove(p.partition());
      if (was == null || !was.equals(p)) {
        out.add(p.partition());
      }
    }
    out.addAll(old.keySet());
    return List.copyOf(out);
  }

  /** A file-name-safe form of the ticket. */
  String ticketSlug() {
    String slug = ticket.trim().replaceAll("[^A-Za-z0-9._-]+", "-").replaceAll("^[-.]+|-+$", "");
    return slug.isEmpty() ? "ticket" : slug.length() > 60 ? slug.substring(0, 60) : slug;
  }

  /** The record as committed JSON. */
  String json() {
    Map<String, Object> node = new LinkedHashMap<>();
    node.put("schema", "backtest-gate/history-change/1");
    node.put("table", table);
    node.put("manifest", manifest);
    node.put("ticket", ticket.trim());
    node.put("reason", reason.trim());
    node.put("reviewer", reviewer.trim());
    node.put("date", date.toString());
    node.put("rollback", rollback);
    node.put("announced", announced);
    node.put("partitions", partitions);
    node.put("voidRecord", voidRecord);
    try {
      return JSON.writeValueAsString(node) + "\n";
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot write the history change record: " + e.getMessage(), e);
    }
  }
}
