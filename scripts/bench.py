#!/usr/bin/env python3
"""make bench: whole `quiz` processes against sqlite3 and the classic pattern.

For histories of 1,000, 10,000 and 100,000 games (and 1,000,000 with
BENCH_FULL=1) this generates a history (untimed) with `quiz-bench generate`,
loads the same rows into a SQLite database, then times, A B A B ... after one
warm-up run of each, whole processes as a user meets them:

  record    a piped 5-question game of `quiz`  | sqlite3 INSERT session + results | quiz-bench classic-record
  recent    quiz --history --limit 20           | sqlite3 -box SELECT ... ORDER BY date DESC LIMIT 20
  history   quiz --history (the whole table)    | sqlite3 -box SELECT ... ORDER BY date DESC
  export    quiz --history --format csv         | sqlite3 -csv SELECT (the same columns)
  stats     quiz --stats                        | sqlite3 GROUP BY quiz + the five most-missed prompts
  stats html quiz --stats --format html (the page) | quiz --stats (the text, same history)
  share     quiz --share (the last game)        | sqlite3 the last session's results
  merge     quiz --merge-history (100k into 100k, at 100k only) | sqlite3 INSERT OR IGNORE ... SELECT (unique key)
  start-up  quiz opentdb --questions opentdb.json -n 5 (to the first question) | quiz --version
  due       the menu to its line of questions due for review  | quiz --version
  review    quiz --review -n 1 (to the first question)         | quiz --version
            (both after one untimed run that builds history.schedule)
  sync      the menu with a sync folder of five machines' files, nothing new | the menu without one

Wall clock with time.perf_counter_ns from spawn to reaped (os.wait4); peak
memory from /usr/bin/time's maximum resident set in the warm-up run (see
run()). Prints a Markdown table and writes BENCHMARKS.md and
.build/bench/results.json. Python 3 standard library, the sqlite3 CLI and the
release binaries only.

Environment: BENCH_FULL=1 adds 1,000,000 games; BENCH_RUNS=N timed runs of
each (default 5); BENCH_SIZES=1000,10000 replaces the sizes;
BENCH_CLASSIC_TIMEOUT=S stops one classic run after S seconds (default 20);
BENCH_OUTPUT=FILE writes the report there instead of BENCHMARKS.md;
BENCH_ONLY=merge measures only the merge row, BENCH_ONLY=stats-html only the
page's row at each size, BENCH_ONLY=sync only the sync row (at the sizes;
printed, nothing written), BENCH_ONLY=anki only the Anki row: a package of
20,000 notes (Tests/QuizCLITests/Fixtures/anki/make-decks.py --big, made by
Anki's own library, untimed) imported by `quiz --import` and by Anki's library
into an empty collection, whole processes (printed; skipped with a message
where Python's `anki` is missing).
"""

import csv
import datetime
import json
import os
import platform
import re
import shutil
import signal
import sqlite3
import statistics
import subprocess
import sys
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RELEASE = os.path.join(ROOT, ".build", "release")
# The quiz that make play and make install ship: Swift libraries static (make build).
QUIZ = os.environ.get("BENCH_QUIZ") or os.path.join(ROOT, ".build", "static", "release", "quiz")
TIME = "/usr/bin/time"
GENERATOR = os.path.join(RELEASE, "quiz-bench")
WORK = os.path.join(ROOT, ".build", "bench")
# ../shared beside the checkout (or beside the folder of worktrees); BENCH_OPENTDB=FILE elsewhere.
OPENTDB = os.environ.get("BENCH_OPENTDB") or next(
    (
        path
        for path in (
            os.path.normpath(os.path.join(ROOT, up, "shared", "data", "opentdb", "opentdb.json"))
            for up in ("..", os.path.join("..", ".."))
        )
        if os.path.exists(path)
    ),
    os.path.normpath(os.path.join(ROOT, "..", "shared", "data", "opentdb", "opentdb.json")),
)
REPORT = os.environ.get("BENCH_OUTPUT") or os.path.join(ROOT, "BENCHMARKS.md")

FULL = os.environ.get("BENCH_FULL", "") not in ("", "0")
RUNS = int(os.environ.get("BENCH_RUNS") or 5)
SIZES = (
    [int(size) for size in os.environ["BENCH_SIZES"].split(",")]
    if os.environ.get("BENCH_SIZES")
    else [1_000, 10_000, 100_000] + ([1_000_000] if FULL else [])
)
CLASSIC_TIMEOUT = float(os.environ.get("BENCH_CLASSIC_TIMEOUT") or 20)
TIMEOUT = 600  # any one process
TARGET_SIZE = 100_000
BASE_SIZE = 1_000

ANSWERS = b"a\nb\na\nb\na\n"  # a letter answers a choice or a true/false; free text takes it as given
DESIGN_BEGIN = "<!-- design notes: make bench keeps this section as it is -->"
DESIGN_END = "<!-- end of design notes -->"
DESIGN_PLACEHOLDER = """**Placeholder, for the engineer optimising the store and the executable:**
what the history store and `quiz` do to meet (or why they miss) each target
above: the on-disk layout, what `record`, `--history --limit`, the CSV export
and start-up read, and what was measured to choose it. Replace this paragraph;
`make bench` keeps whatever stands between these two markers."""


def log(message):
    print(message, file=sys.stderr, flush=True)


# MARK: Running one process


class Run:
    """One finished process: wall time, peak resident set, status, output."""

    def __init__(self, nanoseconds, max_rss_kib, status, head, lines, stderr, timed_out, size=0):
        self.seconds = nanoseconds / 1e9
        self.size = size  # bytes written to stdout
        self.max_rss_mib = max_rss_kib / 1024
        self.status = status
        self.head = head
        self.lines = lines
        self.stderr = stderr
        self.timed_out = timed_out


def environment():
    """quiz sees a scratch HOME and no data folder of the user's."""
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("QUIZ_", "XDG_")) and key not in ("NO_COLOR", "TERM")
    }
    env["HOME"] = os.path.join(WORK, "home")
    env["NO_COLOR"] = "1"
    env["TERM"] = "dumb"
    return env


ENV = None


