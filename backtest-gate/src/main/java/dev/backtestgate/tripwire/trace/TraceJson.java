package dev.backtestgate.tripwire.trace;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.backtestgate.review.SignOff;
import java.util.List;
import org.apiguardian.api.API;

/** A {@link Trace} as a JSON tree, for the tripwire's JSON report: every commit, every moved value. */
@API(status = EXPERIMENTAL, since = "0.3")
public final class TraceJson {
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private TraceJson() {}

  /** The tree of {@code trace}. */
  public static ObjectNode tree(Trace trace) {
    ObjectNode top = NODES.objectNode();
    ArrayNode carriers = top.putArray("liftCarried");
    for (SignOff.LiftCarried c : trace.carriers()) {
      ObjectNode o = carriers.addObject();
      o.put("feature", c.feature());
      o.put("carried", c.carried());
      o.putArray("carriedCi").add(c.carriedCi().get(0)).add(c.carriedCi().get(1));
    }
    ArrayNode skews = top.putArray("featureSkew");
    for (FeatureSkew s : trace.skews()) {
      ObjectNode o = skews.addObject();
      o.put("feature", s.feature());
      o.put("measure", s.measure());
      o.put("distance", s.distance());
      o.put("exact", s.exact());
      o.put("backtestRows", s.backtestRows());
      o.put("productionRows", s.productionRows());
      o.put("unreadable", s.unreadable());
      ArrayNode moved = o.putArray("moved");
      for (FeatureSkew.Moved m : s.moved()) {
        moved.addObject().put("value", m.value()).put("backtest", m.backtest()).put("production", m.production());
      }
    }
    ArrayNode notCompared = top.putArray("notCompared");
    trace.notCompared().forEach(notCompared::add);
    ArrayNode tables = top.putArray("tables");
    for (TableTrace t : trace.tables()) {
      ObjectNode o = tables.addObject();
      o.put("table", t.table());
      o.put("versionRead", t.versionRead());
      o.put("unreadable", t.unreadable());
      o.put("notHeld", t.notHeld());
      commits(o.putArray("rewroteBeforeRead"), t.rewroteBeforeRead());
      commits(o.putArray("since"), t.since());
      ArrayNode audit = o.putArray("guardAudit");
      t.guardAudit().forEach(audit::add);
      ArrayNode manifest = o.putArray("manifest");
      t.manifest().forEach(manifest::add);
    }
    ArrayNode reached = top.putArray("blastRadius");
    for (Reached r : trace.reached()) {
      ObjectNode o = reached.addObject().put("gate", r.gate()).put("table", r.table()).put("signOff", r.signOff());
      ArrayNode partitions = o.putArray("partitions");
      r.partitions().forEach(partitions::add);
    }
    top.put("blastRadiusNotChecked", trace.reachNotChecked());
    top.put("closing", trace.closing());
    return top;
  }

  private static void commits(ArrayNode into, List<TableTrace.Commit> commits) {
    for (TableTrace.Commit c : commits) {
      ObjectNode o = into.addObject().put("version", c.version()).put("time", c.time().toString())
          .put("operation", c.operation()).put("removed", c.removed()).put("added", c.added());
      o.put("unit", c.unit());
      ArrayNode partitions = o.putArray("partitions");
      c.partitions().forEach(partitions::add);
      ArrayNode examples = o.putArray("examples");
      c.examples().forEach(examples::add);
    }
  }
}
