package dev.backtestgate.cli;

import dev.backtestgate.cli.workflow.CannotCheck;
import dev.backtestgate.FeatureTiming;
import dev.backtestgate.internal.Wording;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The columns of a scored table the audit reads, each as a primitive array (one entry per data row).
 *
 * @param labels the outcome of each row
 * @param candidate the candidate model's scores
 * @param baseline the baseline model's scores
 * @param decisionTimes when each row was decided, epoch milliseconds
 * @param entities each row's entity, or null when no entity column was named
 * @param knownAt each feature's knowledge time per row ({@link FeatureTiming#NO_VALUE} where empty), by name
 */
record ScoredTable(boolean[] labels, double[] candidate, double[] baseline, long[] decisionTimes, String[] entities,
    Map<String, long[]> knownAt) {

  /** Which column holds what, as the options name them. */
  record Layout(String label, String candidate, String baseline, String decisionTime, String entity,
      Map<String, String> features) {
    /** Every named column, in option order. */
    List<String> columns() {
      List<String> all = new ArrayList<>(List.of(label, candidate, baseline, decisionTime));
      if (entity != null) {
        all.add(entity);
      }
      all.addAll(features.values());
      return all;
    }
  }

  /** Collects rows into growing primitive arrays; {@link #table} trims them. */
  static final class Builder {
    private final Layout layout;
    private final Cells cells;
    private final int[] index;
    private int rows;
    private boolean[] labels = new boolean[1024];
    private double[] candidate = new double[1024];
    private double[] baseline = new double[1024];
    private long[] decisionTimes = new long[1024];
    private String[] entities;
    private final long[][] knownAt;

    /** Resolves every named column against the header, refusing duplicated and missing ones. */
    Builder(Layout layout, List<String> header, Cells cells) throws CannotCheck {
      this.layout = layout;
      this.cells = cells;
      Map<String, Integer> positions = new LinkedHashMap<>();
      for (int i = 0; i < header.size(); i++) {
        Integer earlier = positions.putIfAbsent(header.get(i), i);
        if (earlier != null) {
          throw new CannotCheck(cells.file() + " has the column '" + header.get(i) + "' twice (columns " + (earlier
              + 1) + " and " + (i + 1) + "): the audit cannot tell which one holds the values.",
              "Rename or drop one of the two columns, so each name appears once in the header.");
        }
      }
      List<String> columns = layout.columns();
      index = new int[columns.size()];
      for (int c = 0; c < columns.size(); c++) {
        Integer at = positions.get(columns.get(c));
        if (at == null) {
          List<String> present = List.copyOf(positions.keySet());
          List<String> near = present.isEmpty() ? List.of() : Usage.closest(columns.get(c), present);
          throw new CannotCheck(cells.file() + " has no column '" + columns.get(c) + "'" + (near.isEmpty() ? ""
              : "; did you mean '" + String.join("' or '", near) + "'?") + " Its columns are: "
              + String.join(", ", present) + ".", "Name a column of the file with the option that named '"
              + columns.get(c) + "' (the names are case-sensitive).");
        }
        index[c] = at;
      }
      entities = layout.entity() == null ? null : new String[1024];
      knownAt = new long[layout.features().size()][1024];
    }

    /**
     * Adds one data row (the header excluded); {@code cell(i)} is the row's value of header column {@code i}.
     *
     * @param line the row's line in a CSV file (from 1, the header being line 1); 0 for other files
     */
    void add(java.util.function.IntFunction<String> cell, int line) throws CannotCheck {
      if (rows == labels.length) {
        grow(rows * 2);
      }
      Cells.Row row = new Cells.Row(rows, line);
      labels[rows] = cells.label(layout.label(), row, cell.apply(index[0]));
      candidate[rows] = cells.score(layout.candidate(), row, cell.apply(index[1]));
      baseline[rows] = cells.score(layout.baseline(), row, cell.apply(index[2]));
      decisionTimes[rows] = cells.time(layout.decisionTime(), row, cell.apply(index[3]), false);
      int next = 4;
      if (entities != null) {
        String entity = cell.apply(index[next++]);
        if (entity == null || entity.isBlank()) {
          throw new CannotCheck(cells.where(layout.entity(), row) + " has no entity: the train/test overlap "
              + "screen matches rows on it.", "Give every row its entity, or leave --entity out.");
        }
        entities[rows] = entity.trim();
      }
      int f = 0;
      for (String column : layout.features().values()) {
        knownAt[f++][rows] = cells.time(column, row, cell.apply(index[next++]), true);
      }
      rows++;
    }

    private void grow(int size) {
      labels = Arrays.copyOf(labels, size);
      candidate = Arrays.copyOf(candidate, size);
      baseline = Arrays.copyOf(baseline, size);
      decisionTimes = Arrays.copyOf(decisionTimes, size);
      if (entities != null) {
        entities = Arrays.copyOf(entities, size);
      }
      for (int f = 0; f < knownAt.length; f++) {
        knownAt[f] = Arrays.copyOf(knownAt[f], size);
      }
    }

    /** The table; refuses one without rows or with one class of labels. */
    ScoredTable table() throws CannotCheck {
      if (rows == 0) {
        throw new CannotCheck(cells.file() + " has a header but no data row: there is nothing to audit.",
            "Write the scored test rows below the header.");
      }
      grow(rows);
      int positives = 0;
      for (boolean label : labels) {
        positives += label ? 1 : 0;
      }
      if (positives == 0 || positives == rows) {
        throw new CannotCheck(cells.file() + ": every one of the " + Wording.count(rows) + " labels in column '"
            + layout.label()
            + "' is " + (positives == 0 ? "0 (negative)" : "1 (positive)") + ", so no AUC can be computed and the "
            + "gate cannot compare the models.", "Audit a test period that holds both outcomes, or check that '"
            + layout.label() + "' is the label column.");
      }
      Map<String, long[]> times = new LinkedHashMap<>();
      int f = 0;
      for (String name : layout.features().keySet()) {
        times.put(name, knownAt[f++]);
      }
      return new ScoredTable(labels, candidate, baseline, decisionTimes, entities, times);
    }
  }
}
