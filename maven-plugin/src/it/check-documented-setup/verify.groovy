// Both runs append to build.log. Run 1 passed: the check saw the gate's report and listed the @Disabled test.
// Run 2 failed on the leak, at the gate itself.
def log = new File(basedir, 'build.log').text
assert log.contains('backtest-gate: com.example.churn.ChurnBacktestTest#nextQuarter is @Disabled("waits for the Q3 data"): not run, not checked.')
assert log.contains('backtest-gate: all 1 gated tests produced a gate report in this build')
assert log.contains('Leakage gate FAILED: com.example.churn.ChurnBacktestTest#gradientBoosting')
assert log.contains('is above the 0.050 limit')
assert log.contains('Tests run: 2, Failures: 1, Errors: 0, Skipped: 1')
return true
