// Every invocation appends to build.log; the review directory holds exactly the one review, as renewed by run 8.
import java.time.LocalDate
import java.time.ZoneOffset

def gate = 'com.example.churn.ChurnBacktestTest#gradientBoosting'
def today = LocalDate.now(ZoneOffset.UTC)
def log = new File(basedir, 'build.log').text
// 2 pending
assert log.contains('1 pending sign-off under ')
assert log.contains("    Leakage gate FAILED: ${gate}: AUC lift +")
assert log.contains("    sign off:  mvn backtest-gate:sign-off -Dgate='${gate}' -Dreviewer='<you>' -Drationale='<why the lift is real>' -Dattest=all")
// 3, 4 refusals name what is missing
assert log.contains('sign-off needs -Drationale=<why the lift is real and not a leak>, -Dattest=all')
assert log.contains('An approval attests every checklist item; not attested: preprocessingFitOnTrainingDataOnly, noDuplicatesAcrossTrainAndTest, noTargetDerivedFeatures, testPeriodAfterTrainingLabelsResolved.')
// 5 written, with the command to commit it
assert log.contains("${gate} approved by ana@example.com on ${today}, valid until ${today.plusDays(90)}.")
assert log.contains("  git add 'leakage-reviews/${gate}.json' && git commit -m 'Leakage review: approve ${gate} (ana@example.com)'")
// 6 no silent overwrite
assert log.contains("a review already exists: ")
assert log.contains("Edit it in place, or add -Dreplace=true")
// 7 the build passes on it
assert log.contains("Leakage gate PASSED with sign-off: ${gate}")
// 8 renewed
assert log.contains("${gate} re-attested by bo@example.com on ${today}, valid until ${today.plusDays(30)}")
// 9 the pending file is gone: run 7 passed with the review, and a gate that passes clears its leftover pending file
assert log.contains("sign-off refused: no pending sign-off under ")
assert !new File(basedir, "target/backtest-gate/pending/${gate}.json").exists()
// 11 other data
assert log.contains("${gate}: the data changed since the review")

def reviews = new File(basedir, 'leakage-reviews')
assert reviews.list() as List == ["${gate}.json".toString()]
def review = new File(reviews, "${gate}.json").text
assert review.contains('"decision": "approved"')
assert review.contains('"reviewer": "bo@example.com"')
assert review.contains("\"expiresOn\": \"${today.plusDays(30)}\"")
assert review.contains('"rationale": "gbm-v7 learns the churn spike in the first months of tenure; tenure_months is known the day before each scoring date"')
return true
