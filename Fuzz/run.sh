#!/usr/bin/env bash
# Fuzz/run.sh NAME MAX_LEN RUNS MIN_COV SEEDS: runs .build/fuzz/NAME-fuzzer
# (built by `make fuzz`) for RUNS executions over its corpus
# (.build/fuzz/corpus-NAME, kept between runs) and the seeds in SEEDS.
# Fails on any crash, hang, leak or sanitizer report, naming the saved input;
# fails too when the target never decoded an input or its coverage is below
# MIN_COV, so a target that returns early cannot pass for fuzzing.
set -euo pipefail
name=$1 max_len=$2 runs=$3 min_cov=$4 seeds=$5
dir=.build/fuzz
corpus=$dir/corpus-$name
artifacts=$dir/artifacts-$name
log=$dir/$name.log
mkdir -p "$corpus" "$artifacts"

echo "fuzz: $name: $runs runs, -max_len=$max_len, corpus $corpus, log $log"
start=$(date +%s)
status=0
# Swift's own backtracer, on a trap, reads memory in a way ASan reports as a
# crash of its own, hiding the trap's stack: libFuzzer's handler prints it.
SWIFT_BACKTRACE=enable=no LSAN_OPTIONS="suppressions=Fuzz/lsan.supp:print_suppressions=0" \
    "$dir/$name-fuzzer" -runs="$runs" -max_len="$max_len" -timeout=10 -dict="Fuzz/$name.dict" \
    -artifact_prefix="$artifacts/" -print_final_stats=1 "$corpus" "$seeds" >"$log" 2>&1 || status=$?
seconds=$(($(date +%s) - start))

if [ "$status" -ne 0 ]; then
    echo "fuzz: $name: FAILED (exit status $status) after $seconds s" >&2
    # The report: from the sanitizer's or Swift's first line of error on.
    sed -n '/==ERROR\|^Fatal error\|Swift runtime failure\|ALARM\|out-of-memory\|^==[0-9]*== *ERROR/,$p' "$log" | head -80 >&2
    saved=$(sed -n 's/.*Test unit written to \(.*\)/\1/p' "$log")
    if [ -n "$saved" ]; then
        echo "fuzz: $name: the input is saved in: $saved" >&2
        echo "fuzz: reproduce with: SWIFT_BACKTRACE=enable=no $dir/$name-fuzzer $saved" >&2
        echo "fuzz: minimize with: SWIFT_BACKTRACE=enable=no $dir/$name-fuzzer -minimize_crash=1 -runs=100000" \
            "-artifact_prefix=$artifacts/min- $saved" >&2
    else
        echo "fuzz: $name: no input was saved; see $log" >&2
    fi
    exit 1
fi

done_line=$(grep -a 'DONE ' "$log" | tail -1)
cov=$(sed -n 's/.* cov: \([0-9]*\).*/\1/p' <<<"$done_line")
counts=$(grep -a "^$name-fuzzer: " "$log" | tail -1 || true)
succeeded=$(sed -n 's/^[a-z]*-fuzzer: \([0-9]*\) inputs.*/\1/p' <<<"$counts")
counts=${counts#*: }
echo "fuzz: $name: $done_line"
grep -a '^stat::' "$log" | sed "s/^/fuzz: $name: /"
echo "fuzz: $name: ${counts:-no count of inputs reported}; $seconds s; corpus $(find "$corpus" -type f | wc -l) files"
if [ -z "$succeeded" ] || [ "$succeeded" -eq 0 ]; then
    echo "fuzz: $name: the target never got an input through; it is not fuzzing anything" >&2
    exit 1
fi
if [ -z "$cov" ] || [ "$cov" -lt "$min_cov" ]; then
    echo "fuzz: $name: coverage ${cov:-unknown} is below $min_cov; the target is not reaching the code" >&2
    exit 1
fi
