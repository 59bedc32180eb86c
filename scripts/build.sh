#!/usr/bin/env bash
# make build (and make install): the release `quiz` and `quiz-fetch`;
# `scripts/build.sh play` (make play): the same two in a debug build, which
# compiles in about a third of the time (the files in parallel, no
# optimisation), so a newcomer reaches the menu sooner. Either way it says what
# is being built, with the toolchain's known noise filtered out. Everything else
# SwiftPM prints (errors, warnings of ours) still shows. Exit status: SwiftPM's.
set -uo pipefail
swift=${SWIFT:-swift}
mode=${1:-release}
scratch=.build/static
release=$scratch/release

# On a terminal, SwiftPM's "[12/51] Compiling QuizKit Foo.swift" lines are
# drawn over one another on a single line; in a log they are kept one a line.
live=0
if [ -t 1 ] && [ "${TERM:-dumb}" != dumb ]; then live=1; fi
columns=$( (stty size </dev/tty | cut -d' ' -f2) 2>/dev/null || echo 80)
[ -n "$columns" ] && [ "$columns" -gt 20 ] 2>/dev/null || columns=80

progress_shown=0
show() {
    while IFS= read -r line; do
        case $line in
        # Foundation's static library calls mktemp(3) inside its own temporary-file
        # code, so the linker warns about it in every program linked with
        # --static-swift-stdlib. It is the toolchain's, not ours, and quiz never
        # reaches that code path; a newcomer would read it as our bug.
        *": warning: the use of \`mktemp' is dangerous"*) continue ;;
        "["[0-9]*"/"[0-9]*"] "*)
            if [ "$live" = 1 ]; then
                printf '\r\033[K  %s' "${line:0:$((columns - 3))}"
                progress_shown=1
            else
                printf '  %s\n' "$line"
            fi
            ;;
        *)
            if [ "$progress_shown" = 1 ]; then printf '\r\033[K'; progress_shown=0; fi
            printf '%s\n' "$line"
            ;;
        esac
    done
    if [ "$progress_shown" = 1 ]; then printf '\r\033[K'; fi
}

build() {
    "$swift" build -c release --scratch-path "$scratch" "$@" 2>&1 | show
    return "${PIPESTATUS[0]}"
}

if [ "$mode" = play ]; then
    if [ ! -x .build/debug/quiz ]; then
        echo "make: building quiz to play (a debug build: about half a minute the first time, seconds later;"
        echo "      make build makes the optimised one that make install installs)"
    fi
    for product in quiz quiz-fetch; do
        "$swift" build --product "$product" 2>&1 | show
        status=${PIPESTATUS[0]}
        [ "$status" = 0 ] || exit "$status"
    done
    exit 0
fi

if [ ! -x "$release/quiz" ]; then
    echo "make: building quiz in release mode; the first build takes a few minutes (later ones, seconds)"
fi
echo "make: [1/2] quiz: the game and its library, with the Swift libraries linked in (starts in ~3 ms)"
build --product quiz --static-swift-stdlib || exit $?
# The same flags and scratch folder, so the libraries, already compiled for quiz, are
# reused as they are: only quiz-fetch's own files are compiled and linked.
echo "make: [2/2] quiz-fetch: the small downloader for --questions URL"
build --product quiz-fetch --static-swift-stdlib || exit $?
echo "make: built $release/quiz"
