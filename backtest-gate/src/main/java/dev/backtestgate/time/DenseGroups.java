package dev.backtestgate.time;

/**
 * A counting sort of row indices by dense group id: the rows of group g are
 * {@code order[starts[g] .. starts[g + 1])}, in input order. Rows whose id is negative are left out.
 * O(rows + groups).
 */
record DenseGroups(int[] starts, int[] order) {

  static DenseGroups of(int[] dense, int groups) {
    int[] starts = new int[groups + 1];
    for (int id : dense) {
      if (id >= 0) {
        starts[id + 1]++;
      }
    }
    for (int g = 0; g < groups; g++) {
      starts[g + 1] += starts[g];
    }
    int[] cursor = new int[groups];
    System.arraycopy(starts, 0, cursor, 0, groups);
    int[] order = new int[starts[groups]];
    for (int i = 0; i < dense.length; i++) {
      int id = dense[i];
      if (id >= 0) {
        order[cursor[id]++] = i;
      }
    }
    return new DenseGroups(starts, order);
  }

  int groups() {
    return starts.length - 1;
  }

  int size(int group) {
    return starts[group + 1] - starts[group];
  }
}
