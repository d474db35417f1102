#!/usr/bin/env bash
# Builds HotSpot's disassembler plugin over capstone into OUT_DIR (default: wire-bench/target/hsdis),
# for -XX:+PrintAssembly and JMH's perfasm profiler on x86-64 Linux. Needs gcc and capstone's
# headers (Debian: apt-get install libcapstone-dev); perfasm also needs Linux perf (Debian:
# linux-perf) allowed to sample (root, or kernel.perf_event_paranoid at 2 or lower for one's own
# processes). Then, from the repository's root:
#   LD_LIBRARY_PATH=wire-bench/target/hsdis java -cp wire-bench/target/zwire-bench.jar \
#       org.openjdk.jmh.Main 'CodecBenchmark.decode$' -p codec=NUMBERED -p workload=INTS14 -f 1 \
#       -wi 3 -i 3 -w 1s -r 2s -prof 'perfasm:events=cpu-clock;tooBigThreshold=20000'
# (cpu-clock samples where the machine has no hardware counters; JDK 17 and 25 load the same file.)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-$here/../../target/hsdis}
mkdir -p "$out"
gcc -O2 -shared -fPIC -Wall -o "$out/hsdis-amd64.so" "$here/hsdis-capstone.c" -lcapstone
echo "built $out/hsdis-amd64.so"
