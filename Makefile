# quiz: `make play` to play, `make test` to run every check, `make install`,
# `make bench` to measure quiz against sqlite3 (writes BENCHMARKS.md).
# Both install what they need (libedit-dev, pkg-config, libsqlite3-dev,
# libzstd-dev, zlib1g-dev; for the tests also groff-base and Python's
# jsonschema, fsrs, anki and genanki) when it is missing; apt-get takes root,
# and says so otherwise.

SWIFT ?= swift
PREFIX ?= /usr/local
DESTDIR ?=
BUILD_LOG := .build/build-tests.log

.PHONY: all deps test-deps bench-deps build play test stress bench lint install uninstall clean fuzz fuzz-smoke fuzz-seeds first-run screenshots

all: build

# libedit's header: a variable so that the test of a machine without it can
# point elsewhere. SQLite, zstd and zlib: their headers and static archives,
# linked into quiz to read Anki packages (CONTRIBUTING.md, "Dependencies").
EDITLINE_H ?= /usr/include/editline/readline.h
ARCHIVE_HEADERS := /usr/include/sqlite3.h /usr/include/zstd.h /usr/include/zlib.h
DEB_PACKAGES := libedit-dev pkg-config libsqlite3-dev libzstd-dev zlib1g-dev

# Without root and without libedit-dev (or the others), one line says what to
# run and make stops ($(error) prints it once, without make's "Error 1" line after it).
deps:
	$(if $(and $(wildcard $(EDITLINE_H)),$(shell command -v pkg-config),$(filter 3,$(words $(wildcard $(ARCHIVE_HEADERS))))),,$(if $(filter 0,$(shell id -u)),,$(error quiz needs $(DEB_PACKAGES), and installing them takes root; run: sudo apt-get install $(DEB_PACKAGES))))
	@if [ ! -f $(EDITLINE_H) ] || ! command -v pkg-config >/dev/null 2>&1 \
		|| ! ls $(ARCHIVE_HEADERS) >/dev/null 2>&1; then \
		echo "make: installing $(DEB_PACKAGES) with apt-get"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(DEB_PACKAGES) >/dev/null; \
	fi