def run(argv, stdin=None, timeout=TIMEOUT, memory=False, extra_env=None):
    """Spawns argv, feeds stdin (bytes, else end of file), reads stdout
    through a pipe to its end, reaps the child with wait4. Timed from just
    before the spawn to just after the reaping.

    With `memory`, argv runs under /usr/bin/time, whose maximum resident set
    is the peak: the ru_maxrss that wait4 gives for a child of Python starts
    at Python's own (Linux carries the parent's high-water mark through fork
    and exec), while /usr/bin/time is a small parent. It adds a millisecond
    or two, so timed runs are spawned directly."""
    stderr_path = os.path.join(WORK, "stderr.txt")
    memory_path = os.path.join(WORK, "maxrss.txt")
    if memory:
        argv = [TIME, "-f", "%M", "-o", memory_path] + argv
    with open(stderr_path, "wb") as stderr_file:
        start = time.perf_counter_ns()
        process = subprocess.Popen(
            argv,
            stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=stderr_file,
            env=dict(ENV, **extra_env) if extra_env else ENV,
            cwd=WORK,
            start_new_session=True,
        )
        timed_out = threading.Event()

        def stop():
            timed_out.set()
            try:
                os.killpg(process.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass

        timer = threading.Timer(timeout, stop)
        timer.start()
        if stdin is not None:
            process.stdin.write(stdin)
            process.stdin.close()
        head = bytearray()
        lines = 0
        size = 0
        while True:
            chunk = process.stdout.read1(1 << 16)
            if not chunk:
                break
            lines += chunk.count(b"\n")
            size += len(chunk)
            if len(head) < (1 << 20):
                head += chunk
        _, wait_status, usage = os.wait4(process.pid, 0)
        end = time.perf_counter_ns()
        timer.cancel()
        process.stdout.close()
        process.returncode = os.waitstatus_to_exitcode(wait_status)
    with open(stderr_path, "rb") as stderr_file:
        stderr = stderr_file.read().decode("utf-8", "replace")
    max_rss = usage.ru_maxrss
    if memory and not timed_out.is_set():
        with open(memory_path) as memory_file:
            max_rss = int(memory_file.read().split()[-1])
    return Run(
        end - start,
        max_rss,
        process.returncode,
        bytes(head).decode("utf-8", "replace"),
        lines,
        stderr,
        timed_out.is_set(),
        size,
    )


def compactions_running(folder):
    """Background `quiz --compact-history` processes on this data folder."""
    found = 0
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as handle:
                argv = handle.read().split(b"\0")
        except OSError:
            continue
        if b"--compact-history" in argv and folder.encode() in argv:
            found += 1
    return found


def wait_for_compaction(folder, notes):
    """A record may start a compaction that outlives it; it is not the
    player's wait, so it is not timed, but the next run must not share the
    machine with it."""
    if not compactions_running(folder):
        return
    started = time.perf_counter()
    while compactions_running(folder):
        time.sleep(0.01)
    notes.append(f"a background compaction ran for {time.perf_counter() - started:.1f} s (not timed)")


# MARK: Contenders


class Contender:
    """One program doing one piece of work; `make(i)` gives argv and stdin for run i."""

    def __init__(self, program, make, check, timeout=TIMEOUT, after=None, prime=False, extra_env=None):
        self.program = program
        self.extra_env = extra_env  # variables added to ENV for this program only
        self.make = make
        self.check = check
        self.timeout = timeout
        self.after = after
        self.prime = prime  # one untimed run before the warm-up (see measure)
        self.runs = []
        self.peak = None  # MiB, from the warm-up run
        self.skipped = None  # why no (more) runs were made

    def once(self, index, mode="timed"):
        argv, stdin = self.make(index)
        result = run(argv, stdin, self.timeout, memory=mode == "memory", extra_env=self.extra_env)
        if self.after:
            self.after()
        if result.timed_out:
            self.skipped = f"stopped after {self.timeout:.0f} s"
            return
        problem = self.check(result)
        if problem:
            raise SystemExit(
                f"bench: {' '.join(argv)} {problem} (status {result.status})\n"
                f"--- stdout ---\n{result.head[-2000:]}\n--- stderr ---\n{result.stderr[-2000:]}"
            )
        if mode == "memory":
            self.peak = result.max_rss_mib
        elif mode == "timed":
            self.runs.append(result)

    @property
    def median(self):
        return statistics.median(r.seconds for r in self.runs) if self.runs else None


def compare(contenders, runs):
    """A priming run where asked, one warm-up of each (under /usr/bin/time,
    for the peak memory), then timed rounds A B C, A B C, ... A contender
    that was stopped is left out of the rounds that follow."""
    for contender in contenders:
        if contender.prime:
            contender.once(-2, mode="prime")
    for contender in contenders:
        if contender.skipped is None:
            contender.once(-1, mode="memory")
    for index in range(runs):
        for contender in contenders:
            if contender.skipped is None:
                contender.once(index)


def pairwise_ratio(a, b):
    """Median of run i of a over run i of b."""
    pairs = list(zip(a.runs, b.runs))
    if not pairs:
        return None
    return statistics.median(x.seconds / y.seconds for x, y in pairs)


def expect(*fragments, status=0):
    def check(result):
        if result.status != status:
            return "failed"
        for fragment in fragments:
            if fragment not in result.head:
                return f"did not print {fragment!r}"
        return None

    return check


# MARK: One size


def sql_text(value):
    return "'" + value.replace("'", "''") + "'"


def utc_now():
    return datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3] + "Z"


GAME_RESULTS = json.dumps(
    [
        ["right", "What is the capital of Australia?", "Canberra", "Canberra"],
        ["wrong", "What is the capital of Canada?", "Toronto", "Ottawa"],
        ["right", "Istanbul is the capital of Turkey.", "False", "False"],
        ["right", "Which city is the capital of Japan?", "Tokyo", "Tokyo"],
        ["skipped", "What is the capital of Brazil?", None, "Brasília"],
    ],
    ensure_ascii=False,
    separators=(",", ":"),
)


SCHEMA = (
    "CREATE TABLE sessions (id INTEGER PRIMARY KEY, date TEXT NOT NULL, quiz TEXT, title TEXT, "
    "score INTEGER NOT NULL, total INTEGER, duration REAL, seed INTEGER)",
    "CREATE TABLE results (session INTEGER NOT NULL REFERENCES sessions (id), position INTEGER NOT NULL, "
    "outcome TEXT NOT NULL, prompt TEXT NOT NULL, given TEXT, answer TEXT NOT NULL)",
)
INDEXES = (
    "CREATE INDEX sessions_by_date ON sessions (date)",
    "CREATE INDEX results_by_session ON results (session)",
)


def load_sqlite(csv_path, database):
    """The same games in a table `sessions` and their per-question results in
    a table `results`, with an index on date and one on results' session (untimed)."""
    connection = sqlite3.connect(database)
    with connection:
        for statement in SCHEMA:
            connection.execute(statement)
        with open(csv_path, newline="", encoding="utf-8") as handle:
            rows = csv.reader(handle)
            next(rows)
            sessions = []
            results = []
            for number, (date, quiz, title, score, total, duration, seed, result_json) in enumerate(rows, 1):
                sessions.append((number, date, quiz, title, int(score), int(total), float(duration), int(seed)))
                for position, (outcome, prompt, given, answer) in enumerate(json.loads(result_json)):
                    results.append((number, position, outcome, prompt, given, answer))
            connection.executemany("INSERT INTO sessions VALUES (?, ?, ?, ?, ?, ?, ?, ?)", sessions)
            connection.executemany("INSERT INTO results VALUES (?, ?, ?, ?, ?, ?)", results)
        for statement in INDEXES:
            connection.execute(statement)
    connection.close()


def file_size(path):
    try:
        return os.path.getsize(path)
    except OSError:
        return 0


