package dev.backtestgate.examples;

import dev.backtestgate.screen.futureread.FutureReadProbe;

/**
 * A backtest whose feature came from a feature function, with the probe that checks the function read no
 * further than each decision.
 *
 * <pre>{@code
 * ProbedBacktest b = CreditBacktests.standard().featureFunction(WorstStatusFunction.READS_THE_FUTURE);
 * Recorded.into(backtest, b.scored());
 * backtest.futureRead(b.probe());
 * }</pre>
 *
 * @param scored the scored backtest
 * @param probe the future-read probe of the feature function
 */
record ProbedBacktest(ScoredBacktest scored, FutureReadProbe probe) {}
