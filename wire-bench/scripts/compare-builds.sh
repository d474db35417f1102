#!/usr/bin/env bash
# Compares two builds of the JMH suite on the zwire wires: for each workload, the BEFORE jar's
# cells then the AFTER jar's, so the two builds alternate and each pair is measured minutes apart.
# Prints a Markdown table of encode, decode and round-trip ns/op and after/before ratios; a ratio
# above 1.15 is marked. JAVA names the java to run (default: java on the PATH). Usage:
#   wire-bench/scripts/compare-builds.sh BEFORE.jar AFTER.jar [OUT_DIR]
# Each jar is a wire-bench benchmarks jar (JMH and the benchmarks inside). About 12 minutes.
set -euo pipefail
before=$1 after=$2 out=${3:-$(mktemp -d)}
java=${JAVA:-java}
codecs=YAML,YAML_NUMBERED,JSON,BINARY,NUMBERED,RAW
mkdir -p "$out"
for workload in ORDER INTS14 MY_DATA; do
  for build in before after; do
    jar=$before; [ "$build" = after ] && jar=$after
    echo "== $workload, $build ($jar)" >&2
    "$java" -cp "$jar" org.openjdk.jmh.Main 'CodecBenchmark\.(encode|decode|roundTrip)$' \
      -p codec=$codecs -p workload=$workload -f 1 -wi 2 -i 4 -w 1s -r 1s \
      -rf json -rff "$out/$build-$workload.json" >"$out/$build-$workload.log" 2>&1
  done
done
python3 - "$out" <<'PY'
import json, sys, glob, os
out = sys.argv[1]
cells = {}
for f in glob.glob(os.path.join(out, '*.json')):
    build = os.path.basename(f).split('-')[0]
    for r in json.load(open(f)):
        key = (r['params']['workload'], r['params']['codec'], r['benchmark'].rsplit('.', 1)[1])
        cells.setdefault(key, {})[build] = r['primaryMetric']['score']
print('| workload | wire | benchmark | before ns/op | after ns/op | after / before |')
print('|---|---|---|---:|---:|---:|')
order = 'YAML,YAML_NUMBERED,JSON,BINARY,NUMBERED,RAW'.split(',')
for key in sorted(cells, key=lambda k: (k[0], order.index(k[1]), k[2])):
    b, a = cells[key].get('before'), cells[key].get('after')
    if b is None or a is None:
        continue
    ratio = a / b
    mark = ' (slower by more than 15%)' if ratio > 1.15 else ''
    print(f'| {key[0]} | {key[1]} | {key[2]} | {b:,.1f} | {a:,.1f} | {ratio:.2f}{mark} |')
PY