def measure(size, runs, classic_allowed):
    log(f"== {size:,} games ==")
    folder = os.path.join(WORK, str(size))
    shutil.rmtree(folder, ignore_errors=True)
    data_dir = os.path.join(folder, "data")
    csv_path = os.path.join(folder, "history.csv")
    database = os.path.join(folder, "history.db")
    os.makedirs(folder)
    started = time.perf_counter()
    generated = subprocess.run(
        [GENERATOR, "generate", "--sessions", str(size), "--data-dir", data_dir, "--csv", csv_path, "--seed", "1"],
        env=ENV,
        stdout=subprocess.PIPE,
        text=True,
    )
    if generated.returncode != 0:
        raise SystemExit(f"bench: quiz-bench generate --sessions {size} failed")
    load_sqlite(csv_path, database)
    os.unlink(csv_path)
    log(f"   generated in {time.perf_counter() - started:.1f} s (untimed): {generated.stdout.strip()}")
    notes = []
    result = {"size": size, "work": {}, "notes": notes}

    def after_record():
        wait_for_compaction(data_dir, notes)

    # record
    quiz_record = Contender(
        "quiz",
        lambda i: (
            [QUIZ, "world-capitals", "-n", "5", "--seed", str(1000 + i), "--data-dir", data_dir, "--no-color"],
            ANSWERS,
        ),
        expect("right ("),
        after=after_record,
        prime=True,
    )

    def insert(_):
        values = ", ".join(
            [sql_text(utc_now()), sql_text("world-capitals"), sql_text("World Capitals"), "3", "5", "41.5", "4242"]
        )
        rows = ", ".join(
            f"(last_insert_rowid(), {position}, {sql_text(outcome)}, {sql_text(prompt)}, "
            f"{'NULL' if given is None else sql_text(given)}, {sql_text(answer)})"
            for position, (outcome, prompt, given, answer) in enumerate(json.loads(GAME_RESULTS))
        )
        # One transaction: the session, then its results (last_insert_rowid() is
        # the session's id in the one INSERT of all five results).
        statement = (
            "BEGIN; INSERT INTO sessions (date, quiz, title, score, total, duration, seed) "
            f"VALUES ({values}); INSERT INTO results VALUES {rows}; COMMIT;"
        )
        return ["sqlite3", database, statement], None

    sqlite_insert = Contender("sqlite3", insert, expect())
    record = [quiz_record, sqlite_insert]
    classic = None
    if classic_allowed:
        classic = Contender(
            "classic", lambda i: ([GENERATOR, "classic-record", data_dir], None), expect("classic:"), CLASSIC_TIMEOUT
        )
        record.append(classic)
    log("   record")
    compare(record, runs)
    if classic and classic.skipped:
        log(f"   classic: {classic.skipped}")
    result["work"]["record"] = record
    if size == TARGET_SIZE:
        classic_record = measure_classic(size, runs, folder, notes)
        if classic_record:
            result["work"]["record, classic archive"] = classic_record
        result["work"]["merge"] = measure_merge(size, runs, folder, notes)

    # recent
    recent = [
        Contender(
            "quiz",
            lambda i: ([QUIZ, "--history", "--limit", "20", "--data-dir", data_dir, "--no-color"], None),
            expect("20 games"),
        ),
        Contender(
            "sqlite3",
            lambda i: (
                [
                    "sqlite3",
                    "-box",
                    database,
                    "SELECT date, quiz, title, score, total, duration FROM sessions ORDER BY date DESC LIMIT 20",
                ],
                None,
            ),
            expect(),
        ),
    ]
    log("   recent")
    compare(recent, runs)
    result["work"]["recent"] = recent

    # export
    def rows_check(result):
        problem = expect("date,quiz,title")(result)
        if problem:
            return problem
        if result.lines < size + 1:
            return f"printed {result.lines} lines, fewer than {size + 1}"
        return None

    export = [
        Contender(
            "quiz",
            lambda i: ([QUIZ, "--history", "--format", "csv", "--data-dir", data_dir], None),
            rows_check,
        ),
        Contender(
            "sqlite3",
            lambda i: (
                [
                    "sqlite3",
                    "-csv",
                    "-header",
                    database,
                    "SELECT date, quiz, title, score, total, CAST(round(100.0 * score / total) AS INTEGER) AS percent, "
                    "duration AS duration_seconds, seed FROM sessions ORDER BY date DESC",
                ],
                None,
            ),
            rows_check,
        ),
    ]
    log("   export")
    compare(export, runs)
    result["work"]["export"] = export

    # history: the whole table
    def table_check(result):
        problem = expect()(result)
        if problem:
            return problem
        if result.lines < size:
            return f"printed {result.lines} lines, fewer than {size}"
        return None

    history = [
        Contender("quiz", lambda i: ([QUIZ, "--history", "--data-dir", data_dir, "--no-color"], None), table_check),
        Contender(
            "sqlite3",
            lambda i: (
                [
                    "sqlite3",
                    "-box",
                    database,
                    "SELECT date, quiz, title, score, total, duration FROM sessions ORDER BY date DESC",
                ],
                None,
            ),
            table_check,
        ),
    ]
    log("   history")
    compare(history, runs)
    result["work"]["history"] = history

    # stats
    stats = [
        Contender(
            "quiz",
            lambda i: ([QUIZ, "--stats", "--data-dir", data_dir, "--no-color"], None),
            expect("games", "Questions you miss most"),
        ),
        Contender(
            "sqlite3",
            lambda i: (
                [
                    "sqlite3",
                    "-box",
                    database,
                    "SELECT quiz, count(*) AS games, max(1.0 * score / total) AS best, avg(1.0 * score / total) AS "
                    "average FROM sessions GROUP BY quiz ORDER BY games DESC; "
                    "SELECT prompt, count(*) AS asked, sum(outcome != 'right') AS missed "
                    "FROM results GROUP BY prompt ORDER BY missed DESC LIMIT 5",
                ],
                None,
            ),
            expect(),
        ),
    ]
    log("   stats")
    compare(stats, runs)
    result["work"]["stats"] = stats

    log("   stats html")
    stats_html = stats_html_work(data_dir)
    compare(stats_html, runs)
    result["work"]["stats html"] = stats_html

    # share: the last game
    share = [
        Contender("quiz", lambda i: ([QUIZ, "--share", "--data-dir", data_dir, "--no-color"], None), expect("quiz ")),
        Contender(
            "sqlite3",
            lambda i: (
                [
                    "sqlite3",
                    database,
                    "SELECT s.date, s.quiz, s.title, s.score, s.total, s.duration, s.seed, r.outcome FROM sessions s "
                    "JOIN results r ON r.session = s.id WHERE s.id = (SELECT max(id) FROM sessions) ORDER BY r.position",
                ],
                None,
            ),
            expect(),
        ),
    ]
    log("   share")
    compare(share, runs)
    result["work"]["share"] = share

    # start-up
    if os.path.exists(OPENTDB):
        startup = [
            Contender(
                "quiz opentdb",
                lambda i: (
                    [QUIZ, "opentdb", "--questions", OPENTDB, "-n", "5", "--data-dir", data_dir, "--no-color"],
                    None,
                ),
                expect("Question 1/5"),
            ),
            Contender("quiz --version", lambda i: ([QUIZ, "--version"], None), expect("quiz ")),
        ]
        log("   start-up")
        compare(startup, runs)
        result["work"]["start-up"] = startup

    # Reviews: the menu's due count and --review's first question, from the
    # schedule kept beside the history (the priming run builds it). A month
    # after the history's last game (QUIZ_NOW): in a million generated games
    # every question was met within the last hours, so nothing would be due
    # yet and --review would ask nothing.
    later = {"QUIZ_NOW": (datetime.datetime.now(datetime.timezone.utc) + datetime.timedelta(days=30)).strftime(
        "%Y-%m-%dT%H:%M:%SZ")}
    due = [
        Contender(
            "quiz menu",
            lambda i: ([QUIZ, "--data-dir", data_dir, "--no-color"], b"quit\n"),
            expect("questions due for review"),
            prime=True,
            extra_env=later,
        ),
        Contender("quiz --version", lambda i: ([QUIZ, "--version"], None), expect("quiz ")),
    ]
    log("   due")
    compare(due, runs)
    result["work"]["due"] = due
    review = [
        Contender(
            "quiz --review",
            lambda i: ([QUIZ, "--review", "-n", "1", "--data-dir", data_dir, "--no-color"], b""),
            expect("Question 1/1"),
            prime=True,
            extra_env=later,
        ),
        Contender("quiz --version", lambda i: ([QUIZ, "--version"], None), expect("quiz ")),
    ]
    log("   review")
    compare(review, runs)
    result["work"]["review"] = review
    result["work"]["sync"] = measure_sync(data_dir, runs)

    # What the runs left: every game recorded, and the files.
    recorded = len(quiz_record.runs) + 2
    listing = run([QUIZ, "--history", "--format", "csv", "--data-dir", data_dir])
    if listing.lines != size + recorded + 1:
        raise SystemExit(f"bench: the history holds {listing.lines - 1} games, expected {size + recorded}")
    count = subprocess.run(["sqlite3", database, "SELECT count(*) FROM sessions"], stdout=subprocess.PIPE, text=True)
    if int(count.stdout) != size + len(sqlite_insert.runs) + 1:
        raise SystemExit(f"bench: the SQLite table holds {count.stdout.strip()} rows")
    result["disk"] = {
        "quiz": sum(
            file_size(os.path.join(data_dir, name))
            for name in ("history.archive", "history.journal", "history.summary", "history.statistics")
        ),
        "sqlite": file_size(database),
        "classic": file_size(os.path.join(data_dir, "classic.archive")) if classic and classic.runs else None,
    }
    result["classic"] = classic
    return result