# What only the tests need, kept out of deps so that make play and make
# install never touch Python: jsonschema for the schema test (pip, else
# Debian's python3-jsonschema), fsrs 6.3.2 (pip; Debian has none) for
# FSRSAgreementTests, which skip with a message without it, anki 26.9.3 and
# genanki (pip) and Debian's faketime for AnkiPackageTests and
# AnkiReviewOracleTests, likewise, groff for the
# man page test; Debian's chromium and Python's html5lib and pillow for
# StatsPageBrowserTests (the page of --stats --format html in a real
# browser), which skip with a message without them.
test-deps: deps
	@python3 -c 'from jsonschema import Draft202012Validator' 2>/dev/null \
		|| python3 -m pip install --quiet 'jsonschema>=4' \
		|| python3 -m pip install --quiet --break-system-packages 'jsonschema>=4' \
		|| { [ "$$(id -u)" = 0 ] && echo "make: installing python3-jsonschema with apt-get" \
			&& apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-jsonschema >/dev/null; } \
		|| { echo "make: could not install the Python module jsonschema; run: python3 -m pip install 'jsonschema>=4'" >&2; exit 1; }
	@python3 -c 'import importlib.metadata as m, fsrs; assert m.version("fsrs") == "6.3.2"' 2>/dev/null \
		|| python3 -m pip install --quiet 'fsrs==6.3.2' \
		|| python3 -m pip install --quiet --break-system-packages 'fsrs==6.3.2' \
		|| echo "make: could not install the Python module fsrs 6.3.2 (the FSRS reference); FSRSAgreementTests will be skipped; run: python3 -m pip install fsrs==6.3.2" >&2
	@python3 -c 'import importlib.metadata as m, anki.collection, genanki; assert m.version("anki") == "26.9.3"' 2>/dev/null \
		|| python3 -m pip install --quiet 'anki==26.9.3' genanki \
		|| python3 -m pip install --quiet --break-system-packages 'anki==26.9.3' genanki \
		|| echo "make: could not install the Python modules anki 26.9.3 and genanki (Anki's own library, the oracle); AnkiPackageTests and AnkiReviewOracleTests will be skipped; run: python3 -m pip install anki==26.9.3 genanki" >&2
	@[ -e /usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1 ] || [ -e /usr/lib/aarch64-linux-gnu/faketime/libfaketime.so.1 ] \
		|| { [ "$$(id -u)" = 0 ] && echo "make: installing faketime with apt-get" \
			&& apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq faketime >/dev/null; } \
		|| echo "make: libfaketime is missing; AnkiReviewOracleTests will be skipped; run: sudo apt-get install faketime" >&2
	@command -v groff >/dev/null 2>&1 \
		|| { [ "$$(id -u)" = 0 ] && echo "make: installing groff-base with apt-get" \
			&& apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq groff-base >/dev/null; } \
		|| { echo "make: groff is missing and this is not root; run: sudo apt-get install groff-base" >&2; exit 1; }
	@command -v zsh >/dev/null 2>&1 && command -v fish >/dev/null 2>&1 \
		|| { [ "$$(id -u)" = 0 ] && echo "make: installing zsh and fish with apt-get (the completions are checked with them)" \
			&& apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq zsh fish >/dev/null; } \
		|| echo "make: zsh or fish is missing and could not be installed; CompletionTests will skip their checks; run: sudo apt-get install zsh fish" >&2
	@command -v chromium >/dev/null 2>&1 \
		|| { [ "$$(id -u)" = 0 ] && echo "make: installing chromium with apt-get (the stats page is checked in it)" \
			&& apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; } \
		|| echo "make: chromium is missing and could not be installed; StatsPageBrowserTests will be skipped; run: sudo apt-get install chromium" >&2
	@python3 -c 'import html5lib, PIL' 2>/dev/null \
		|| python3 -m pip install --quiet html5lib pillow \
		|| python3 -m pip install --quiet --break-system-packages html5lib pillow \
		|| echo "make: could not install the Python modules html5lib and pillow; StatsPageBrowserTests will be skipped; run: python3 -m pip install html5lib pillow" >&2
	@command -v syncthing >/dev/null 2>&1 \
		|| { [ "$$(id -u)" = 0 ] && echo "make: installing syncthing with apt-get (the synced folder is tested with it)" \
			&& apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq syncthing >/dev/null; } \
		|| echo "make: syncthing is missing and could not be installed; SyncthingTests will be skipped; run: sudo apt-get install syncthing" >&2

# quiz and quiz-fetch are linked with the Swift libraries built in
# (--static-swift-stdlib, their own build folder): quiz starts in about 3 ms
# instead of 11. Both are built with the same flags in the same folder, so
# the libraries are compiled once (scripts/build.sh says what it is doing and filters
# the toolchain's known linker noise).
RELEASE_DIR := .build/static/release
build: deps
	@SWIFT="$(SWIFT)" scripts/build.sh

# A debug build: it compiles in about a third of the time of the release one,
# and a quiz game has no need of the optimiser (the menu appears in about 0.1 s
# instead of 0.03). make build / make install make the release binaries.
play: deps
	@SWIFT="$(SWIFT)" scripts/build.sh play
	@.build/debug/quiz $(ARGS)

# The repository cites only what a clone has: the living design is
# ARCHITECTURE.md (DESIGN.md, the original contracts, is not in the repository).
lint:
	$(SWIFT) format lint --strict -r Sources Tests Package.swift
	@if grep -rnI 'DESIGN\.md' Sources Tests Fuzz scripts man completions Package.swift README.md CONTRIBUTING.md ARCHITECTURE.md BENCHMARKS.md; then \
		echo "make: cite ARCHITECTURE.md (or the README), not DESIGN.md: a clone does not have it" >&2; exit 1; fi

# Builds everything with the warnings shown, fails on any warning, then tests.
test: test-deps lint
	@mkdir -p .build
	$(SWIFT) build --build-tests 2>&1 | tee $(BUILD_LOG)
	@if grep -q "warning:" $(BUILD_LOG); then echo "make: the build has warnings (see above)" >&2; exit 1; fi
	$(SWIFT) test

