package dev.backtestgate.examples;

import dev.backtestgate.GateEvidence;
import dev.backtestgate.GatePolicy;
import dev.backtestgate.pipeline.PipelineRows;
import dev.backtestgate.spark.SparkGateEvidence;
import dev.backtestgate.spark.SparkPipeline;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.spark.ml.Pipeline;
import org.apache.spark.ml.PipelineModel;
import org.apache.spark.ml.PipelineStage;
import org.apache.spark.ml.classification.GBTClassifier;
import org.apache.spark.ml.feature.StringIndexer;
import org.apache.spark.ml.feature.VectorAssembler;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/**
 * The credit world's pipeline stories with the model in Spark ML ({@code local[2]}, the session the Spark examples
 * share): a {@code StringIndexer} + {@code TargetEncoder} ({@link TargetEncoding}) + {@code VectorAssembler} + {@code GBTClassifier} pipeline,
 * handed to the gate as {@link SparkPipeline} with the training DataFrame; the gate refits it on Spark. Kept small (a
 * sample of {@value #TRAINING_ROWS} training and {@value #TEST_ROWS} test reviews, {@value #TREES} trees) so the
 * refits take seconds on two cores.
 *
 * <ul>
 *   <li>{@link #fittedBeforeTheSplit}: the indexers and the employer's target encoding fitted on every review, the
 *       test period's outcomes included, before the split (the pattern of XGBoost4J-Spark's tutorial, which fits its
 *       {@code StringIndexer} on the whole input); the model then trained on the training rows. {@code fit-scope}.
 *   <li>{@link #fittedOnTheTrainingRows}: the same pipeline fitted on the training rows alone. Passes.
 *   <li>{@link #backfilledStatus}: the seed story's silently backfilled statement table read by the same kind of
 *       pipeline (status indexed, no employer): the lift attribution names the carrier.
 * </ul>
 */
final class SparkMlCredit {
  static final int TRAINING_ROWS = 3_000;
  static final int TEST_ROWS = 2_000;
  static final int TREES = 8;
  static final String CANDIDATE = "spark-gbt-status-employer";
  static final String CANDIDATE_BACKFILL = "spark-gbt-status-history";
  private static final String EMPLOYER = XgbPipelines.EMPLOYER;

  private SparkMlCredit() {}

  /** The leaky variant: indexers and target encoding fitted on all rows before the split. */
  static GateEvidence fittedBeforeTheSplit(String gateId, GatePolicy policy) {
    Story s = Encoded.STORY;
    Dataset<Row> all = s.training.drop("rowId").unionByName(s.testRows.drop("rowId", "decidedAt"));
    PipelineModel prepared = new Pipeline().setStages(preparation(true)).fit(all);   // the leak: before the split
    PipelineModel model = new Pipeline().setStages(new PipelineStage[] {assembler(true), trees()})
        .fit(prepared.transform(s.training));
    double[] scores = scores(model.transform(prepared.transform(s.testRows)), s.labels.length);
    return s.evidence(gateId, policy, CANDIDATE, scores, encoded());
  }

  /** The honest twin: the same pipeline, every stage fitted on the training rows alone. */
  static GateEvidence fittedOnTheTrainingRows(String gateId, GatePolicy policy) {
    Story s = Encoded.STORY;
    double[] scores = scores(encoded().fit(s.training).transform(s.testRows), s.labels.length);
    return s.evidence(gateId, policy, CANDIDATE, scores, encoded());
  }

  /** The backfilled statement table, fitted honestly: the cleaned status history carries the lift. */
  static GateEvidence backfilledStatus(String gateId, GatePolicy policy) {
    Story s = Backfill.STORY;
    double[] scores = scores(plain().fit(s.training).transform(s.testRows), s.labels.length);
    return s.evidence(gateId, policy, CANDIDATE_BACKFILL, scores, plain());
  }

