package dev.backtestgate.lakehouse;

import java.time.Instant;

/**
 * One data file a commit added or removed, as any table format's log records it.
 *
 * @param partition the partition key, e.g. {@code day=2024-03-05}
 * @param validFrom the earliest valid time of the file's rows (from the partition value or the file statistics)
 * @param rows the file's live rows (a deletion vector's rows already subtracted)
 * @param added {@code true} for an added file, {@code false} for a removed one
 * @param dataChange {@code false} when the commit only rearranged rows (compaction, Z-order)
 */
record FileChange(String partition, Instant validFrom, long rows, boolean added, boolean dataChange) {}