# The classic program of the tests: Session and SessionHistory archived with
# Foundation's own NSKeyedArchiver, as `QuizApp.Session`.
CLASSIC_PROGRAM = os.path.join(ROOT, "Tests", "QuizCLITests", "Fixtures", "classic-program", "main.swift")


def measure_classic(size, runs, folder, notes):
    """Recording a game into an archive of `size` games that a classic program
    wrote (date and score only; no journal sequence): the first game, each run
    into a fresh copy, and the next ones, each run one more game into a copy
    that has had its first. None when swiftc cannot build the program."""
    swiftc = shutil.which("swiftc")
    if not swiftc:
        notes.append("record, classic archive: not measured (no swiftc to build the classic program)")
        return None
    program = os.path.join(WORK, "classic-program")
    archive = os.path.join(folder, "classic-seed.archive")
    started = time.perf_counter()
    for argv in (
        [swiftc, "-O", "-module-name", "QuizApp", CLASSIC_PROGRAM, "-o", program],
        [program, "write", "seed", str(size), archive],
    ):
        if subprocess.run(argv, env=ENV, stdout=subprocess.DEVNULL).returncode != 0:
            raise SystemExit(f"bench: {' '.join(argv)} failed")
    log(f"   classic archive of {size:,} games written by Foundation in {time.perf_counter() - started:.1f} s (untimed)")

    def fresh(data_dir):
        shutil.rmtree(data_dir, ignore_errors=True)
        os.makedirs(data_dir, mode=0o700)
        shutil.copyfile(archive, os.path.join(data_dir, "history.archive"))
        os.chmod(os.path.join(data_dir, "history.archive"), 0o600)

    def game(data_dir, i):
        return (
            [QUIZ, "world-capitals", "-n", "5", "--seed", str(2000 + i), "--data-dir", data_dir, "--no-color"],
            ANSWERS,
        )

    first_dir = os.path.join(folder, "classic-first")
    next_dir = os.path.join(folder, "classic-next")

    def first(i):
        fresh(first_dir)  # untimed: before the spawn
        return game(first_dir, i)

    def following(i):
        if not os.path.exists(next_dir):
            fresh(next_dir)  # the priming run records the first game
        return game(next_dir, i)

    contenders = [
        Contender("quiz, first game", first, expect("right ("), after=lambda: wait_for_compaction(first_dir, notes)),
        Contender(
            "quiz, next game", following, expect("right ("), after=lambda: wait_for_compaction(next_dir, notes), prime=True
        ),
    ]
    log("   record, classic archive")
    compare(contenders, runs)
    listing = run([QUIZ, "--history", "--format", "csv", "--data-dir", next_dir])
    if listing.lines != size + len(contenders[1].runs) + 3:
        raise SystemExit(f"bench: the classic history holds {listing.lines - 1} games")
    return contenders


def measure_sync(data_dir, runs):
    """The menu (`quit` at once) with a sync folder of five machines' files
    and nothing new in them, against the menu without one, on one data
    folder. The folder: this machine's own file (written whole by a first,
    untimed sync: every game of the history) and four other machines' files
    holding the same games (copies under their names), read once by the
    priming run; each timed run then finds every file as it was read."""
    sync_dir = os.path.join(os.path.dirname(data_dir), "sync")
    shutil.rmtree(sync_dir, ignore_errors=True)
    os.makedirs(sync_dir)
    first = run([QUIZ, "--history", "--limit", "1", "--data-dir", data_dir], extra_env={"QUIZ_SYNC_DIR": sync_dir})
    own = [name for name in os.listdir(sync_dir) if name.startswith("quiz-")]
    if first.status != 0 or len(own) != 1:
        raise SystemExit(f"bench: the first sync wrote {own} (status {first.status}): {first.stderr[-500:]}")
    for machine in range(2, 6):
        shutil.copyfile(os.path.join(sync_dir, own[0]), os.path.join(sync_dir, f"quiz-machine{machine}-0000000{machine}.journal"))
    contenders = [
        Contender(
            "quiz menu, sync folder",
            lambda i: ([QUIZ, "--data-dir", data_dir, "--no-color"], b"quit\n"),
            expect(),
            prime=True,
            extra_env={"QUIZ_SYNC_DIR": sync_dir},
        ),
        Contender("quiz menu", lambda i: ([QUIZ, "--data-dir", data_dir, "--no-color"], b"quit\n"), expect()),
    ]
    log("   sync")
    compare(contenders, runs)
    return contenders


def generate_with_sqlite(size, seed, folder):
    """A generated history (`quiz-bench generate --seed`) in folder/data and
    the same games in folder/history.db (untimed)."""
    data_dir = os.path.join(folder, "data")
    csv_path = os.path.join(folder, "history.csv")
    database = os.path.join(folder, "history.db")
    os.makedirs(folder)
    argv = [GENERATOR, "generate", "--sessions", str(size), "--data-dir", data_dir, "--csv", csv_path, "--seed", str(seed)]
    if subprocess.run(argv, env=ENV, stdout=subprocess.DEVNULL).returncode != 0:
        raise SystemExit(f"bench: {' '.join(argv)} failed")
    load_sqlite(csv_path, database)
    os.unlink(csv_path)
    return data_dir, database


# The game's columns: SQLite's unique key, and what a merge compares.
GAME_KEY = "date, quiz, title, score, total, duration, seed"


def stats_html_work(data_dir):
    """The page of charts against the text `--stats` of the same history
    (the issue's bound: at most 1.5 times its time, under 64 MiB, a page
    under 1 MB). The text's history.statistics is made by the warm-up runs."""

    def whole_page(result):
        if result.status != 0:
            return "failed"
        if not result.head.startswith("<!DOCTYPE html>"):
            return "did not print a page"
        return None

    return [
        Contender(
            "quiz --format html",
            lambda i: ([QUIZ, "--stats", "--format", "html", "--data-dir", data_dir, "--no-color"], None),
            whole_page,
            prime=True,
        ),
        Contender(
            "quiz (text)",
            lambda i: ([QUIZ, "--stats", "--data-dir", data_dir, "--no-color"], None),
            expect("games", "Questions you miss most"),
        ),
    ]


def stats_html_target(work):
    """The target row of the page, from a size's "stats html" work."""
    page, text = work["stats html"]
    value = pairwise_ratio(page, text)
    size = max((r.size for r in page.runs), default=0)
    ok = value is not None and value <= 1.5 and page.peak is not None and page.peak < 64 and size < 1_000_000
    return (
        "`--stats --format html` at 100k ≤ 1.5× the text `--stats`, < 64 MiB, the page < 1 MB",
        f"{times_text(value)}, {page.peak:,.1f} MiB, {size:,} bytes",
        "PASS" if ok else "FAIL",
    )


