package dev.backtestgate.history;

import static org.apiguardian.api.API.Status.STABLE;

import dev.backtestgate.internal.Wording;
import java.util.List;
import org.apiguardian.api.API;

/**
 * One closed partition whose rows differ from the committed {@link HistoryManifest}.
 *
 * <pre>{@code
 * for (HistoryFinding finding : result.findings()) {
 *   if (finding instanceof HistoryFinding.Changed changed) {
 *     System.out.println(changed.partition() + ": " + changed.expectedRows() + " -> " + changed.actualRows());
 *   }
 * }
 * }</pre>
 */
@API(status = STABLE, since = "0.1")
public sealed interface HistoryFinding
    permits HistoryFinding.Changed, HistoryFinding.Vanished, HistoryFinding.Appeared, HistoryFinding.Rewritten {

  /** The partition key, e.g. {@code 2024-03-05}. */
  String partition();

  /** One sentence: which partition, what the manifest recorded, what the data holds now. */
  String describe();

  /** What happened to the partition, as reports name it: {@code changed}, {@code vanished} or {@code appeared}. */
  String change();

  /** Rows were edited, added or removed in place: the count or the content hash differs. */
  record Changed(String partition, long expectedRows, long actualRows, String expectedHash, String actualHash)
      implements HistoryFinding {
    @Override
    public String change() {
      return "changed";
    }

    @Override
    public String describe() {
      return "partition " + partition + " changed: the manifest recorded " + Wording.count(expectedRows)
          + " row(s) with hash "
          + expectedHash + ", the data now has " + Wording.count(actualRows) + " row(s) with hash " + actualHash;
    }
  }

  /** Every row the manifest recorded for the partition is gone (deleted, or re-stamped with a new recordedAt). */
  record Vanished(String partition, long expectedRows, String expectedHash) implements HistoryFinding {
    @Override
    public String change() {
      return "vanished";
    }

    @Override
    public String describe() {
      return "partition " + partition + " vanished: the manifest recorded " + Wording.count(expectedRows)
          + " row(s), the data now has none recorded before the manifest's cut-off";
    }
  }

  /**
   * A commit of the table's own log removed or rewrote rows of a partition that was already closed when it ran
   * (read from the log, not from a manifest).
   *
   * @param partition the partition key, e.g. {@code day=2024-03-05}
   * @param commit the commit that did it
   * @param rowsRemoved rows of the partition the commit removed (a rewritten row counts as removed and added)
   * @param rowsAdded rows the commit added to the partition
   * @param examples up to a few changed rows with their values before and after, where the table keeps its
   *     changed rows (Delta's change data feed); empty otherwise
   */
  record Rewritten(String partition, LogCommit commit, long rowsRemoved, long rowsAdded, List<String> examples)
      implements HistoryFinding {
    /** Copies the examples. */
    public Rewritten {
      examples = List.copyOf(examples);
    }

    @Override
    public String change() {
      return "rewritten";
    }

    @Override
    public String describe() {
      return "partition " + partition + " rewritten in place by " + commit.describe() + ": "
          + Wording.count(rowsRemoved) + " row(s) removed, " + Wording.count(rowsAdded) + " added"
          + (examples.isEmpty() ? "" : "; for example " + String.join("; ", examples));
    }
  }

  /** Rows appeared, with old recordedAt stamps, in a closed partition the manifest recorded as empty. */
  record Appeared(String partition, long actualRows, String actualHash) implements HistoryFinding {
    @Override
    public String change() {
      return "appeared";
    }

    @Override
    public String describe() {
      return "partition " + partition + " appeared: the manifest recorded no rows, the data now has "
          + Wording.count(actualRows) + " row(s) with hash " + actualHash;
    }
  }
}
