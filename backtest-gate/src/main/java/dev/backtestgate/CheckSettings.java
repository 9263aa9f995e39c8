package dev.backtestgate;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * The settings of one check, kept in a {@link GatePolicy} beside the gate's own limits and looked up by the check
 * that reads them ({@link GatePolicy#settings(CheckSettings)}). A policy holds at most one value per settings type
 * (an enum's constants share their enum's type); a check states its defaults, so a policy that was never told
 * about a check still runs it with them.
 *
 * <pre>{@code
 * record ExposureSettings(double maxShare) implements CheckSettings {
 *   static final ExposureSettings DEFAULTS = new ExposureSettings(0.2);
 * }
 * GatePolicy strict = GatePolicy.defaults().with(new ExposureSettings(0.1));
 * double limit = strict.settings(ExposureSettings.DEFAULTS).maxShare();   // 0.1
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public interface CheckSettings {}
