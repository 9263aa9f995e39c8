scalaVersion := "2.13.16"

libraryDependencies ++= Seq(
  "com.github.sbt.junit" % "jupiter-interface" % JupiterKeys.jupiterVersion.value % Test,
  "dev.backtestgate" % "backtest-gate-junit" % "@project.version@" % Test,
  // the engine and launcher of the junit-jupiter-api backtest-gate-junit brings: sbt takes the newest version of
  // each artifact on its own, so without these the engine is the older one sbt-jupiter-interface brings
  "org.junit.jupiter" % "junit-jupiter-engine" % "5.14.4" % Test,
  "org.junit.platform" % "junit-platform-launcher" % "1.14.4" % Test
)