def measure_stats_html(size, runs):
    """BENCH_ONLY=stats-html: a generated history of `size` games and the page's row."""
    log(f"== {size:,} games: stats html ==")
    folder = os.path.join(WORK, f"stats-html-{size}")
    shutil.rmtree(folder, ignore_errors=True)
    data_dir = os.path.join(folder, "data")
    os.makedirs(folder)
    generated = subprocess.run(
        [GENERATOR, "generate", "--sessions", str(size), "--data-dir", data_dir, "--csv", folder + "/h.csv"],
        env=ENV,
        stdout=subprocess.DEVNULL,
    )
    if generated.returncode != 0:
        raise SystemExit(f"bench: quiz-bench generate --sessions {size} failed")
    work = stats_html_work(data_dir)
    compare(work, runs)
    return {"size": size, "work": {"stats html": work}}


def measure_merge(size, runs, folder, notes):
    """`quiz --merge-history` of one machine's history of `size` games into
    another's (two seeds: no game shared), each run into a fresh copy, against
    SQLite adding the same games to a copy of the other table with a unique
    key: `INSERT OR IGNORE ... SELECT` of the sessions, then the new ones'
    results, in one transaction."""
    folder = os.path.join(folder, "merge")
    shutil.rmtree(folder, ignore_errors=True)
    started = time.perf_counter()
    ours_dir, ours_db = generate_with_sqlite(size, 1, os.path.join(folder, "ours"))
    theirs_dir, theirs_db = generate_with_sqlite(size, 2, os.path.join(folder, "theirs"))
    connection = sqlite3.connect(ours_db)
    with connection:
        connection.execute(f"CREATE UNIQUE INDEX sessions_game ON sessions ({GAME_KEY})")
    connection.close()
    log(f"   two histories of {size:,} games generated in {time.perf_counter() - started:.1f} s (untimed)")
    target_dir = os.path.join(folder, "target")
    target_db = os.path.join(folder, "target.db")

    def quiz(_):
        shutil.rmtree(target_dir, ignore_errors=True)  # untimed: before the spawn
        shutil.copytree(ours_dir, target_dir)
        return [QUIZ, "--merge-history", theirs_dir, "--data-dir", target_dir], None

    joined = " AND ".join(f"s.{column} IS t.{column}" for column in GAME_KEY.split(", "))

    def sqlite(_):
        shutil.copyfile(ours_db, target_db)
        statement = (
            f"ATTACH {sql_text(theirs_db)} AS theirs; BEGIN; "
            "CREATE TEMP TABLE mark AS SELECT coalesce(max(id), 0) AS id FROM main.sessions; "
            f"INSERT OR IGNORE INTO main.sessions ({GAME_KEY}) SELECT {GAME_KEY} FROM theirs.sessions ORDER BY id; "
            "INSERT INTO main.results SELECT s.id, r.position, r.outcome, r.prompt, r.given, r.answer "
            "FROM theirs.results r JOIN theirs.sessions t ON t.id = r.session "
            f"JOIN main.sessions s ON {joined} WHERE s.id > (SELECT id FROM temp.mark); COMMIT;"
        )
        return ["sqlite3", target_db, statement], None

    contenders = [
        Contender(
            "quiz --merge-history",
            quiz,
            expect(f"{size} games added, 0 already"),
            after=lambda: wait_for_compaction(target_dir, notes),
        ),
        Contender("sqlite3", sqlite, expect()),
    ]
    log("   merge")
    compare(contenders, runs)
    count = subprocess.run(["sqlite3", target_db, "SELECT count(*) FROM sessions"], stdout=subprocess.PIPE, text=True)
    if int(count.stdout) != 2 * size:
        raise SystemExit(f"bench: the merged SQLite table holds {count.stdout.strip()} rows")
    return contenders


# MARK: Report


def milliseconds(seconds):
    if seconds is None:
        return "–"
    value = seconds * 1000
    return f"{value:,.0f} ms" if value >= 100 else f"{value:.1f} ms"


def times_text(value):
    return f"{value:,.0f}×" if value >= 100 else f"{value:.2f}×"


def mebibytes(size):
    return f"{size / (1 << 20):,.1f} MiB"


def machine():
    def output(argv):
        try:
            return subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True).stdout.rstrip()
        except OSError:
            return "unknown"

    cpu = "unknown"
    try:
        with open("/proc/cpuinfo") as handle:
            for line in handle:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    memory = output(["free", "-h"]).splitlines()
    return {
        "cpu": cpu,
        "cores": output(["nproc"]),
        "memory": memory[1].split()[1] if len(memory) > 1 else "unknown",
        "free": "\n".join(memory),
        "kernel": platform.release(),
        "swift": output(["swift", "--version"]).splitlines()[0] if shutil.which("swift") else "unknown",
        "sqlite": output(["sqlite3", "--version"]).split()[0],
        "python": platform.python_version(),
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "load": "%.2f %.2f %.2f" % os.getloadavg(),
    }


def results_table(results, runs):
    lines = [
        "| games | work | program | median | min – max | runs | peak RSS | ratio (median of pairs) |",
        "| ---: | --- | --- | ---: | ---: | ---: | ---: | --- |",
    ]
    for result in results:
        for work, contenders in result["work"].items():
            reference = contenders[1]
            for contender in contenders:
                if contender.runs:
                    times = [r.seconds for r in contender.runs]
                    spread = f"{milliseconds(min(times))} – {milliseconds(max(times))}"
                    if contender is reference:
                        ratio = "1×"
                    else:
                        value = pairwise_ratio(contender, reference)
                        ratio = f"**{times_text(value)}** {reference.program}"
                    row = [
                        milliseconds(contender.median),
                        spread,
                        str(len(contender.runs)),
                        f"{contender.peak:,.1f} MiB",
                        ratio,
                    ]
                else:
                    row = ["–", "–", "0", "–", f"not measured: {contender.skipped}"]
                note = ""
                if contender.runs and len(contender.runs) < runs:
                    note = f" ({contender.skipped})"
                lines.append(
                    f"| {result['size']:,} | {work} | {contender.program}{note} | " + " | ".join(row) + " |"
                )
    return lines


def disk_table(results):
    lines = [
        "| games | quiz: history.archive + .journal + .summary + .statistics | SQLite: .db (two tables, two indexes) "
        "| quiz ÷ SQLite "
        "| classic.archive (NSKeyedArchiver) |",
        "| ---: | ---: | ---: | ---: | ---: |",
    ]
    for result in results:
        disk = result["disk"]
        classic = mebibytes(disk["classic"]) if disk["classic"] else "–"
        lines.append(
            f"| {result['size']:,} | {mebibytes(disk['quiz'])} | {mebibytes(disk['sqlite'])} | "
            f"{disk['quiz'] / disk['sqlite']:.2f}× | {classic} |"
        )
    return lines


