# Reference values for DeLongTests, from R's pROC (a dev-time tool: the build never runs R).
#
#   apt-get install -y r-cran-proc      # Debian; or install.packages("pROC")
#   Rscript backtest-gate/src/test/r/delong-reference.R backtest-gate/src/test/resources/dev/backtestgate/metrics/aSAH.csv
#
# Writes pROC's example data set aSAH (Turck et al. 2010; Robin et al. 2011, BMC Bioinformatics 12:77)
# to the CSV given as the argument and prints the numbers the tests assert, at 17 significant digits.
# Positive class: outcome == "Poor" (pROC's cases); direction "<": higher scores mean "Poor".
suppressPackageStartupMessages(library(pROC))
data(aSAH)
args <- commandArgs(trailingOnly = TRUE)
csv <- if (length(args) > 0) args[1] else "aSAH.csv"

con <- file(csv, open = "w")
writeLines(c(
  "# pROC example data set aSAH (113 patients after aneurysmal subarachnoid haemorrhage).",
  sprintf("# Source: R package pROC %s, data(aSAH); Turck et al. 2010; Robin et al. 2011,", packageVersion("pROC")),
  "# BMC Bioinformatics 12:77. Written by backtest-gate/src/test/r/delong-reference.R.",
  "# poor: 1 when outcome is Poor (the positive class); wfns is the ordered factor's level 1..5."
), con)
write.csv(data.frame(poor = as.integer(aSAH$outcome == "Poor"), s100b = aSAH$s100b,
                     wfns = as.integer(aSAH$wfns), ndka = aSAH$ndka),
          con, row.names = FALSE, quote = FALSE)
close(con)

g <- function(x) formatC(x, digits = 17, format = "g")
curve <- function(score) roc(aSAH$outcome, score, levels = c("Good", "Poor"), direction = "<", quiet = TRUE)
r <- list(s100b = curve(aSAH$s100b), wfns = curve(aSAH$wfns), ndka = curve(aSAH$ndka))

for (name in names(r)) {
  ci <- ci.auc(r[[name]], method = "delong", conf.level = 0.95)
  cat(sprintf("single %-6s auc=%s var=%s ci=[%s, %s]\n", name, g(auc(r[[name]])),
              g(var(r[[name]], method = "delong")), g(ci[1]), g(ci[3])))
}
for (pair in list(c("s100b", "wfns"), c("wfns", "ndka"))) {
  t <- roc.test(r[[pair[1]]], r[[pair[2]]], method = "delong", paired = TRUE)
  cat(sprintf("cov %s %s = %s\n", pair[1], pair[2], g(cov(r[[pair[1]]], r[[pair[2]]], method = "delong"))))
  cat(sprintf("paired %s vs %s: Z=%s p=%s ci=[%s, %s] auc1=%s auc2=%s\n", pair[1], pair[2],
              g(t$statistic), g(t$p.value), g(t$conf.int[1]), g(t$conf.int[2]),
              g(t$estimate[1]), g(t$estimate[2])))
  print(t)
}
