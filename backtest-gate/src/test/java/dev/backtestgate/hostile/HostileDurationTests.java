package dev.backtestgate.hostile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.backtestgate.GatePolicy;
import dev.backtestgate.config.GateConfig;
import dev.backtestgate.screen.horizon.LabelHorizonSettings;
import dev.backtestgate.time.PointInTimeJoin;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Durations too long for epoch milliseconds, through every door a duration comes in by: each is refused naming the
 * setting by its name (never "long overflow"), with the longest allowed duration.
 */
class HostileDurationTests {
  private static final Duration TOO_LONG = Duration.ofSeconds(Long.MAX_VALUE);
  private static final Duration JUST_OVER = Duration.ofMillis(Long.MAX_VALUE).plusMillis(1);

  static Stream<Arguments> doors() {
    return Stream.of(
        Arguments.of("policy lag", "availability lag", (Consumer<Duration>) d ->
            GatePolicy.defaults().withAvailabilityLag(d)),
        Arguments.of("embargo settings", "embargo", (Consumer<Duration>) LabelHorizonSettings::new),
        Arguments.of("join lag", "availability lag", (Consumer<Duration>) d ->
            PointInTimeJoin.builder().availabilityLag(d)),
        Arguments.of("join ttl", "time-to-live", (Consumer<Duration>) d -> PointInTimeJoin.builder().ttl(d)),
        Arguments.of("join feature ttl", "time-to-live of 'balance'", (Consumer<Duration>) d ->
            PointInTimeJoin.builder().ttl("balance", d)),
        Arguments.of("configured lag", "backtestgate.availability-lag", (Consumer<Duration>) d ->
            configure("backtestgate.availability-lag", d)),
        Arguments.of("configured embargo", "backtestgate.embargo", (Consumer<Duration>) d ->
            configure("backtestgate.embargo", d)));
  }

  private static void configure(String key, Duration value) {
    GateConfig.resolve(k -> k.equals(key) ? Optional.of(value.toString()) : Optional.empty(), "test");
  }

  @ParameterizedTest(name = "{0}, {2}")
  @MethodSource("withLengths")
  void aDurationBeyondEpochMillisecondsIsRefusedByName(String door, String name, String length, Duration value,
      Consumer<Duration> use) {
    Throwable refused = catchThrowable(() -> use.accept(value));
    assertThat(refused).as(door).isInstanceOf(IllegalArgumentException.class);
    assertThat(refused.getMessage()).containsIgnoringCase(name).doesNotContainIgnoringCase("overflow")
        .contains(value.toString());
    Messages.assertPlain(refused.getMessage());
  }

  static Stream<Arguments> withLengths() {
    return doors().flatMap(a -> Stream.of(
        Arguments.of(a.get()[0], a.get()[1], "Long.MAX_VALUE seconds", TOO_LONG, a.get()[2]),
        Arguments.of(a.get()[0], a.get()[1], "one millisecond too long", JUST_OVER, a.get()[2])));
  }
}
