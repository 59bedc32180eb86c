#!/usr/bin/env python3
"""Two builds of quiz side by side on one history: A B A B …, each process
timed from just before its spawn to just after it is reaped, with the median
of each and the median of the A/B ratios of the pairs (steadier than the
ratio of medians on a shared machine). What CONTRIBUTING.md's "Start-up: what
costs what" quotes; `make bench` is the record, this is for a change.

    scripts/compare-builds.py NEW_QUIZ OLD_QUIZ HISTORY_FOLDER [WORK ...] [--pairs N]

WORK is one of record, record-after-stats, recent, share, menu, review,
version (start-up and the newest games) or table, csv, markdown, json, stats
(the whole-history views: `--history` in each format, `--stats`); all of
them by default. HISTORY_FOLDER is copied for each build (a record adds
games; the copy is made again, untimed, every 8 pairs) and primed, untimed,
by a record and the menu (the journal, the schedule); record-after-stats and
stats also by `--stats` and one more record, so a game is timed once the
statistics file is there, and `--stats` with a journal's game it has to add.
Each build runs with its own
scratch HOME, so neither rewrites the other's parsed bank copies. The two
binaries must each find their bundled banks (a build folder of a checkout,
or PREFIX/bin with PREFIX/share/quiz/Questions).
"""
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

WORKS = [
    "version", "recent", "share", "menu", "review", "record", "record-after-stats",
    "table", "csv", "markdown", "json", "stats",
]

# The whole-history views: every game read, in each format.
WHOLE = {
    "table": ["--history"],
    "csv": ["--history", "--format", "csv"],
    "markdown": ["--history", "--format", "markdown"],
    "json": ["--history", "--format", "json"],
}


def command(work, binary, index, folder):
    common = ["--data-dir", folder, "--no-color"]
    if work in ("record", "record-after-stats"):
        return [binary, "world-capitals", "-n", "5", "--seed", str(1000 + index)] + common, b"a\nb\na\nb\na\n"
    if work == "recent":
        return [binary, "--history", "--limit", "20"] + common, None
    if work == "share":
        return [binary, "--share"] + common, None
    if work == "menu":
        return [binary] + common, b"quit\n"
    if work == "stats":
        return [binary, "--stats"] + common, None
    if work == "review":
        return [binary, "--review", "-n", "1"] + common, b""
    if work == "version":
        return [binary, "--version"], None
    if work in WHOLE:
        return [binary] + WHOLE[work] + common, None
    raise SystemExit(f"compare-builds: no work named {work}; the works are {', '.join(WORKS)}")


def run(argv, stdin, home):
    environment = {"HOME": home, "NO_COLOR": "1", "TERM": "dumb", "PATH": "/usr/bin:/bin"}
    read, write = os.pipe()
    started = time.perf_counter()
    process = subprocess.Popen(
        argv,
        stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL,
        stdout=write,
        stderr=subprocess.DEVNULL,
        env=environment,
    )
    os.close(write)
    if stdin is not None:
        process.stdin.write(stdin)
        process.stdin.close()
    while os.read(read, 65536):
        pass
    os.close(read)
    process.wait()
    return time.perf_counter() - started


def main():
    arguments = sys.argv[1:]
    pairs = 40
    if "--pairs" in arguments:
        at = arguments.index("--pairs")
        pairs = int(arguments[at + 1])
        del arguments[at : at + 2]
    if len(arguments) < 3:
        raise SystemExit(__doc__)
    new, old, history = arguments[0], arguments[1], arguments[2]
    works = arguments[3:] or WORKS
    scratch = tempfile.mkdtemp(prefix="quiz-compare-")
    try:
        builds = {}
        for name, binary in (("A", new), ("B", old)):
            home = os.path.join(scratch, name + "-home")
            os.makedirs(home)
            builds[name] = (os.path.abspath(binary), home, os.path.join(scratch, name + "-data"))

        def fresh(name, work):
            binary, home, folder = builds[name]
            shutil.rmtree(folder, ignore_errors=True)
            shutil.copytree(history, folder)
            # Untimed: the first record makes the journal, the first menu the
            # schedule; --stats the statistics file, and a game after it.
            primes = ("record", "menu")
            if work in ("record-after-stats", "stats"):
                primes += ("stats", "record")
            for prime in primes:
                run(*command(prime, binary, 0, folder)[:2], home)

        for work in works:
            for name in builds:
                fresh(name, work)
            times = {"A": [], "B": []}
            for index in range(pairs):
                if work.startswith("record") and index % 8 == 7:
                    for name in builds:
                        fresh(name, work)
                order = ("A", "B") if index % 2 == 0 else ("B", "A")
                for name in order:
                    binary, home, folder = builds[name]
                    argv, stdin = command(work, binary, index, folder)
                    times[name].append(run(argv, stdin, home))
            ratios = [a / b for a, b in zip(times["A"], times["B"])]
            print(
                f"{work:8} A {1000 * statistics.median(times['A']):6.2f} ms  "
                f"B {1000 * statistics.median(times['B']):6.2f} ms  "
                f"A/B {statistics.median(ratios):.3f} (median of {pairs} pairs)"
            )
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
