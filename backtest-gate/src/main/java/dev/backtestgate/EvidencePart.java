package dev.backtestgate;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.List;
import org.apiguardian.api.API;

/**
 * One check's share of {@link GateEvidence}: what the check needs to judge a backtest whose rows stayed where they
 * were computed (a point-in-time result per feature, the feature–label screen, the lift per period, a table's
 * history). The check's own package defines its part, computes it from a {@link BacktestRun}
 * ({@link CheckProvider#evidence}) and judges it ({@link CheckProvider#judge}); an engine such as Spark computes the
 * same part from its rows. The evidence keeps one part per class.
 *
 * <pre>{@code
 * record ExposureEvidence(double share) implements EvidencePart<ExposureEvidence> {
 *   public ExposureEvidence plus(ExposureEvidence later) { return later; }
 * }
 * GateEvidence evidence = base.with(new ExposureEvidence(0.2));
 * }</pre>
 *
 * @param <P> the part's own type
 */
@API(status = EXPERIMENTAL, since = "0.1")
public interface EvidencePart<P extends EvidencePart<P>> {
  /**
   * This part and a later one of the same class, as the evidence keeps them when a second is added: a list part
   * appends, a single-valued part refuses (throws {@link IllegalArgumentException} naming the part) or replaces.
   */
  P plus(P later);

  /**
   * What makes this part unfit for the rest of {@code evidence} (rows, features, names that disagree), each as a
   * sentence; empty when it fits. The evidence refuses to be built with a part that does not fit.
   */
  default List<String> problems(GateEvidence evidence) {
    return List.of();
  }

  /**
   * The check settings this part was computed under (its check's {@link CheckSettings} values, as the policy held
   * them when the part was computed): the gate refuses to judge a part under other settings. When the policy it is
   * judged under holds another value of one of these types, {@code BacktestGate.evaluate(evidence, ...)} reports a
   * failing {@code check-failed} ("evidence") naming the part, both values and the keys that set them: a part computed
   * under one threshold and judged under another would be judged wrong without a word. None by default: a part that
   * reads no setting.
   */
  default List<CheckSettings> computedUnder() {
    return List.of();
  }

  /**
   * The tables whose history this part declares, for the run's summary, with the partitions of the decisions
   * between {@code earliest} and {@code latest} (either may be {@code null}: not known); none by default.
   */
  default List<RunSummary.HistoryTable> tables(java.time.Instant earliest, java.time.Instant latest) {
    return List.of();
  }
}