def targets(results):
    """(target, measured, verdict) rows; ratios come from this one run."""
    by_size = {result["size"]: result for result in results}
    rows = []
    big = by_size.get(TARGET_SIZE)
    base = by_size.get(BASE_SIZE)
    if big is None:
        return [("every target is at 100,000 games", "100,000 was not among the sizes", "NOT MEASURED")]

    def verdict(value, limit, strict=False):
        if value is None:
            return "NOT MEASURED"
        return "PASS" if (value < limit if strict else value <= limit) else "FAIL"

    work = big["work"]
    peers = {
        "record": "SQLite's insert (session + results)",
        "recent": "SQLite's `LIMIT 20`",
        "history": "SQLite's whole `-box` table",
        "export": "SQLite's CSV",
        "stats": "SQLite's group by + most missed",
        "share": "SQLite's last session",
    }
    for name, peer in peers.items():
        if name not in work:
            continue
        value = pairwise_ratio(work[name][0], work[name][1])
        rows.append((f"{name} at 100k ≤ 2.0× {peer}", times_text(value), verdict(value, 2.0)))
    if base:
        value = work["record"][0].median / base["work"]["record"][0].median
        rows.append(
            (
                "record at 100k ≤ 1.5× record at 1k",
                f"{times_text(value)} ({milliseconds(work['record'][0].median)} ÷ "
                f"{milliseconds(base['work']['record'][0].median)})",
                verdict(value, 1.5),
            )
        )
    if "record, classic archive" in work:
        following = work["record, classic archive"][1].median
        value = following / work["record"][1].median
        rows.append(
            (
                "a game after the first into a 100k classic archive ≤ 2.0× SQLite's insert",
                f"{times_text(value)} ({milliseconds(following)}; the first: "
                f"{milliseconds(work['record, classic archive'][0].median)})",
                verdict(value, 2.0),
            )
        )
    if "stats html" in work:
        rows.append(stats_html_target(work))
    if "merge" in work:
        value = pairwise_ratio(work["merge"][0], work["merge"][1])
        rows.append(
            (
                "`--merge-history` of 100k games into 100k ≤ 2.0× SQLite's `INSERT OR IGNORE … SELECT`, < 64 MiB",
                f"{times_text(value)}, {work['merge'][0].peak:,.1f} MiB",
                "PASS" if value is not None and value <= 2.0 and work["merge"][0].peak < 64 else "FAIL",
            )
        )
    if "start-up" in work:
        value = pairwise_ratio(work["start-up"][0], work["start-up"][1])
        rows.append(
            (
                "start-up with the Open Trivia file ≤ 2.0× `quiz --version` (100k history)",
                times_text(value),
                verdict(value, 2.0),
            )
        )
    else:
        rows.append(
            ("start-up with the Open Trivia file ≤ 2.0× `quiz --version`", f"{OPENTDB} is absent", "NOT MEASURED")
        )
    for name, label in (("due", "the menu's due count"), ("review", "`--review`'s first question")):
        value = pairwise_ratio(work[name][0], work[name][1]) if name in work else None
        rows.append(
            (
                f"{label} at 100k ≤ 2.0× `quiz --version`",
                times_text(value) if value is not None else "not run",
                verdict(value, 2.0),
            )
        )
    if "sync" in work:
        value = pairwise_ratio(work["sync"][0], work["sync"][1])
        rows.append(
            (
                "the menu with a sync folder of five machines, nothing new, at 100k ≤ 1.2× the menu without",
                times_text(value),
                verdict(value, 1.2),
            )
        )
    for size, limit in ((TARGET_SIZE, None), (1_000_000, 2.5)):
        measured = by_size.get(size)
        if measured is None:
            rows.append((f"every command at {size:,} games < 64 MiB", "not measured (BENCH_FULL=1)", "NOT MEASURED"))
            continue
        quiz_runs = [(name, contenders[0]) for name, contenders in measured["work"].items() if contenders[0].peak]
        name, heaviest = max(quiz_runs, key=lambda item: item[1].peak)
        rows.append(
            (
                f"peak memory of every quiz command at {size:,} games < 64 MiB",
                f"{heaviest.peak:,.1f} MiB ({name}; the largest of {', '.join(n for n, _ in quiz_runs)})",
                verdict(heaviest.peak, 64, strict=True),
            )
        )
        if limit:
            for name in peers:
                if name in measured["work"]:
                    value = pairwise_ratio(measured["work"][name][0], measured["work"][name][1])
                    rows.append((f"{name} at 1M ≤ {limit}× SQLite", times_text(value), verdict(value, limit)))
    value = big["disk"]["quiz"] / big["disk"]["sqlite"]
    rows.append(("history on disk at 100k ≤ 1.0× the SQLite file", times_text(value), verdict(value, 1.0)))
    return rows


def kept_design_notes():
    try:
        with open(REPORT, encoding="utf-8") as handle:
            text = handle.read()
    except OSError:
        return DESIGN_PLACEHOLDER
    match = re.search(re.escape(DESIGN_BEGIN) + r"\n(.*?)\n" + re.escape(DESIGN_END), text, re.S)
    return match.group(1).strip() if match else DESIGN_PLACEHOLDER