  /** StringIndexers on status and employer, the employer's index target-encoded (with {@code employer}). */
  private static PipelineStage[] preparation(boolean employer) {
    List<PipelineStage> stages = new ArrayList<>();
    stages.add(new StringIndexer().setInputCol(SourceFeatures.STATUS).setOutputCol("status_idx")
        .setHandleInvalid("keep"));
    if (employer) {
      stages.add(new StringIndexer().setInputCol(EMPLOYER).setOutputCol("employer_idx").setHandleInvalid("keep"));
      stages.add(new TargetEncoding().setInputCols(new String[] {"employer_idx"})
          .setOutputCols(new String[] {"employer_te"})
          .setLabelCol("defaulted").setTargetType("binary").setSmoothing(1.0).setHandleInvalid("keep"));
    }
    return stages.toArray(PipelineStage[]::new);
  }

  private static VectorAssembler assembler(boolean employer) {
    List<String> inputs = new ArrayList<>(List.of("status_idx", SourceFeatures.WORST_STATUS, SourceFeatures.BALANCE));
    if (employer) {
      inputs.add("employer_te");
    }
    return new VectorAssembler().setInputCols(inputs.toArray(String[]::new)).setOutputCol("features");
  }

  private static GBTClassifier trees() {
    return new GBTClassifier().setLabelCol("defaulted").setFeaturesCol("features").setMaxIter(TREES).setMaxDepth(3)
        .setSeed(7);
  }

  // tag::spark-ml-pipeline[]
  /** The challenger's pipeline, unfitted: what the backtest hands the gate. */
  static Pipeline encoded() {
    return new Pipeline().setStages(new PipelineStage[] {
        new StringIndexer().setInputCol("status").setOutputCol("status_idx").setHandleInvalid("keep"),
        new StringIndexer().setInputCol("employer").setOutputCol("employer_idx").setHandleInvalid("keep"),
        new TargetEncoding().setInputCols(new String[] {"employer_idx"}).setOutputCols(new String[] {"employer_te"})
            .setLabelCol("defaulted").setTargetType("binary").setSmoothing(1.0).setHandleInvalid("keep"),
        new VectorAssembler().setInputCols(new String[] {"status_idx", "worst_status_12m", "balance",
            "employer_te"}).setOutputCol("features"),
        new GBTClassifier().setLabelCol("defaulted").setMaxIter(8).setMaxDepth(3).setSeed(7)});
  }
  // end::spark-ml-pipeline[]

  private static Pipeline plain() {
    List<PipelineStage> stages = new ArrayList<>(List.of(preparation(false)));
    stages.add(assembler(false));
    stages.add(trees());
    return new Pipeline().setStages(stages.toArray(PipelineStage[]::new));
  }

  private static double[] scores(Dataset<Row> scored, int rows) {
    double[] out = new double[rows];
    for (Row r : scored.select(org.apache.spark.sql.functions.col("rowId"), org.apache.spark.ml.functions
        .vector_to_array(org.apache.spark.sql.functions.col("probability"), "float64").getItem(1)).collectAsList()) {
      out[r.getInt(0)] = r.getDouble(1);
    }
    return out;
  }

  /** The sampled rows of one story as DataFrames, and what the evidence needs of the test rows. */
  private static final class Story {
    final Dataset<Row> training;
    final Dataset<Row> testRows;
    final boolean[] labels;
    final long[] decided;
    final double[] baseline;
    final String baselineName;
    final Map<String, long[]> knownAt;
    final List<String> features;
    final int[] rows;

    Story(PipelineBacktest backtest) {
      SparkSession spark = SparkCredit.session();
      ScoredBacktest scored = backtest.scored();
      PipelineRows train = backtest.training();
      features = train.featureNames();
      int[] trainRows = sample(train.rows(), TRAINING_ROWS);
      rows = sample(scored.labels().length, TEST_ROWS);
      training = frame(spark, features, trainRows, f -> train.column(train.featureNames().indexOf(f)),
          train.labels(), null);
      labels = new boolean[rows.length];
      decided = new long[rows.length];
      baseline = new double[rows.length];
      for (int k = 0; k < rows.length; k++) {
        labels[k] = scored.labels()[rows[k]];
        decided[k] = scored.decisionTimes()[rows[k]];
        baseline[k] = scored.baselineScores()[rows[k]];
      }
      baselineName = scored.baseline();
      knownAt = new java.util.TreeMap<>();
      scored.knownAt().forEach((f, times) -> {
        if (features.contains(f)) {
          long[] t = new long[rows.length];
          for (int k = 0; k < rows.length; k++) {
            t[k] = times[rows[k]];
          }
          knownAt.put(f, t);
        }
      });
      testRows = frame(spark, features, rows, f -> scored.featureValues().get(f), scored.labels(), decided);
    }

