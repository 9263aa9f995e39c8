package dev.backtestgate.spark;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/** Random scores of the shapes that stress exact AUC sums, and a frame (label, candidate, baseline) of them. */
final class ScoredFrames {
  private ScoredFrames() {}

  /** One of three shapes, drawn once: heavy ties with -0.0 beside 0.0, scores rounded to tenths, or distinct. */
  static double[] scores(Random random, int n) {
    int shape = random.nextInt(3);
    double[] scores = new double[n];
    for (int i = 0; i < n; i++) {
      scores[i] = switch (shape) {
        case 0 -> random.nextInt(3) - 1 + (random.nextBoolean() ? 0.0 : -0.0);
        case 1 -> Math.round(random.nextGaussian() * 20) / 10.0;
        default -> random.nextGaussian();
      };
    }
    return scores;
  }

  static Dataset<Row> frame(SparkSession spark, boolean[] labels, double[] candidate, double[] baseline) {
    StructType schema = new StructType()
        .add("label", DataTypes.BooleanType, false)
        .add("candidate", DataTypes.DoubleType, false)
        .add("baseline", DataTypes.DoubleType, false);
    List<Row> rows = new ArrayList<>();
    for (int i = 0; i < labels.length; i++) {
      rows.add(RowFactory.create(labels[i], candidate[i], baseline[i]));
    }
    return spark.createDataFrame(rows, schema);
  }
}
