package dev.backtestgate.spark;

import static org.apache.spark.sql.functions.col;

import dev.backtestgate.BacktestRun;
import dev.backtestgate.GateEvidence;
import dev.backtestgate.GatePolicy;
import dev.backtestgate.pipeline.Pipeline;
import dev.backtestgate.pipeline.PipelineInput;
import dev.backtestgate.pipeline.PipelineRows;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.spark.ml.PipelineStage;
import org.apache.spark.ml.classification.LogisticRegression;
import org.apache.spark.ml.feature.StringIndexer;
import org.apache.spark.ml.feature.VectorAssembler;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/**
 * A small credit world for the pipeline checks on Spark: "status" (a category of 6, carrying most of the signal),
 * "balance" (a little), "noise" (none); a StringIndexer + VectorAssembler + LogisticRegression pipeline with fixed
 * parameters (deterministic: its refits on the same rows agree to the last bit); the training and test DataFrames
 * built from the rows the same way every time, so an in-memory pipeline that builds its DataFrame from the
 * {@link PipelineRows} it is given fits exactly what the Spark refits fit.
 */
final class SparkPipelineWorld {
  static final String[] FEATURES = {"status", "balance", "noise"};
  static final StructType SCHEMA = new StructType().add("rowId", DataTypes.IntegerType)
      .add("label", DataTypes.IntegerType).add("status", DataTypes.StringType)
      .add("balance", DataTypes.DoubleType).add("noise", DataTypes.DoubleType);
  static final int COPIES = 4;
  final SparkSession spark;
  final double[][] train;
  final boolean[] trainLabels;
  final double[][] test;
  final boolean[] testLabels;
  final double[] baseline;

  SparkPipelineWorld(SparkSession spark, long seed, int trainRows, int testRows) {
    this.spark = spark;
    Random random = new Random(seed);
    train = new double[FEATURES.length][trainRows];
    trainLabels = new boolean[trainRows];
    test = new double[FEATURES.length][testRows];
    testLabels = new boolean[testRows];
    fill(random, train, trainLabels);
    fill(random, test, testLabels);
    for (int i = 0; i < COPIES; i++) {   // test rows 0 .. 3 copy training rows 100 .. 103
      testLabels[i] = trainLabels[100 + i];
      for (int f = 0; f < FEATURES.length; f++) {
        test[f][i] = train[f][100 + i];
      }
    }
    baseline = test[1].clone();   // the baseline scores the balance alone
  }

  private static void fill(Random random, double[][] columns, boolean[] labels) {
    for (int i = 0; i < labels.length; i++) {
      labels[i] = random.nextDouble() < 0.3;
      double risk = (labels[i] ? 1.4 : 0) + random.nextGaussian();
      columns[0][i] = Math.max(0, Math.min(5, Math.floor(risk + 2)));            // status code 0..5
      columns[1][i] = 1000 + (labels[i] ? 60 : 0) + 200 * random.nextGaussian(); // balance: weak
      columns[2][i] = random.nextGaussian();                                     // noise
    }
  }

  /** The estimator over the features present: a StringIndexer for "status", an assembler, a logistic regression. */
  static org.apache.spark.ml.Pipeline estimator(List<String> features) {
    List<PipelineStage> stages = new ArrayList<>();
    List<String> inputs = new ArrayList<>();
    for (String f : features) {
      if (f.equals("status")) {
        stages.add(new StringIndexer().setInputCol("status").setOutputCol("status_idx"));
        inputs.add("status_idx");
      } else {
        inputs.add(f);
      }
    }
    stages.add(new VectorAssembler().setInputCols(inputs.toArray(String[]::new)).setOutputCol("features"));
    stages.add(new LogisticRegression().setLabelCol("label").setFeaturesCol("features").setMaxIter(10)
        .setRegParam(0.01));
    return new org.apache.spark.ml.Pipeline().setStages(stages.toArray(PipelineStage[]::new));
  }

  static org.apache.spark.ml.Pipeline estimator() {
    return estimator(List.of(FEATURES));
  }

  /** Rows as a DataFrame: the columns given (NaN for a feature left out), labels when given, one row id each. */
  Dataset<Row> frame(double[][] columns, List<String> names, boolean[] labels, int rows) {
    List<Row> out = new ArrayList<>();
    for (int i = 0; i < rows; i++) {
      Object[] v = new Object[5];
      v[0] = i;
      v[1] = labels == null ? 0 : labels[i] ? 1 : 0;
      for (int f = 0; f < FEATURES.length; f++) {
        int k = names.indexOf(FEATURES[f]);
        double x = k < 0 ? Double.NaN : columns[k][i];
        v[2 + f] = f == 0 ? (k < 0 ? "none" : "s" + (int) x) : x;
      }
      out.add(RowFactory.create(v));
    }
    return spark.createDataFrame(out, SCHEMA);
  }

