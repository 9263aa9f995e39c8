package dev.backtestgate.cli.workflow;

import static org.assertj.core.api.Assertions.assertThat;

import dev.backtestgate.junit.BacktestGateConfig;
import org.junit.jupiter.api.Test;

/**
 * The plugin reads some {@code backtestgate.*} keys itself. It cannot depend on the JUnit extension (a Maven plugin's
 * class path carries no JUnit), so it names them in its own constants; these tests hold those constants to the
 * extension's list, so that a {@code -D} given to Maven for the plugin never fails the gated tests as an unknown key,
 * and the two read a directory setting under the same name.
 */
class PluginKeysTests {
  @Test
  void theSkipFlagIsAKeyTheExtensionKnowsAndIgnores() {
    assertThat(CheckMessages.SKIP_PROPERTY).isEqualTo(BacktestGateConfig.CHECK_SKIP);
    assertThat(BacktestGateConfig.PLUGIN_KEYS).contains(CheckMessages.SKIP_PROPERTY);
    assertThat(BacktestGateConfig.keys()).doesNotContain(CheckMessages.SKIP_PROPERTY);
  }

  @Test
  void theDirectoryKeysAreTheExtensions() {
    assertThat(ProjectDirectories.REPORT_DIR_KEY).isEqualTo(BacktestGateConfig.REPORT_DIR);
    assertThat(ProjectDirectories.REVIEW_DIR_KEY).isEqualTo(BacktestGateConfig.REVIEW_DIR);
    assertThat(BacktestGateConfig.defaults().get(BacktestGateConfig.REPORT_DIR)).isEqualTo("target/backtest-gate");
    assertThat(BacktestGateConfig.defaults().get(BacktestGateConfig.REVIEW_DIR)).isEqualTo("leakage-reviews");
  }
}