def report(results, info, runs, elapsed, classic_note, anki_lines):
    target_rows = targets(results)
    command = "make bench" + "".join(
        f" {name}={os.environ[name]}"
        for name in ("BENCH_FULL", "BENCH_RUNS", "BENCH_SIZES", "BENCH_CLASSIC_TIMEOUT")
        if os.environ.get(name)
    )
    notes = [f"- {result['size']:,} games: {note}" for result in results for note in result["notes"]]
    table = results_table(results, runs)
    target_lines = ["| target | measured | result |", "| --- | --- | --- |"] + [
        f"| {target} | {measured} | **{verdict}** |" for target, measured, verdict in target_rows
    ]
    text = f"""# Benchmarks

Whole `quiz` processes, as a user meets them, side by side in one run with
`sqlite3` doing the same work on a table holding the same rows, and with the
classic pattern (the whole archive read with Foundation's `NSKeyedUnarchiver`,
one game appended, the whole history rewritten with `NSKeyedArchiver`) as a
baseline. Produced by `{command}` ({elapsed / 60:.1f} minutes for the harness,
build not included); rerun it after any change to the store or the executable.

## Machine

- {info['cpu']}, {info['cores']} cores (`nproc`), {info['memory']} of memory; shared with other work, so expect noise
  (load average {info['load']} at the start)
- Linux {info['kernel']}; {info['swift']}; SQLite {info['sqlite']}; Python {info['python']}
- {info['date']}; release build: `quiz` as `make build` makes it (`--static-swift-stdlib`, in `.build/static`), `quiz-bench` with `swift build -c release`

```
$ free -h
{info['free']}
```

## Targets (at 100,000 games, ratios from this run)

{chr(10).join(target_lines)}

## Every measurement

Median wall time of {runs} runs of each, after one warm-up run of each, run
interleaved (A B A B …); the ratio is the median of run *i* of a program over
run *i* of the reference (SQLite, or `quiz --version` for start-up). Peak RSS
is `/usr/bin/time`'s maximum resident set size in the warm-up run.

{chr(10).join(table)}

{classic_note}{(chr(10) + chr(10) + chr(10).join(notes)) if notes else ""}

## Importing an Anki package

`quiz --import` of a package of 20,000 Basic notes (made by Anki's own
library: `Tests/QuizCLITests/Fixtures/anki/make-decks.py --big 20000`)
against Anki's library importing the same package into an empty collection
(`Collection.import_anki_package`, with scheduling), whole processes, {runs}
runs of each in turn, medians; peak RSS from a warm-up run. Targets: quiz
in at most half Anki's time, under 64 MiB. `BENCH_ONLY=anki` runs this row
alone.

{chr(10).join(anki_lines)}

## History on disk

After the runs (each size's history grew by the games recorded; both sides by
the same number).

{chr(10).join(disk_table(results))}

## What is measured, exactly

- **Histories.** `quiz-bench generate --sessions N --seed 1` plays N games
  through `Game` with the bundled banks (5 to 10 questions each, prompts and
  answers from the banks, a player right about 60% of the time who skips now
  and then), finishing between five years ago and an hour ago, never two in
  the same second, and writes them with `KeyedArchive.data(for:journalSequence:)`
  (journal sequence N, as if every game had gone through the journal; no
  journal file: the first record creates it, in an untimed priming run) and
  the same rows as CSV. Not timed.
- **SQLite.** Python's `sqlite3` module loads the CSV into a table
  `sessions (id INTEGER PRIMARY KEY, date TEXT, quiz, title, score, total,
  duration, seed)`, `date` as ISO 8601 UTC text, and the per-question results
  into a table `results (session, position, outcome, prompt, given, answer)`,
  **with an index on `sessions.date` and one on `results.session`**, since a
  real application would have them; the file size includes the indexes.
  Not timed. The timed work is the `sqlite3` command-line shell, one process
  per operation, with SQLite's default durability (rollback journal,
  `synchronous=FULL`).
- **record**: `quiz world-capitals -n 5 --seed K --data-dir DIR --no-color`,
  answers `a b a b a` piped on standard input, until the process exits after
  the summary (the game is durable before the summary shows); each run adds a
  game. SQLite: `sqlite3 DB "BEGIN; INSERT INTO sessions …; INSERT INTO
  results VALUES (…), … ; COMMIT"`, the session and its five results in one
  transaction. Classic: `quiz-bench classic-record DIR` (Foundation reads
  `classic.archive`, its own previous output, or `history.archive` the first
  time; writes `classic.archive` synced and renamed), stopped after
  {CLASSIC_TIMEOUT:.0f} s a run, and not tried at larger sizes once stopped.
  A background compaction that a record starts is waited for before the next
  run and not timed.
- **record, classic archive** (100,000 games): the same game recorded into
  an archive a classic program wrote (`Tests/QuizCLITests/Fixtures/classic-program`,
  built with `swiftc -O -module-name QuizApp`: `QuizApp.Session` objects with
  only `date` and `score`, archived by Foundation's `NSKeyedArchiver`; no
  journal sequence, no journal, no derived file). *First game*: each run into
  a fresh copy of it. *Next game*: each run one more game into a copy that
  had its first in an untimed priming run. Against the *next game*; the
  targets compare it with SQLite's insert.
- **recent**: `quiz --history --limit 20 --data-dir DIR --no-color` (the table
  of the 20 newest games). SQLite: `sqlite3 -box` of `SELECT date, quiz,
  title, score, total, duration FROM sessions ORDER BY date DESC LIMIT 20`.
- **history**: `quiz --history --data-dir DIR --no-color` through a pipe (no
  pager), the whole table. SQLite: `sqlite3 -box` of the same query without
  the limit.
- **export**: `quiz --history --format csv --data-dir DIR`, read to its end
  through a pipe. SQLite: `sqlite3 -csv -header` of the same columns quiz
  exports, newest first: `SELECT date, quiz, title, score, total,
  CAST(round(100.0 * score / total) AS INTEGER) AS percent, duration AS
  duration_seconds, seed FROM sessions ORDER BY date DESC` (not `SELECT *`,
  whose `results` column quiz does not export).
- **stats**: `quiz --stats --data-dir DIR --no-color` (totals, streaks, the
  per-quiz table, the heatmap, the five questions missed most). SQLite, in
  one `sqlite3 -box` process: games, best and average per quiz (`GROUP BY
  quiz`), then the five most-missed prompts (`GROUP BY prompt ORDER BY
  missed DESC LIMIT 5` over `results` alone: joined to `sessions` to group by
  quiz and prompt, as quiz does, it took five times longer, about a second).
- **stats html**: `quiz --stats --format html --data-dir DIR --no-color`, the
  page of charts, against the text `--stats` of the same history (not SQLite:
  the issue bounds the page by the text view, at most 1.5 times its time,
  under 64 MiB, and the page under 1 MB, whose size the row reports).
- **share**: `quiz --share --data-dir DIR --no-color`, the card of the last
  game. SQLite: the last session and its results (`WHERE s.id = (SELECT
  max(id) FROM sessions)`, joined to `results` by the index).
- **merge** (100,000 games only): `quiz --merge-history THEIRS --data-dir
  DIR`, DIR a fresh copy (made before the spawn) of a generated history of
  100,000 games and THEIRS another (`--seed 2`: no game shared), so 100,000
  games are added; a compaction it starts in the background is waited for,
  not timed. SQLite: into a fresh copy of the first table, with a unique
  index on the game's columns, `ATTACH` the other's file, then in one
  transaction `INSERT OR IGNORE … SELECT` its sessions and `INSERT … SELECT`
  the new ones' results (joined on the game's columns).
- **start-up**: `quiz opentdb --questions ../shared/data/opentdb/opentdb.json
  -n 5 --data-dir DIR` with standard input at end of file: every bundled bank
  and the 5,250 Open Trivia questions loaded, the history of that size
  loaded, the first question printed, end of input read, exit. Against
  `quiz --version`, which loads nothing.
- **due** and **review**: the menu (`quiz --data-dir DIR --no-color`, `quit`
  on standard input) to its line of questions due for review, and `quiz
  --review -n 1 --data-dir DIR --no-color` to its first question, both with
  `QUIZ_NOW` a month after the run starts (in a generated history of a
  million games every question was met in its last hours, and nothing is
  due yet), each after one untimed run that builds `history.schedule`.
  Against `quiz --version`.
- **sync**: the menu (`quiz --data-dir DIR --no-color`, `quit` on standard
  input) with `QUIZ_SYNC_DIR` naming a folder of five machines' files (this
  machine's own, every game of the history, written by a first untimed
  sync, and four copies of it under other machines' names) with nothing new
  in them, after one untimed run that reads them all; against the same menu
  without a sync folder.
- Every process: spawned by Python with standard output a pipe read to its
  end, a scratch `HOME`, `NO_COLOR=1`, `TERM=dumb`, warm page cache; timed from
  just before the spawn to just after `os.wait4` reaps it. After the runs the
  harness checks that quiz's history and the table hold every game recorded.
- **Peak memory** comes from the warm-up run, run under `/usr/bin/time -f %M`,
  not from the timed runs' `ru_maxrss`: Linux starts a child's `ru_maxrss` at
  its parent's high-water mark (it is carried through fork and exec), so under
  Python every program reads at least Python's own size (a `sqlite3` query
  read 14.8 MiB that way, 4.1 MiB under `/usr/bin/time`). `/usr/bin/time`
  adds one to two milliseconds to a process, so the timed runs do without it.
- **The first record** into a generated history creates `history.journal`
  (and reads the archive to do it); the harness makes that run first, untimed
  (`prime`), so the warm-up and the timed runs meet the store as a player who
  has played before does.

## What we chose and why

The benchmark's choices, so that the ratios compare like with like:

- SQLite gets an index on `date`: the fair peer is the table a real
  application would make, and it makes `ORDER BY date DESC LIMIT 20` read 20
  rows. Its file size includes the index.
- The export compares the same output: the columns and order of
  `quiz --history --format csv`, not `SELECT *`.
- Whole processes on both sides, so start-up costs count as a user meets them
  (`sqlite3` is a small C program; `quiz` loads Foundation).
- Start-up is measured with the history of each size in the data folder,
  since `quiz QUIZ` reads the history before the first question.
- Peak memory from `/usr/bin/time` in a warm-up run, times from direct spawns
  (see above); the generated history's first record is an untimed priming run.
- The classic pattern is stopped after {CLASSIC_TIMEOUT:.0f} s a run and not
  tried at larger sizes, or a default run would not end within 10 minutes.

### The store and the executable

{DESIGN_BEGIN}
{kept_design_notes()}
{DESIGN_END}
"""
    with open(REPORT, "w", encoding="utf-8") as handle:
        handle.write(text)
    return target_lines, table


