package dev.backtestgate.examples;

import java.util.Arrays;
import org.apache.spark.ml.feature.TargetEncoder;
import org.apache.spark.ml.feature.TargetEncoderModel;
import org.apache.spark.ml.param.ParamMap;
import org.apache.spark.ml.util.Identifiable;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.StructType;
import scala.Tuple2;
import scala.collection.immutable.Map;

/**
 * Spark ML's {@code TargetEncoder} as a number, two quirks of Spark 4.2 mended: its {@code transformSchema} leaves the
 * output columns out (so a {@code Pipeline} whose {@code VectorAssembler} reads an encoded column fails its schema
 * check before it fits anything), and its model marks each output column nominal, listing the encodings as
 * categories (so a tree model takes the rates for category numbers and never splits on them). Here the schema has the
 * output columns and the model's output carries no such metadata; the encoding itself is the encoder's own. Public,
 * with constructors from a uid, because Spark ML copies a stage by reflection.
 */
public class TargetEncoding extends TargetEncoder {
  private static final long serialVersionUID = 1L;

  public TargetEncoding() {
    this(Identifiable.randomUID("targetEncoding"));
  }

  public TargetEncoding(String uid) {
    super(uid);
  }

  @Override
  public StructType transformSchema(StructType schema) {
    StructType out = super.transformSchema(schema);
    for (String column : getOutputCols()) {
      if (Arrays.stream(out.fieldNames()).noneMatch(column::equals)) {
        out = out.add(column, DataTypes.DoubleType, true);
      }
    }
    return out;
  }

  @Override
  public TargetEncoderModel fit(Dataset<?> dataset) {
    TargetEncoderModel fitted = super.fit(dataset);
    Numeric model = new Numeric(fitted.uid(), fitted.stats());
    fitted.copyValues(model, ParamMap.empty());
    model.setParent(this);
    return model;
  }

  /** The fitted encoder, its output columns plain numbers. */
  public static class Numeric extends TargetEncoderModel {
    private static final long serialVersionUID = 1L;

    public Numeric(String uid, Map<Object, Tuple2<Object, Object>>[] stats) {
      super(uid, stats);
    }

    @Override
    public Dataset<Row> transform(Dataset<?> dataset) {
      Dataset<Row> out = super.transform(dataset);
      for (String column : getOutputCols()) {
        out = out.withMetadata(column, Metadata.empty());
      }
      return out;
    }
  }
}
