package dev.backtestgate.spark;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.spark.ml.Estimator;
import org.apache.spark.ml.Pipeline;
import org.apache.spark.ml.PipelineStage;
import org.apache.spark.ml.feature.VectorAssembler;
import org.apache.spark.ml.param.Param;
import org.apache.spark.ml.param.ParamMap;

/**
 * How a refit without one feature is made from a Spark ML {@code Pipeline}: the stages are followed from the
 * declared feature columns through every stage's {@code inputCol(s)} to its {@code outputCol(s)}, so each column
 * knows the features it is derived from; the one {@code VectorAssembler} then loses, in a copy of the pipeline, the
 * input columns derived from the feature dropped. Every other stage is the user's own, unchanged.
 */
final class AssemblerDrop {
  private final Pipeline pipeline;
  private final int assembler;
  private final List<String> inputs;
  private final Map<String, Set<String>> derivedFrom;

  private AssemblerDrop(Pipeline pipeline, int assembler, List<String> inputs, Map<String, Set<String>> derivedFrom) {
    this.pipeline = pipeline;
    this.assembler = assembler;
    this.inputs = inputs;
    this.derivedFrom = derivedFrom;
  }

  /**
   * The plan for {@code features}.
   *
   * @throws IllegalArgumentException when the estimator is not a {@code Pipeline} with exactly one
   *     {@code VectorAssembler} among its stages, a feature reaches none of the assembler's inputs (the pipeline does
   *     not read it), or an input derives from no declared feature (the pipeline reads an undeclared column)
   */
  static AssemblerDrop plan(Estimator<?> estimator, List<String> features) {
    String how = " To refit without each feature, the gate copies the pipeline and sets its VectorAssembler's "
        + "input columns without the columns derived from that feature.";
    if (!(estimator instanceof Pipeline pipeline)) {
      throw new IllegalArgumentException("the estimator is a " + estimator.getClass().getSimpleName() + ", not a "
          + "Spark ML Pipeline, so the gate cannot find where to drop one of its " + features.size() + " features "
          + features + "." + how + " Wrap the stages in a Pipeline ending in a VectorAssembler and the model.");
    }
    PipelineStage[] stages = pipeline.getStages();
    Map<String, Set<String>> derivedFrom = new LinkedHashMap<>();
    for (String f : features) {
      derivedFrom.put(f, new LinkedHashSet<>(List.of(f)));
    }
    int found = -1;
    for (int i = 0; i < stages.length; i++) {
      PipelineStage stage = stages[i];
      if (stage instanceof Pipeline) {
        throw new IllegalArgumentException("stage " + i + " of the pipeline is itself a Pipeline: the gate follows "
            + "the feature columns through one flat list of stages." + how + " Put the inner pipeline's stages in "
            + "the outer one.");
      }
      if (stage instanceof VectorAssembler) {
        if (found >= 0) {
          throw new IllegalArgumentException("the pipeline has two VectorAssemblers (stages " + found + " and " + i
              + "), so the gate cannot tell which to drop a feature from." + how + " Assemble the features once.");
        }
        found = i;
      }
      List<String> in = columns(stage, "inputCol", "inputCols");
      List<String> out = columns(stage, "outputCol", "outputCols");
      if (in.size() == out.size()) {   // one output per input (StringIndexer, OneHotEncoder, Imputer ...)
        for (int k = 0; k < in.size(); k++) {
          derivedFrom.put(out.get(k), new LinkedHashSet<>(derivedFrom.getOrDefault(in.get(k), Set.of())));
        }
      } else {
        Set<String> all = new LinkedHashSet<>();
        in.forEach(c -> all.addAll(derivedFrom.getOrDefault(c, Set.of())));
        out.forEach(c -> derivedFrom.put(c, new LinkedHashSet<>(all)));
      }
    }
    if (found < 0) {
      throw new IllegalArgumentException("the pipeline's stages " + names(stages) + " hold no VectorAssembler, so "
          + "the gate cannot find where to drop one of its features " + features + "." + how + " Assemble the "
          + "feature columns with a VectorAssembler stage.");
    }
    List<String> inputs = List.of(((VectorAssembler) stages[found]).getInputCols());
    List<String> unread = new ArrayList<>();
    for (String f : features) {
      if (inputs.stream().noneMatch(c -> derivedFrom.getOrDefault(c, Set.of()).contains(f))) {
        unread.add(f);
      }
    }
    List<String> undeclared = inputs.stream().filter(c -> derivedFrom.getOrDefault(c, Set.of()).isEmpty()).toList();
    if (!unread.isEmpty() || !undeclared.isEmpty()) {
      throw new IllegalArgumentException("the pipeline's features do not match the columns its VectorAssembler reads "
          + inputs + ": "
          + (unread.isEmpty() ? "" : "declared and not read (not an assembler input, nor a stage's output from one): "
              + unread + (undeclared.isEmpty() ? "" : "; "))
          + (undeclared.isEmpty() ? "" : "read and derived from no declared feature: " + undeclared)
          + ". Declare exactly the columns the pipeline takes, each once, in SparkPipeline.of(...).");
    }
    return new AssemblerDrop(pipeline, found, inputs, derivedFrom);
  }

  /** A copy of the pipeline whose assembler reads every input but those derived from {@code feature}. */
  Pipeline without(String feature) {
    PipelineStage[] stages = pipeline.getStages().clone();
    String[] kept = inputs.stream().filter(c -> !derivedFrom.get(c).contains(feature)).toArray(String[]::new);
    stages[assembler] = ((VectorAssembler) stages[assembler].copy(ParamMap.empty())).setInputCols(kept);
    return pipeline.copy(ParamMap.empty()).setStages(stages);
  }

  /** The assembler's inputs derived from {@code feature}, for the docs and the tests. */
  List<String> removed(String feature) {
    return inputs.stream().filter(c -> derivedFrom.get(c).contains(feature)).toList();
  }

  @SuppressWarnings("unchecked")
  private static List<String> columns(PipelineStage stage, String one, String many) {
    List<String> out = new ArrayList<>();
    if (stage.hasParam(one)) {
      Param<Object> p = (Param<Object>) stage.getParam(one);
      if (stage.isDefined(p) && stage.getOrDefault(p) instanceof String s) {
        out.add(s);
      }
    }
    if (stage.hasParam(many)) {
      Param<Object> p = (Param<Object>) stage.getParam(many);
      if (stage.isDefined(p) && stage.getOrDefault(p) instanceof String[] a) {
        out.addAll(Arrays.asList(a));
      }
    }
    return out;
  }

  private static String names(PipelineStage[] stages) {
    return Arrays.stream(stages).map(s -> s.getClass().getSimpleName()).toList().toString();
  }
}