    /** Every {@code n / size}-th row: the sample spans the whole period. */
    private static int[] sample(int n, int size) {
      int take = Math.min(n, size);
      int[] out = new int[take];
      for (int k = 0; k < take; k++) {
        out[k] = (int) ((long) k * n / take);
      }
      return out;
    }

    /**
     * The rows as Spark ML reads them: {@code rowId}, {@code defaulted} as a double 0.0/1.0 (Spark ML's labels),
     * status and employer as strings (a missing status as "missing"), the numeric columns as they are.
     */
    private static Dataset<Row> frame(SparkSession spark, List<String> features, int[] rows,
        java.util.function.Function<String, double[]> column, boolean[] labels, long[] decided) {
      StructType schema = new StructType().add("rowId", DataTypes.IntegerType).add("defaulted", DataTypes.DoubleType);
      for (String f : features) {
        schema = schema.add(f, categorical(f) ? DataTypes.StringType : DataTypes.DoubleType);
      }
      if (decided != null) {
        schema = schema.add("decidedAt", DataTypes.LongType);
      }
      List<double[]> columns = features.stream().map(column).toList();
      List<Row> out = new ArrayList<>();
      for (int k = 0; k < rows.length; k++) {
        List<Object> v = new ArrayList<>(List.of(k, labels[rows[k]] ? 1.0 : 0.0));
        for (int c = 0; c < features.size(); c++) {
          double x = columns.get(c)[rows[k]];
          v.add(categorical(features.get(c)) ? (Double.isNaN(x) ? "missing" : features.get(c).charAt(0) + ""
              + (long) x) : x);
        }
        if (decided != null) {
          v.add(decided[k]);
        }
        out.add(RowFactory.create(v.toArray()));
      }
      return spark.createDataFrame(out, schema);
    }

    private static boolean categorical(String feature) {
      return feature.equals(SourceFeatures.STATUS) || feature.equals(EMPLOYER);
    }

    /** The Spark evidence: the test rows with the recorded scores and the baseline, the pipeline handed over. */
    GateEvidence evidence(String gateId, GatePolicy policy, String candidate, double[] scores, Pipeline estimator) {
      List<Row> out = new ArrayList<>();
      for (int k = 0; k < rows.length; k++) {
        out.add(RowFactory.create(k, scores[k], baseline[k]));
      }
      Dataset<Row> recorded = SparkCredit.session().createDataFrame(out, new StructType()
          .add("rowId", DataTypes.IntegerType).add("candidate", DataTypes.DoubleType)
          .add("baseline", DataTypes.DoubleType));
      Dataset<Row> test = testRows.join(recorded, "rowId");
      for (Map.Entry<String, long[]> e : knownAt.entrySet()) {
        test = test.join(knownAtFrame(e.getKey(), e.getValue()), "rowId");
      }
      SparkGateEvidence.Builder b = SparkGateEvidence.builder(test).gate(gateId).policy(policy)
          .labels("defaulted").candidate(candidate, "candidate").baseline(baselineName, "baseline")
          .rows("rowId", "decidedAt")
          .pipeline(SparkPipeline.of(estimator, training, "defaulted", "rowId", features.toArray(String[]::new)));
      for (String f : features) {
        if (knownAt.containsKey(f)) {
          b.feature(f, f + "_knownAt");
        } else {
          b.timelessFeature(f, "set once at account opening");
        }
      }
      return b.compute();
    }

    private Dataset<Row> knownAtFrame(String feature, long[] times) {
      List<Row> out = new ArrayList<>();
      for (int k = 0; k < times.length; k++) {
        out.add(RowFactory.create(k, times[k]));
      }
      return SparkCredit.session().createDataFrame(out, new StructType().add("rowId", DataTypes.IntegerType)
          .add(feature + "_knownAt", DataTypes.LongType));
    }
  }

  private static final class Encoded {
    static final Story STORY = new Story(CreditBacktests.standard().pipeline(false, false));
  }

  private static final class Backfill {
    static final Story STORY = new Story(CreditBacktests.standard().leakyBackfillPipeline());
  }
}
