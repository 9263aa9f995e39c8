/**
 * Configuration, in one home: every {@code backtestgate.*} key with its default, allowed values and parser (the
 * gate's own keys here, each check's keys from its {@code CheckProvider}), resolved into a {@code GatePolicy} and
 * the review and report directories. The JUnit extension and the Maven plugin both read their settings through
 * it. Depends on the root package and nothing else of ours.
 */
@API(status = EXPERIMENTAL, since = "0.1")
package dev.backtestgate.config;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;
