def gate = 'com.example.churn.ChurnBacktestTest#randomForest'
def log = new File(basedir, 'build.log').text
assert log.contains('reject needs -Drationale=<why the result is not believed>.')
assert log.contains("${gate} rejected by ana@example.com on ")
assert log.contains('the candidate reads balance after the churn date')
assert log.contains("${gate}: the review is rejected; only an approved review is renewed.")
assert log.contains('accept-history needs -Dmanifest=<one of: statements.json>.')
assert log.contains("  git add 'history/statements.json' && git commit -m 'History manifest accepted by ana@example.com: history/statements.json'")
assert new File(basedir, 'history/statements.json').text == new File(basedir, 'proposed-statements.json').text
def review = new File(basedir, "leakage-reviews/${gate}.json").text
assert review.contains('"decision": "rejected"')
return true
