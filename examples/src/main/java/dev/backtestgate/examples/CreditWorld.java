package dev.backtestgate.examples;

/**
 * A generated credit portfolio: accounts with their monthly statements, one credit-line review per
 * eligible account in 2024, and whether it defaulted in the 90 days after. Nothing here is stored in a
 * table yet: {@link StatementTable} and {@link StatusLog} are the two ways to store it.
 *
 * <pre>{@code
 * CreditWorld world = WorldGenerator.generate(WorldSpec.standard());
 * int rows = world.statements().size();
 * }</pre>
 *
 * @param spec what generated it
 * @param accounts the accounts
 * @param statements their statements
 */
record CreditWorld(WorldSpec spec, Accounts accounts, Statements statements) {

  /** True when the account was charged off by the time the backfill ran (it knows this, the past did not). */
  boolean chargedOffBeforeBackfill(int account) {
    return accounts.chargedOffAt()[account] <= Timeline.BACKFILL_AT;
  }
}
