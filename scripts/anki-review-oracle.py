#!/usr/bin/env python3
"""Anki's own library as the oracle for importing its reviews.

Usage: anki-review-oracle.py OUT.json [--package PACKAGE.apkg] [--begun-day PACKAGE.apkg]

Makes a collection with Anki's library (PyPI `anki`), FSRS on with Anki's
default parameters (FSRS-6's, the same as quiz's `FSRS.defaultParameters`)
and retention 0.9, adds a note a card, and answers the cards with Again,
Hard, Good and Easy across simulated days, the clock set by libfaketime
(Anki's backend reads the system clock; this script runs itself again under
it). One deck has no learning or relearning steps (as quiz schedules),
the other Anki's defaults (1m 10m, relearning 10m). One card is reset
("Forget") and learnt again.

Simulated days begin at times that go back and forth (21:00, 06:00, 13:30,
04:30, 23:10, 08:00 UTC), so reviews a day apart for Anki (its days begin
at 04:00) are often less than 24 hours apart: the import must count days
as Anki does.

Writes JSON: `revlog` (the rows as `AnkiRevlogEntry` has them), `cards`
(each card's id, its note's index, `memory_state` and Anki's due time in
seconds since 1970, the start of its day for a day's interval), `rollover`.
With --package, also exports the collection, reviews included, as Anki's
File > Export > "Anki Deck Package" with "Include scheduling information"
does (the current format), for the import through the binary. With
--begun-day, also exports it as it was halfway through the first day's
reviews (a package exported before a day's reviews were all done).
Exits 77 when `anki` or libfaketime cannot be used.
"""

import datetime
import glob
import json
import os
import sys
import tempfile

FAKETIME_LIBRARIES = glob.glob("/usr/lib/*/faketime/libfaketime.so.1") + glob.glob(
    "/usr/lib/faketime/libfaketime.so.1"
)

# 2026-01-05 00:00 UTC: the first simulated day.
EPOCH = 1767571200
ROLLOVER_HOUR = 4

# When each simulated day's reviews begin (minutes after midnight UTC), in
# turn: late at night, just after Anki's 04:00 rollover, and between, so a
# review is often earlier in the day than the last day's (a day apart for
# Anki, less than 24 hours for a clock). Reviews are 20 seconds apart.
DAY_STARTS = [21 * 60, 6 * 60, 13 * 60 + 30, 4 * 60 + 30, 23 * 60 + 10, 8 * 60]

# Each card's reviews: (day, [buttons answered that day, minutes apart]).
PATTERNS = [
    [(0, [3])],
    [(0, [1, 3]), (1, [3]), (4, [3]), (15, [3])],
    [(0, [4])],
    [(0, [4]), (10, [3]), (40, [4])],
    [(0, [2]), (2, [2]), (6, [3])],
    [(0, [3]), (3, [1, 3]), (5, [3]), (12, [3])],
    [(0, [1, 1, 3])],
    [(0, [3]), (200, [3])],
    [(0, [3]), (3, [3]), (250, [1, 3]), (252, [3])],
    [(0, [3]), (1, [3]), (2, [3]), (3, [3]), (4, [3])],
    [(0, [1]), (1, [1]), (2, [1]), (3, [3])],
    [(0, [3, 3, 3])],
    [(0, [2, 3]), (1, [4])],
    [(1, [3]), (4, [1]), (5, [2]), (30, [4]), (90, [3])],
    [(2, [4]), (20, [1, 1, 3]), (21, [3]), (60, [2])],
]
# Reset ("Forget") after its day 6 reviews, then learnt again.
FORGET = {"pattern": [(0, [3]), (5, [3]), (7, [2]), (9, [3])], "after_day": 5}


def run_under_faketime():
    if os.environ.get("ANKI_ORACLE_FAKETIME"):
        return
    if not FAKETIME_LIBRARIES:
        print("libfaketime is not installed (Debian package faketime)", file=sys.stderr)
        sys.exit(77)
    stamp = tempfile.NamedTemporaryFile(prefix="anki-oracle-time-", delete=False)
    stamp.close()
    env = dict(os.environ)
    env.update(
        ANKI_ORACLE_FAKETIME=stamp.name,
        FAKETIME_TIMESTAMP_FILE=stamp.name,
        FAKETIME_NO_CACHE="1",
        TZ="UTC",
        LD_PRELOAD=FAKETIME_LIBRARIES[0],
    )
    set_clock(stamp.name, EPOCH + 5 * 3600)
    os.execve(sys.executable, [sys.executable] + sys.argv, env)