def save_json(results, info):
    def contender(c):
        return {
            "program": c.program,
            "seconds": [r.seconds for r in c.runs],
            "max_rss_mib": [r.max_rss_mib for r in c.runs],
            "skipped": c.skipped,
        }

    data = {
        "machine": info,
        "results": [
            {
                "size": r["size"],
                "disk": r["disk"],
                "notes": r["notes"],
                "work": {work: [contender(c) for c in cs] for work, cs in r["work"].items()},
            }
            for r in results
        ],
    }
    with open(os.path.join(WORK, "results.json"), "w") as handle:
        json.dump(data, handle, indent=1)


# Anki's own import of a package into an empty collection, as a whole process.
ANKI_IMPORT = (
    "import sys, tempfile, os\n"
    "from anki.collection import Collection, ImportAnkiPackageRequest, ImportAnkiPackageOptions\n"
    "col = Collection(os.path.join(tempfile.mkdtemp(dir=sys.argv[2]), 'collection.anki2'))\n"
    "col.import_anki_package(ImportAnkiPackageRequest(package_path=sys.argv[1],"
    " options=ImportAnkiPackageOptions(with_scheduling=True)))\n"
    "col.close()\n"
)


def measure_anki(runs, notes=20000):
    """BENCH_ONLY=anki: quiz --import of a 20,000-note package against Anki's
    library importing it into an empty collection. Targets: ratio <= 0.5,
    quiz's peak resident set < 64 MiB."""
    probe = subprocess.run([sys.executable, "-c", "import anki, genanki"], capture_output=True)
    if probe.returncode != 0:
        return ["bench: skipped the Anki row: python3 cannot import anki and genanki "
                "(python3 -m pip install anki genanki)"]
    folder = os.path.join(WORK, "anki")
    package = os.path.join(folder, "big.apkg")
    if not os.path.exists(package):
        os.makedirs(folder, exist_ok=True)
        script = os.path.join(ROOT, "Tests", "QuizCLITests", "Fixtures", "anki", "make-decks.py")
        subprocess.run([sys.executable, script, folder, "--big", str(notes)], check=True,
                       stdout=subprocess.DEVNULL)
    output = os.path.join(folder, "big.json")
    collections = os.path.join(folder, "collections")
    shutil.rmtree(collections, ignore_errors=True)
    os.makedirs(collections)
    contenders = {
        "quiz": [QUIZ, "--import", package, "--output", output],
        "anki": [sys.executable, "-c", ANKI_IMPORT, package, collections],
    }
    peaks = {}
    for name, argv in contenders.items():
        warm = run(argv, memory=True)
        if warm.status != 0:
            raise SystemExit(f"bench: {name} failed: {warm.stderr.strip()}")
        peaks[name] = warm.max_rss_mib
    times = {name: [] for name in contenders}
    for _ in range(runs):
        # Side by side: a run of each in turn, so a busy moment of the machine falls on both.
        for name, argv in contenders.items():
            times[name].append(run(argv).seconds)
    measured = {name: (statistics.median(times[name]), peaks[name]) for name in contenders}
    quiz_time, quiz_rss = measured["quiz"]
    anki_time, anki_rss = measured["anki"]
    ratio = quiz_time / anki_time
    return [
        "| work | program | median | peak RSS |",
        "| --- | --- | --- | --- |",
        f"| import of {notes:,} notes (.apkg) | quiz | {quiz_time:.3f} s | {quiz_rss:.1f} MiB |",
        f"| | Anki's library (into an empty collection) | {anki_time:.3f} s | {anki_rss:.1f} MiB |",
        "",
        f"ratio {ratio:.2f} ({'met' if ratio <= 0.5 else 'missed'}: <= 0.5); "
        f"quiz's peak {quiz_rss:.1f} MiB ({'met' if quiz_rss < 64 else 'missed'}: < 64 MiB)",
    ]


def main():
    global ENV
    for binary in (QUIZ, GENERATOR):
        if not os.access(binary, os.X_OK):
            raise SystemExit(f"bench: {binary} is missing; run `make bench` (it builds them)")
    if not shutil.which("sqlite3"):
        raise SystemExit("bench: sqlite3 is missing; run `sudo apt-get install sqlite3` (make bench does, as root)")
    if RUNS < 5:
        log(f"bench: BENCH_RUNS={RUNS}: fewer than the 5 runs the issue asks for")
    os.makedirs(os.path.join(WORK, "home"), exist_ok=True)
    ENV = environment()
    if not os.path.exists(OPENTDB):
        log(f"bench: {OPENTDB} is absent: start-up is not measured")
    info = machine()
    started = time.perf_counter()
    if os.environ.get("BENCH_ONLY") == "anki":
        print("\n".join(measure_anki(RUNS)))
        return
    if os.environ.get("BENCH_ONLY") == "sync":
        results = []
        for size in SIZES:
            folder = os.path.join(WORK, "sync-only", str(size))
            shutil.rmtree(folder, ignore_errors=True)
            data_dir = os.path.join(folder, "data")
            subprocess.run(
                [GENERATOR, "generate", "--sessions", str(size), "--data-dir", data_dir, "--seed", "1",
                 "--csv", os.path.join(folder, "history.csv")],
                env=ENV, stdout=subprocess.DEVNULL, check=True,
            )
            results.append({"size": size, "work": {"sync": measure_sync(data_dir, RUNS)}})
        print("\n".join(results_table(results, RUNS)))
        return
    if os.environ.get("BENCH_ONLY") == "merge":
        notes = []
        contenders = measure_merge(TARGET_SIZE, RUNS, WORK, notes)
        print("\n".join(results_table([{"size": TARGET_SIZE, "work": {"merge": contenders}}], RUNS)))
        print("\n".join(notes))
        return
    if os.environ.get("BENCH_ONLY") == "stats-html":
        measured = [measure_stats_html(size, RUNS) for size in SIZES]
        print("\n".join(results_table(measured, RUNS)))
        for result in measured:
            target, value, verdict = stats_html_target(result["work"])
            print(f"{result['size']:,} games: {value} ({verdict} at 100k: {target})")
        return
    results = []
    classic_allowed = True
    classic_note = ""
    for size in SIZES:
        result = measure(size, RUNS, classic_allowed)
        results.append(result)
        classic = result["classic"]
        if classic is not None and classic.skipped:
            classic_allowed = False
            classic_note = (
                f"The classic baseline stopped at {size:,} games: one run took more than "
                f"{CLASSIC_TIMEOUT:.0f} s (`BENCH_CLASSIC_TIMEOUT`), so it was not tried at larger sizes "
                "(why it grows so fast: CONTRIBUTING.md, \"`NSKeyedArchiver` and `hash`\")."
            )
    anki_lines = measure_anki(RUNS)
    elapsed = time.perf_counter() - started
    target_lines, table = report(results, info, RUNS, elapsed, classic_note, anki_lines)
    save_json(results, info)
    print("\n".join(table))
    print()
    print("\n".join(target_lines))
    print()
    print("\n".join(anki_lines))
    if classic_note:
        print()
        print(classic_note)
    print(f"\nbench: {elapsed / 60:.1f} minutes; wrote {os.path.relpath(REPORT, ROOT)} and .build/bench/results.json")


if __name__ == "__main__":
    main()
