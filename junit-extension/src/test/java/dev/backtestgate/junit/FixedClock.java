package dev.backtestgate.junit;

import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Map;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Test-only: installs a fixed clock and an empty environment (no CI variables) as the run's
 * {@link RunEnvironment} before the first gated test, so no extension test depends on the wall clock. The
 * {@link GateKit} registers it for every fixture run (extension auto-detection, switched on only for the runs
 * the kit starts; {@code META-INF/services/org.junit.jupiter.api.extension.Extension} in the test sources).
 *
 * <pre>{@code
 * LocalDate today = FixedClock.TODAY;   // what the gate calls today in every fixture run
 * }</pre>
 */
public final class FixedClock implements BeforeAllCallback {
  /** The instant every fixture run sees as now: after every decision time the fixtures record. */
  static final Instant NOW = Instant.parse("2026-06-15T09:30:00Z");
  /** The gate's today in fixture runs. */
  static final LocalDate TODAY = LocalDate.ofInstant(NOW, ZoneOffset.UTC);

  private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(FixedClock.class);

  @Override
  public void beforeAll(ExtensionContext context) {
    // once per run: installing again would forget the gate ids the run has claimed
    context.getRoot().getStore(NAMESPACE).getOrComputeIfAbsent(FixedClock.class, key -> {
      RunEnvironment.install(context, Clock.fixed(NOW, ZoneOffset.UTC), Map.of());
      return Boolean.TRUE;
    });
  }
}
