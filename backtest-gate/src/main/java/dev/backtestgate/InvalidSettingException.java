package dev.backtestgate;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * A configured value that is not allowed. The message names the key, the value, where it came from, the allowed
 * values and the default, so the fix is in the message.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class InvalidSettingException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  private final String key;

  InvalidSettingException(Setting<?> setting, String value, String source) {
    super("Invalid leakage gate setting " + setting.key() + ": '" + value + "' (from the " + source + "). Allowed: "
        + setting.allowed() + "." + (setting.defaultValue() == null ? " Fix the value."
            : " Fix the value, or remove it to use the default (" + setting.defaultValue() + ")."));
    this.key = setting.key();
  }

  /** The key whose value is not allowed. */
  public String key() {
    return key;
  }
}