# The long form of the reliability checks: 500 SIGKILLs at random moments
# (make test runs 50), 500 damaged histories in the damage model (make test
# runs 20; QUIZ_DAMAGE_MODEL_SEED=N for other ones), 100 runs of the sync
# model (make test runs 8), then the signal, damage, lock, concurrency and
# synced-folder suites.
stress: deps
	QUIZ_CRASH_KILLS=$${QUIZ_CRASH_KILLS:-500} QUIZ_DAMAGE_MODEL_RUNS=$${QUIZ_DAMAGE_MODEL_RUNS:-500} \
		QUIZ_SYNC_MODEL_RUNS=$${QUIZ_SYNC_MODEL_RUNS:-100} \
		$(SWIFT) test --filter 'CrashTests|SignalTests|ConcurrencyTests|DamageTests|DiskErrorTests|HistoryDamageModelTests|Item04JournalDamageTests|Item17LockWaitTests|SyncFolderTests|SyncModelTests'

# What the benchmark runs besides quiz: the sqlite3 shell it is compared with,
# /usr/bin/time for peak memory, Python 3 for the harness.
bench-deps: deps
	@missing=""; \
	command -v sqlite3 >/dev/null 2>&1 || missing="$$missing sqlite3"; \
	[ -x /usr/bin/time ] || missing="$$missing time"; \
	command -v python3 >/dev/null 2>&1 || missing="$$missing python3"; \
	if [ -n "$$missing" ]; then \
		if [ "$$(id -u)" = 0 ]; then \
			echo "make: installing$$missing with apt-get"; \
			apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
		else \
			echo "make: the benchmark needs$$missing and this is not root; run: sudo apt-get install$$missing" >&2; \
			exit 1; \
		fi; \
	fi

# Histories of 1,000, 10,000 and 100,000 games (BENCH_FULL=1 adds 1,000,000),
# generated untimed; quiz, sqlite3 and the classic NSKeyedArchiver pattern
# timed side by side (BENCH_RUNS=N runs of each, 5 by default), and an Anki
# package's import against Anki's own library; prints the tables and writes
# BENCHMARKS.md. See scripts/bench.py.
bench: bench-deps build
	$(SWIFT) build -c release --product quiz-bench
	python3 scripts/bench.py

# The README's screenshots of the page, from a generated history of 1,500
# games over five years up to now (quiz-bench generate): docs/images/
# stats-1200.png, stats-400.png, stats-dark.png and card.svg; the page itself
# and its text-browser dump (lynx, else w3m) are left in .build/screenshots.
SHOTS := .build/screenshots
screenshots: deps
	@command -v chromium >/dev/null 2>&1 && { command -v lynx >/dev/null 2>&1 || command -v w3m >/dev/null 2>&1; } \
		|| { [ "$$(id -u)" = 0 ] && echo "make: installing chromium and w3m with apt-get" \
			&& apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium w3m >/dev/null; } \
		|| { echo "make: screenshots need chromium and lynx or w3m; run: sudo apt-get install chromium w3m" >&2; exit 1; }
	$(SWIFT) build --product quiz
	$(SWIFT) build --product quiz-bench
	rm -rf $(SHOTS) && mkdir -p $(SHOTS) docs/images
	.build/debug/quiz-bench generate --sessions 1500 --data-dir $(SHOTS)/data --csv $(SHOTS)/games.csv
	XDG_CONFIG_HOME=$(SHOTS)/config .build/debug/quiz --stats --format html --data-dir $(SHOTS)/data > $(SHOTS)/page.html
	XDG_CONFIG_HOME=$(SHOTS)/config .build/debug/quiz --share --format svg --data-dir $(SHOTS)/data > docs/images/card.svg
	@if command -v lynx >/dev/null 2>&1; then lynx -dump -width=100 $(SHOTS)/page.html; \
		else w3m -dump -cols 100 $(SHOTS)/page.html; fi > $(SHOTS)/page.txt
	python3 scripts/stats_page.py shots $(SHOTS)/page.html docs/images
	@echo "make: docs/images/stats-*.png and card.svg written; the page and its dump are $(SHOTS)/page.html and page.txt"