def set_clock(path, seconds):
    moment = datetime.datetime.fromtimestamp(seconds, datetime.timezone.utc)
    with open(path, "w") as file:
        file.write(moment.strftime("@%Y-%m-%d %H:%M:%S"))


def main():
    exports = dict(zip(sys.argv[2::2], sys.argv[3::2]))
    if len(sys.argv) % 2 != 0 or not set(exports) <= {"--package", "--begun-day"}:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        sys.exit(64)
    package = exports.get("--package")
    begun = exports.get("--begun-day")
    try:
        from anki.collection import Collection
    except ImportError as error:
        print(f"cannot import anki: {error}", file=sys.stderr)
        sys.exit(77)
    run_under_faketime()
    clock = os.environ["ANKI_ORACLE_FAKETIME"]
    folder = tempfile.mkdtemp(prefix="anki-oracle-")
    set_clock(clock, EPOCH + 5 * 3600)
    col = Collection(os.path.join(folder, "collection.anki2"))
    col.set_config("fsrs", True)
    col.set_config("rollover", ROLLOVER_HOUR)

    # Deck 1, "Default": Anki's default steps. Deck "Steps-free": none, as quiz.
    free = col.decks.id("Steps-free")
    config = col.decks.add_config_returning_id("No steps")
    conf = col.decks.get_config(config)
    conf["new"]["delays"] = []
    conf["lapse"]["delays"] = []
    col.decks.update_config(conf)
    deck = col.decks.get(free)
    deck["conf"] = config
    col.decks.save(deck)

    basic = col.models.by_name("Basic")
    cards = []  # (card id, pattern, forget day or None)
    plans = [(pattern, None) for pattern in PATTERNS] + [(FORGET["pattern"], FORGET["after_day"])]
    for deck_id in (1, free):
        for pattern, forget in plans:
            note = col.new_note(basic)
            index = len(cards)
            note["Front"] = f"Question {index + 1}: what is {index + 1} times seven?"
            note["Back"] = str((index + 1) * 7)
            col.add_note(note, deck_id)
            cards.append((note.cards()[0].id, pattern, forget))

    from anki.import_export_pb2 import ExportAnkiPackageOptions

    options = ExportAnkiPackageOptions(with_scheduling=True, with_deck_configs=True, with_media=False, legacy=False)
    days = sorted({day for _, pattern, _ in cards for day, _ in pattern})
    for step, day in enumerate(days):
        moment = EPOCH + day * 86400 + DAY_STARTS[step % len(DAY_STARTS)] * 60
        for number, (card_id, pattern, forget) in enumerate(cards):
            if begun and step == 0 and number == len(cards) // 2:
                col.export_anki_package(out_path=begun, options=options, limit=None)
            for today, buttons in pattern:
                if today != day:
                    continue
                for button in buttons:
                    set_clock(clock, moment)
                    card = col.get_card(card_id)
                    card.start_timer()
                    col.sched.answerCard(card, button)
                    moment += 20
            if forget is not None and forget == day:
                set_clock(clock, moment)
                col.sched.schedule_cards_as_new([card_id], restore_position=True, reset_counts=False)
                moment += 20

    revlog = [
        dict(id=r[0], cardID=r[1], ease=r[2], interval=r[3], lastInterval=r[4], factor=r[5],
             milliseconds=r[6], kind=r[7])
        for r in col.db.all("select id, cid, ease, ivl, lastIvl, factor, time, type from revlog order by id")
    ]
    out = []
    for index, (card_id, _, _) in enumerate(cards):
        card = col.get_card(card_id)
        state = card.memory_state
        computed = col.compute_memory_state(card_id)
        if card.queue in (1,):
            due = card.due
        elif card.queue in (2, 3):
            due = col.crt + card.due * 86400
        else:
            due = None
        out.append(dict(
            id=card_id, index=index, type=card.type, queue=card.queue, interval=card.ivl, due=due,
            stability=state.stability if state else None, difficulty=state.difficulty if state else None,
            computedStability=computed.stability if computed.stability else None,
            computedDifficulty=computed.difficulty if computed.difficulty else None,
            question=col.get_note(card.nid)["Front"], answer=col.get_note(card.nid)["Back"]))
    if package:
        col.export_anki_package(out_path=package, options=options, limit=None)
    col.close()
    with open(sys.argv[1], "w") as file:
        json.dump(dict(rollover=ROLLOVER_HOUR, revlog=revlog, cards=out), file, indent=1)


if __name__ == "__main__":
    main()