  Dataset<Row> trainingFrame() {
    return frame(train, List.of(FEATURES), trainLabels, trainLabels.length);
  }

  /** The pipeline fitted on {@code fitOn}, scoring the test rows: positive-class probability by row. */
  double[] scores(Dataset<Row> fitOn) {
    return collect(estimator().fit(fitOn).transform(frame(test, List.of(FEATURES), testLabels, testLabels.length)),
        testLabels.length);
  }

  static double[] collect(Dataset<Row> scored, int rows) {
    double[] out = new double[rows];
    for (Row r : scored.select(col("rowId"), org.apache.spark.ml.functions.vector_to_array(col("probability"),
        "float64").getItem(1)).collectAsList()) {
      out[r.getInt(0)] = r.getDouble(1);
    }
    return out;
  }

  /** The honest candidate: fitted on the training rows alone. */
  double[] honest() {
    return scores(trainingFrame());
  }

  /** The leaky candidate: fitted on the training and the test rows together. */
  double[] leaky() {
    return scores(trainingFrame().union(frame(test, List.of(FEATURES), testLabels, testLabels.length)
        .withColumn("rowId", col("rowId").plus(train[0].length))));
  }

  /** The test DataFrame with the recorded candidate scores and the baseline. */
  Dataset<Row> testFrame(double[] candidate) {
    List<Row> out = new ArrayList<>();
    for (int i = 0; i < testLabels.length; i++) {
      out.add(RowFactory.create(i, testLabels[i] ? 1 : 0, "s" + (int) test[0][i], test[1][i], test[2][i],
          candidate[i], baseline[i], 1_000_000L + i));
    }
    return spark.createDataFrame(out, SCHEMA.add("cand", DataTypes.DoubleType).add("base", DataTypes.DoubleType)
        .add("decisionTime", DataTypes.LongType));
  }

  /** The Spark evidence of the test frame with the pipeline. */
  GateEvidence evidence(double[] candidate, SparkPipeline pipeline, GatePolicy policy) {
    return evidence(testFrame(candidate), pipeline, policy);
  }

  /** The Spark evidence of {@code test} (a {@link #testFrame}, perhaps changed) with the pipeline. */
  GateEvidence evidence(Dataset<Row> test, SparkPipeline pipeline, GatePolicy policy) {
    SparkGateEvidence.Builder b = SparkGateEvidence.builder(test).gate("com.acme.Backtest#gbm")
        .policy(policy).labels("label").candidate("lr", "cand").baseline("balance-only", "base")
        .rows("rowId", "decisionTime").pipeline(pipeline);
    for (String f : FEATURES) {
      b.timelessFeature(f, "as of the last statement");
    }
    return b.compute();
  }

  SparkPipeline pipeline() {
    return SparkPipeline.of(estimator(), trainingFrame(), "label", "rowId", FEATURES);
  }

  /** The same pipeline in memory: it builds its DataFrame from the rows it is given, as the Spark side's. */
  Pipeline inMemory() {
    return training -> {
      org.apache.spark.ml.PipelineModel model = estimator(training.featureNames())
          .fit(frame(columns(training), training.featureNames(), training.labels(), training.rows()));
      return rows -> collect(model.transform(frame(columns(rows), rows.featureNames(), null, rows.rows())),
          rows.rows());
    };
  }

  private static double[][] columns(PipelineRows rows) {
    double[][] out = new double[rows.width()][];
    for (int c = 0; c < rows.width(); c++) {
      out[c] = rows.column(c);
    }
    return out;
  }

  /** The in-memory run of the same rows, with the in-memory pipeline. */
  BacktestRun run(double[] candidate) {
    PipelineRows.Builder training = PipelineRows.builder();
    for (int f = 0; f < FEATURES.length; f++) {
      training.feature(FEATURES[f], train[f]);
    }
    long[] decided = new long[testLabels.length];
    for (int i = 0; i < decided.length; i++) {
      decided[i] = 1_000_000L + i;
    }
    BacktestRun.Builder b = BacktestRun.builder("com.acme.Backtest#gbm").labels(testLabels).candidate("lr", candidate)
        .baseline("balance-only", baseline).decisionTimes(decided)
        .input(PipelineInput.of(inMemory(), training.labels(trainLabels).build()));
    for (int f = 0; f < FEATURES.length; f++) {
      b.timelessFeature(FEATURES[f], "as of the last statement").featureValues(FEATURES[f], test[f]);
    }
    return b.build();
  }
}