# make install [PREFIX=/usr/local] [DESTDIR=] [QUIZ_BIN=path]: QUIZ_BIN installs
# a binary already built instead of building a release one. The binary finds
# its banks in ../share/quiz/Questions.
QUIZ_BIN ?=
QUIZ_FETCH_BIN ?= $(if $(QUIZ_BIN),$(dir $(QUIZ_BIN))quiz-fetch,)
BANKS := $(notdir $(wildcard Questions/*.json))
BINDIR = $(DESTDIR)$(PREFIX)/bin
QUIZDIR = $(DESTDIR)$(PREFIX)/share/quiz
MANDIR = $(DESTDIR)$(PREFIX)/share/man/man1
BASHDIR = $(DESTDIR)$(PREFIX)/share/bash-completion/completions
ZSHDIR = $(DESTDIR)$(PREFIX)/share/zsh/site-functions
FISHDIR = $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d

install: $(if $(QUIZ_BIN),,build)
	install -d "$(BINDIR)" "$(QUIZDIR)/Questions" "$(MANDIR)" "$(BASHDIR)" "$(ZSHDIR)" "$(FISHDIR)"
	install -d "$(DESTDIR)$(PREFIX)/libexec/quiz"
	install -m 0755 "$(or $(QUIZ_BIN),$(RELEASE_DIR)/quiz)" "$(BINDIR)/quiz"
	install -m 0755 "$(or $(QUIZ_FETCH_BIN),$(RELEASE_DIR)/quiz-fetch)" "$(DESTDIR)$(PREFIX)/libexec/quiz/quiz-fetch"
	install -m 0644 $(addprefix Questions/,$(BANKS)) "$(QUIZDIR)/Questions/"
	install -m 0644 man/quiz.1 "$(MANDIR)/quiz.1"
	install -m 0644 completions/quiz.bash "$(BASHDIR)/quiz"
	install -m 0644 completions/_quiz "$(ZSHDIR)/_quiz"
	install -m 0644 completions/quiz.fish "$(FISHDIR)/quiz.fish"

# Removes exactly what install put there, and share/quiz once it is empty.
uninstall:
	rm -f "$(BINDIR)/quiz" "$(MANDIR)/quiz.1" "$(BASHDIR)/quiz" "$(ZSHDIR)/_quiz" "$(FISHDIR)/quiz.fish"
	rm -f "$(DESTDIR)$(PREFIX)/libexec/quiz/quiz-fetch"
	rmdir "$(DESTDIR)$(PREFIX)/libexec/quiz" 2>/dev/null || true
	rm -f $(foreach bank,$(BANKS),"$(QUIZDIR)/Questions/$(bank)")
	rmdir "$(QUIZDIR)/Questions" "$(QUIZDIR)" 2>/dev/null || true

# make fuzz [FUZZ_RUNS=N]: the archive decoder, the bank loader and the
# terminal sanitiser (with wrapping) and the answer matcher under
# libFuzzer with AddressSanitizer, FUZZ_RUNS executions each (see
# CONTRIBUTING.md, "Fuzzing"). Each target is compiled with every QuizCore
# source and Fuzz/FuzzTarget.swift as one module, over QuizFormats compiled
# once as a module of its own (as SwiftPM builds them, instrumented as well),
# by the toolchain alone (libFuzzer and lld ship with it). Not part of make
# test. make fuzz-smoke is the quick version.
SWIFTC ?= swiftc
FUZZ_RUNS ?= 1000000
FUZZ_DIR := .build/fuzz
FUZZ_SANITIZE := -sanitize=fuzzer,address -parse-as-library -O -swift-version 6
FUZZ_SWIFTFLAGS := $(FUZZ_SANITIZE) -module-name QuizFuzz -package-name quiz -use-ld=lld -I $(FUZZ_DIR)/modules
QUIZCORE_SOURCES := $(shell find Sources/QuizCore -name '*.swift' | LC_ALL=C sort)
QUIZFORMATS_SOURCES := $(shell find Sources/QuizFormats -name '*.swift' | LC_ALL=C sort)
QUIZFORMATS_OBJECT := $(FUZZ_DIR)/modules/QuizFormats.o
FUZZ_COMMON := Fuzz/FuzzTarget.swift $(QUIZCORE_SOURCES) $(QUIZFORMATS_OBJECT)

$(QUIZFORMATS_OBJECT): $(QUIZFORMATS_SOURCES)
	@mkdir -p $(FUZZ_DIR)/modules
	$(SWIFTC) $(FUZZ_SANITIZE) -module-name QuizFormats -whole-module-optimization -c $^ \
		-emit-module -emit-module-path $(FUZZ_DIR)/modules/QuizFormats.swiftmodule -o $@

$(FUZZ_DIR)/archive-fuzzer: Fuzz/ArchiveFuzzer.swift Fuzz/ArchiveSeeds.swift $(FUZZ_COMMON)
	$(SWIFTC) $(FUZZ_SWIFTFLAGS) $^ -o $@

$(FUZZ_DIR)/bank-fuzzer: Fuzz/BankFuzzer.swift $(FUZZ_COMMON)
	$(SWIFTC) $(FUZZ_SWIFTFLAGS) $^ -o $@

$(FUZZ_DIR)/sanitizer-fuzzer: Fuzz/SanitizerFuzzer.swift $(FUZZ_COMMON)
	$(SWIFTC) $(FUZZ_SWIFTFLAGS) $^ -o $@

$(FUZZ_DIR)/answer-fuzzer: Fuzz/AnswerFuzzer.swift $(FUZZ_COMMON)
	$(SWIFTC) $(FUZZ_SWIFTFLAGS) $^ -o $@

# Seeds, laid anew each run: archives written by KeyedArchive and Foundation,
# the classic one; the bundled banks, Open Trivia files and every fixture,
# the fuzz regressions included.
fuzz-seeds: $(FUZZ_DIR)/archive-fuzzer
	@rm -rf $(FUZZ_DIR)/seeds-archive $(FUZZ_DIR)/seeds-bank $(FUZZ_DIR)/seeds-answer
	@mkdir -p $(FUZZ_DIR)/seeds-bank $(FUZZ_DIR)/seeds-answer
	@QUIZ_FUZZ_WRITE_SEEDS=$(FUZZ_DIR)/seeds-archive $(FUZZ_DIR)/archive-fuzzer
	@cp Tests/QuizKitTests/Fixtures/legacy-history.plist $(wildcard Tests/QuizKitTests/Fixtures/fuzz/archive-*) \
		$(FUZZ_DIR)/seeds-archive/
	@cp Questions/*.json Fuzz/seeds/bank/*.json Tests/QuizKitTests/Fixtures/*.json Tests/QuizCLITests/Fixtures/*.json \
		$(wildcard Tests/QuizKitTests/Fixtures/fuzz/bank-*) $(FUZZ_DIR)/seeds-bank/
	@rm -rf $(FUZZ_DIR)/seeds-sanitizer && mkdir -p $(FUZZ_DIR)/seeds-sanitizer
	@cp Fuzz/seeds/sanitizer/* Questions/*.json $(FUZZ_DIR)/seeds-sanitizer/
	@cp Fuzz/seeds/answer/* $(wildcard Tests/QuizKitTests/Fixtures/fuzz/answer-*) $(FUZZ_DIR)/seeds-answer/
	@echo "fuzz: seeds: $$(ls $(FUZZ_DIR)/seeds-archive | wc -l) archives, $$(ls $(FUZZ_DIR)/seeds-bank | wc -l) banks," \
		"$$(ls $(FUZZ_DIR)/seeds-sanitizer | wc -l) texts, $$(ls $(FUZZ_DIR)/seeds-answer | wc -l) answers"

# One fuzzer at a time: the machines have two cores.
fuzz: $(FUZZ_DIR)/archive-fuzzer $(FUZZ_DIR)/bank-fuzzer $(FUZZ_DIR)/sanitizer-fuzzer $(FUZZ_DIR)/answer-fuzzer fuzz-seeds
	@Fuzz/run.sh archive 65536 $(FUZZ_RUNS) 400 $(FUZZ_DIR)/seeds-archive
	@Fuzz/run.sh bank 32768 $(FUZZ_RUNS) 400 $(FUZZ_DIR)/seeds-bank
	@Fuzz/run.sh sanitizer 256 $(FUZZ_RUNS) 600 $(FUZZ_DIR)/seeds-sanitizer
	@Fuzz/run.sh answer 256 $(FUZZ_RUNS) 400 $(FUZZ_DIR)/seeds-answer

fuzz-smoke:
	@$(MAKE) --no-print-directory fuzz FUZZ_RUNS=20000

# How long a newcomer waits: a fresh clone of this checkout's HEAD (or REPO=…)
# to the menu of make play, timed (see scripts/first-run.sh).
first-run:
	@scripts/first-run.sh

clean:
	$(SWIFT) package clean
