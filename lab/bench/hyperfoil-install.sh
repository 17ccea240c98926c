#!/usr/bin/env bash
# Puts Hyperfoil's jars from Maven Central into tools/hyperfoil-VERSION/lib (git-ignored), once:
#   lab/bench/hyperfoil-install.sh [VERSION]      prints the lib folder; one line and exit 1 on failure
# The Maven wrapper copies io.hyperfoil:hyperfoil-clustering (controller, agents, the ssh deployer)
# and hyperfoil-http with their runtime dependencies (dependency:copy-dependencies); the folder is
# complete once lib/.complete exists, so a run that fails half-way is redone, a finished one is not.
# Main classes: io.hyperfoil.Hyperfoil$Standalone (controller with an in-process agent),
# io.hyperfoil.Hyperfoil$Controller (agents over ssh), io.hyperfoil.Hyperfoil$Agent.
# 0.29.x needs Java 21+; 0.27.x runs on Java 17. Run from the repository root.
set -euo pipefail

version=${1:-${HYPERFOIL_VERSION:-0.29.3}}
[[ $version =~ ^[0-9]+\.[0-9]+(\.[0-9]+)?$ ]] || { echo "hyperfoil: VERSION must look like 0.29.3, not '$version'" >&2; exit 1; }
[[ -x ./mvnw ]] || { echo "hyperfoil: run from the repository root (no ./mvnw here)" >&2; exit 1; }
dir=$PWD/tools/hyperfoil-$version
if [[ -f $dir/lib/.complete ]]; then
  echo "$dir/lib"
  exit 0
fi
rm -rf "$dir/lib"
mkdir -p "$dir"
cat > "$dir/pom.xml" <<EOF
<?xml version="1.0" encoding="UTF-8"?>
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>dev.perflab.tools</groupId>
  <artifactId>hyperfoil-jars</artifactId>
  <version>$version</version>
  <packaging>pom</packaging>
  <dependencies>
    <dependency><groupId>io.hyperfoil</groupId><artifactId>hyperfoil-clustering</artifactId><version>$version</version></dependency>
    <dependency><groupId>io.hyperfoil</groupId><artifactId>hyperfoil-http</artifactId><version>$version</version></dependency>
  </dependencies>
</project>
EOF
echo "  installing Hyperfoil $version into $dir/lib (Maven Central, about a minute)" >&2
if ! ./mvnw -B -f "$dir/pom.xml" dependency:copy-dependencies -DincludeScope=runtime \
    -DoutputDirectory="$dir/lib" > "$dir/install.log" 2>&1; then
  echo "hyperfoil: could not copy Hyperfoil $version from Maven Central ($(grep -m1 -oE 'Could not find artifact [^ ]+|Could not transfer [^;]{0,160}' "$dir/install.log" || grep -m1 -E '^\[ERROR\]' "$dir/install.log" | cut -c1-200)); log: $dir/install.log" >&2
  exit 1
fi
ls "$dir"/lib/hyperfoil-clustering-*.jar > /dev/null 2>&1 || { echo "hyperfoil: $dir/lib has no hyperfoil-clustering jar; log: $dir/install.log" >&2; exit 1; }
touch "$dir/lib/.complete"
echo "$dir/lib"
