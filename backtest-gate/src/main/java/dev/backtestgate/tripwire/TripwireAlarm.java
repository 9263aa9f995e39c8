package dev.backtestgate.tripwire;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.backtestgate.alarm.Alarm;
import dev.backtestgate.internal.CanonicalJson;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * What the model's owner hears when the tripwire trips ({@code offline-online-gap}) or could not check yet
 * ({@code tripwire-unchecked}, a warning): a small JSON for an endpoint ({@link dev.backtestgate.alarm.AlarmPoster})
 * or a callback. A look where production holds the claim raises none.
 *
 * <pre>{@code
 * TripwireResult result = Tripwire.check(claim, outcomes, Instant.now(), TripwireSettings.defaults());
 * Optional<TripwireAlarm> alarm = TripwireAlarm.of(result, trace == null ? null : trace.closing(), "tripwire.json");
 * alarm.ifPresent(owner);                                   // any Consumer<? super TripwireAlarm>, or an AlarmPoster
 * }</pre>
 *
 * @param gate the gate whose claim was checked
 * @param kind {@code offline-online-gap} or {@code tripwire-unchecked}
 * @param measurement what was measured ({@code null} when too few rows matured to measure)
 * @param closing the trace's closing sentence when it tripped, else the finding's headline
 * @param report where the full report is (the JSON or HTML file written), or {@code null} when none was written
 */
@API(status = EXPERIMENTAL, since = "0.3")
public record TripwireAlarm(String gate, String kind, Measurement measurement, String closing, String report)
    implements Alarm {
  /** Checks. */
  public TripwireAlarm {
    Objects.requireNonNull(gate, "gate");
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(closing, "closing");
  }

  /**
   * The alarm of {@code result}: one when it tripped or could not check, none when production holds the claim.
   *
   * @param closing the trace's closing sentence ({@code Trace.closing()}), or {@code null} for the finding's headline
   * @param report where the report is, or {@code null}
   */
  public static Optional<TripwireAlarm> of(TripwireResult result, String closing, String report) {
    Objects.requireNonNull(result, "result");
    if (result instanceof TripwireResult.Tripped tripped) {
      OfflineOnlineGap gap = tripped.finding();
      return Optional.of(new TripwireAlarm(gap.gate(), gap.kind(), gap.measurement(),
          closing == null ? gap.render().headline() : closing, report));
    }
    if (result instanceof TripwireResult.Unchecked unchecked) {
      TripwireUnchecked warning = unchecked.finding();
      return Optional.of(new TripwireAlarm(warning.gate(), warning.kind(), null, warning.render().headline(),
          report));
    }
    return Optional.empty();
  }

  /**
   * {@code {"gate", "kind", "statistic", "claimed", "live", "z", "boundary", "closing", "report"}}, canonical;
   * {@code claimed} and {@code live} are the lifts (or, with {@code "statistic": "candidate AUC"}, the candidate's
   * AUCs), null with the numbers when nothing was measured.
   */
  @Override
  public String json() {
    ObjectNode o = JsonNodeFactory.instance.objectNode();
    o.put("gate", gate);
    o.put("kind", kind);
    if (measurement == null) {
      o.putNull("statistic").putNull("claimed").putNull("live").putNull("z").putNull("boundary");
    } else {
      o.put("statistic", measurement.statistic().words());
      o.put("claimed", measurement.claimed());
      o.put("live", measurement.live());
      o.put("z", measurement.z());
      o.put("boundary", measurement.boundary());
    }
    o.put("closing", closing);
    o.put("report", report);
    return CanonicalJson.write(o);
  }

  /**
   * {@code tripwire offline-online-gap on churn-v7: claimed lift 0.184, live 0.043, z 10.10 against the boundary 3.57;
   * <closing>; report <path>}.
   */
  @Override
  public String describe() {
    String numbers = measurement == null ? "" : String.format(Locale.ROOT, ": claimed %s %.3f, live %.3f, z %.2f "
        + "against the boundary %.2f", measurement.statistic().words(), measurement.claimed(), measurement.live(),
        measurement.z(), measurement.boundary());
    return "tripwire " + kind + " on " + gate + numbers + "; " + closing + (report == null ? "" : "; report "
        + report);
  }
}
