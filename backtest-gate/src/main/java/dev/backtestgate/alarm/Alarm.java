package dev.backtestgate.alarm;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/** Something an owner must hear: the JSON an endpoint receives, and one line for a log or a pager. */
@API(status = EXPERIMENTAL, since = "0.3")
public interface Alarm {
  /** The body POSTed to the owner's endpoint ({@code application/json}). */
  String json();

  /** One line for a log or a pager: what happened, where, and where to look. */
  String describe();
}
