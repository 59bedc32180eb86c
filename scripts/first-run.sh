#!/usr/bin/env bash
# make first-run [REPO=path-or-url] [REV=commit]: how long a newcomer waits, from `git clone`
# to the menu of `make play`, on this machine. Clones REPO (default: this
# checkout's committed HEAD; REV checks out another commit, to compare
# before and after) into a temporary folder, runs `make play` there
# with `quit` on standard input and a fresh HOME, and reports the seconds from
# the start of the clone to the moment the menu's first line is printed.
# Nothing from an earlier build is reused: the clone has no .build folder.
# (SwiftPM keeps no per-user cache that a package without dependencies uses.)
set -euo pipefail
repo=${REPO:-$(cd "$(dirname "$0")/.." && pwd)}
work=$(mktemp -d /tmp/quiz-first-run.XXXXXX)
trap 'rm -rf "$work"' EXIT
log=$work/make-play.log

start=$(date +%s.%N)
git clone --quiet "$repo" "$work/quiz"
if [ -n "${REV:-}" ]; then git -C "$work/quiz" checkout --quiet "$REV"; fi
cloned=$(date +%s.%N)
# The menu's first line ("quiz · …" banner) is what a newcomer waits for; make play
# reads `quit` from the pipe and leaves at once, so the end of make is the menu.
# CPU seconds (user + system, make and everything under it) alongside the wall
# clock: on a shared machine the CPU figure moves less than the wall one.
TIMEFORMAT='%U %S'
{ time (cd "$work/quiz" && printf 'quit\n' | HOME="$work/home" make --no-print-directory play >"$log" 2>&1); } 2>"$work/cpu" || {
    echo "first-run: make play failed; its output:" >&2
    cat "$log" >&2
    exit 1
}
menu=$(date +%s.%N)
grep -q 'quiz' "$log" || { echo "first-run: make play printed no menu" >&2; cat "$log" >&2; exit 1; }

warnings=$(grep -c 'warning:' "$log" || true)
read -r user sys <"$work/cpu"
awk -v s="$start" -v c="$cloned" -v m="$menu" -v u="$user" -v y="$sys" \
    'BEGIN { printf "clone: %.1f s\nclone to menu: %.1f s wall, %.1f s of CPU\n", c - s, m - s, u + y }'
printf 'lines printed by make play: %d (with "warning:": %d)\n' "$(wc -l <"$log")" "$warnings"
printf 'machine: %s cores, %s\n' "$(nproc)" "$(swift --version 2>/dev/null | head -n 1)"
