#!/usr/bin/env bash
# Start-up of the command-line tool as users wait for it: `check` and `pending` on a project with 50 gated tests
# (45 that pass, 5 that wait for a review), compiled with javac and run once by the JUnit Platform Console Launcher.
# Prints each run's wall, user and system time and the medians, and the machine's load before and after.
#   mvn -B -ntp -q package -pl cli -am -DskipTests && mvn -B -ntp -q test-compile -pl cli   # the jar, the launcher
#   bash benchmarks/cli-startup.sh [runs, default 15]
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-15}"
jar="$PWD/$(ls cli/target/backtest-gate-cli-*-all.jar)"
launcher="$PWD/cli/target/console-launcher/junit-platform-console-standalone.jar"
work="$(mktemp -d)"
trap '[ -n "${KEEP:-}" ] || rm -rf "$work"' EXIT

cp="$PWD/$(ls backtest-gate/target/backtest-gate-*.jar | grep -v -e sources -e javadoc -e tests | head -1)"
cp="$cp:$PWD/$(ls junit-extension/target/backtest-gate-junit-*.jar | grep -v -e sources -e javadoc | head -1)"
mvn -B -ntp -q -o dependency:build-classpath -pl backtest-gate -Dmdep.outputFile="$work/deps.txt" \
  -DincludeScope=runtime >/dev/null
cp="$cp:$(cat "$work/deps.txt")"

src="$work/project/src/test/java/com/acme"
mkdir -p "$src"
cp cli/src/it/console-launcher/src/test/java/com/acme/Data.java "$src/"
for i in $(seq -w 1 50); do
  edge=0.02; [ "$i" -le 5 ] && edge=0.3
  cat > "$src/Model${i}Backtest.java" <<JAVA
package com.acme;

import dev.backtestgate.junit.Backtest;
import dev.backtestgate.junit.LeakageGated;
import org.junit.jupiter.api.Test;

class Model${i}Backtest {
  @Test
  @LeakageGated
  void model(Backtest backtest) {
    Data.scored(backtest, ${edge});
  }
}
JAVA
done
javac -d "$work/project/build/classes" -cp "$cp:$launcher" --release 17 -nowarn "$src"/*.java
(cd "$work/project" && java -jar "$launcher" execute --disable-banner --details=none \
  --class-path "build/classes:$cp" --select-package com.acme --include-classname '.*Backtest' \
  --reports-dir build/test-results --config backtestgate.mode=local > "$work/launcher.log" 2>&1) || true
[ -d "$work/project/target/backtest-gate" ] || { cat "$work/launcher.log"; exit 1; }
echo "project: 50 gated tests, $(ls "$work/project/target/backtest-gate"/*.json | wc -l) reports," \
  "$(ls "$work/project/target/backtest-gate/pending" | wc -l) pending sign-offs"

# `java -jar` as the README runs it, and the launcher script (cli/src/main/sh/backtest-gate), which keeps a class-data
# archive of the tool's classes (its first run, which writes the archive, is not measured).
launcher="$PWD/cli/src/main/sh/backtest-gate"
export BACKTEST_GATE_JAR="$jar" XDG_CACHE_HOME="$work/cache"
"$launcher" check --module "$work/project" --test-classes build/classes --results build/test-results >/dev/null 2>&1 || true
"$launcher" pending --module "$work/project" >/dev/null 2>&1 || true

measure() {
  local name="$1"; shift
  local run="java -jar $jar"
  case "$name" in script*) run="$launcher" ;; esac
  : > "$work/$name.times"
  for _ in $(seq "$runs"); do
    /usr/bin/time -f "%e %U %S" -a -o "$work/$name.times" $run "$@" >/dev/null 2>&1 || true
  done
  grep -E '^[0-9.]+ [0-9.]+ [0-9.]+$' "$work/$name.times" | sort -n | awk -v n="$name" -v r="$runs" '{w[NR]=$1; u[NR]=$2; s[NR]=$3}
    END {m=int((r+1)/2); printf "%-14s median of %d runs: %.2f s wall, %.2f s user, %.2f s system (min %.2f, max %.2f s wall)\n",
      n, r, w[m], u[m], s[m], w[1], w[r]}'
}
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
measure check check --module "$work/project" --test-classes build/classes --results build/test-results
measure pending pending --module "$work/project"
measure version --version
measure script-check check --module "$work/project" --test-classes build/classes --results build/test-results
measure script-pending pending --module "$work/project"
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
