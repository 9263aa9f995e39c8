package dev.backtestgate.examples;

/**
 * How big the generated credit world is and which seed draws it. The same spec always generates the same
 * world, bit for bit: no wall clock, no hash order, no threads.
 *
 * <pre>{@code
 * CreditWorld world = WorldGenerator.generate(WorldSpec.standard());        // 50,000 accounts
 * CreditWorld small = WorldGenerator.generate(new WorldSpec(2_000, 7L));     // for unit tests
 * }</pre>
 *
 * @param accounts how many accounts to open (each gets about 35 monthly statements)
 * @param seed the random seed
 */
record WorldSpec(int accounts, long seed) {
  /** The standard world of the gated backtests: 50,000 accounts, about 1.6 million statements. */
  static final int STANDARD_ACCOUNTS = 50_000;
  static final long STANDARD_SEED = 20_240_101L;

  /** Rejects a world too small to hold a single default or too large for int row indexes. */
  WorldSpec {
    if (accounts < 100 || accounts > 2_000_000) {
      throw new IllegalArgumentException("a world of " + accounts + " accounts: use 100 to 2,000,000 accounts "
          + "(fewer has too few defaults to measure, more overflows the int row index of the statements).");
    }
  }

  /** The world every gated backtest and the demo use; its sign-off is bound to exactly this data. */
  static WorldSpec standard() {
    return new WorldSpec(STANDARD_ACCOUNTS, STANDARD_SEED);
  }
}
