package dev.backtestgate;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.List;
import java.util.function.Function;
import org.apiguardian.api.API;

/**
 * One check of a backtest: it reads the run and the policy and returns what it found. The gate runs its
 * built-in checks (lift, perfect AUC, point in time, late writes, rewritten history, decision times) and the
 * checks added to a run ({@link BacktestRun.Builder#check(Check)}) the same way; a check that throws becomes a
 * failing {@code check-failed} finding, so the gate never passes because something went wrong.
 *
 * <pre>{@code
 * Check enoughDefaults = new Check() {
 *   public String name() { return "enough defaults"; }
 *   public List<Finding> run(CheckContext c) {
 *     return c.run().positives() >= 100 ? List.of() : List.of(new TooFewDefaults(c.run().positives()));
 *   }
 * };
 * BacktestRun run = BacktestRun.builder(id) ... .check(enoughDefaults).build();
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public interface Check {
  /** A short name for messages, e.g. {@code point in time of 'balance'}: "The NAME check could not run". */
  String name();

  /**
   * What this check finds in the run; empty when all is well.
   *
   * @throws RuntimeException when the check cannot run: the gate reports it as a failing finding
   */
  List<? extends Finding> run(CheckContext context);

  /**
   * A check from a name and a function, e.g. {@code Check.of("enough defaults", c -> ...)}.
   *
   * @param name for messages, see {@link #name()}
   * @param body what {@link #run} returns
   */
  static Check of(String name, Function<CheckContext, ? extends List<? extends Finding>> body) {
    return new Check() {
      @Override
      public String name() {
        return name;
      }

      @Override
      public List<? extends Finding> run(CheckContext context) {
        return body.apply(context);
      }

      @Override
      public String toString() {
        return "Check[" + name + "]";
      }
    };
  }
}
