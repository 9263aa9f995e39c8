def gate = 'com.example.churn.ChurnBacktestTest#randomForest'
def log = new File(basedir, 'build.log').text
assert log.contains('reject needs -Drationale=<why the result is not believed>.')
assert log.contains("${gate} rejected by ana@example.com on ")
assert log.contains('the candidate reads balance after the churn date')
assert log.contains("${gate}: the review is rejected; only an approved review is renewed.")
assert log.contains('accept-history needs -Dmanifest=<one of: statements.json>, -Dticket=')
assert log.readLines().any { it.contains('  git add ') && it.contains("'history/statements.json'") && it.contains('(DATA-1234), accepted by ana@example.com') }
def changes = []
new File(basedir, 'history').eachFileRecurse { if (it.isFile() && it.parentFile.name.endsWith('.changes')) changes << it }
assert changes.size() == 1 && changes[0].text.contains('DATA-1234') && changes[0].text.contains('status codes normalized in place')
assert new File(basedir, 'history/statements.json').text == new File(basedir, 'proposed-statements.json').text
def review = new File(basedir, "leakage-reviews/${gate}.json").text
assert review.contains('"decision": "rejected"')
return true
