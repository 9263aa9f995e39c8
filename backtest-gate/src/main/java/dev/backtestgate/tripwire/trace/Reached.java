package dev.backtestgate.tripwire.trace;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.List;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * Another backtest in the blast radius: its latest report (and so its claim and sign-off) declares a table this trace
 * found rewritten, and its data overlaps the rewritten partitions.
 *
 * @param gate its gate id
 * @param table the rewritten table
 * @param partitions the rewritten partitions its data overlaps
 * @param signOff its sign-off status as the report gives it ({@code covers}, {@code missing}, ...)
 */
@API(status = EXPERIMENTAL, since = "0.3")
public record Reached(String gate, String table, List<String> partitions, String signOff) {
  /** Checks and copies. */
  public Reached {
    Objects.requireNonNull(gate, "gate");
    Objects.requireNonNull(table, "table");
    Objects.requireNonNull(signOff, "signOff");
    partitions = List.copyOf(partitions);
  }
}
