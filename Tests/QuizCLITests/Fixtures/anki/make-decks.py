#!/usr/bin/env python3
"""Anki packages made by Anki's own library (PyPI `anki`) and by genanki, for
AnkiPackageTests and make bench: `make-decks.py OUTDIR [--big N]`.

Writes into OUTDIR:
  current.apkg   the current format (collection.anki21b, zstd, a `meta`,
                 and the decoy collection.anki2 asking to update Anki)
  legacy.apkg    the legacy format (collection.anki21)
  whole.colpkg   the whole collection (Anki's collection package)
  genanki.apkg   a deck made by genanki (collection.anki2, as add-ons make)
  expected.json  the notes: note type, deck, fields, and the questions
                 quiz should make of them (prompt, answer)
With --big N, only big.apkg: N Basic notes (make bench's 20,000-note deck).
"""

import json
import os
import sys
import tempfile

from anki.collection import Collection, DeckIdLimit, ExportAnkiPackageOptions
from anki.decks import DeckId

out = sys.argv[1]
os.makedirs(out, exist_ok=True)
work = tempfile.mkdtemp(prefix="quiz-anki-")
col = Collection(os.path.join(work, "collection.anki2"))


def notetype(name):
    return col.models.by_name(name)


def deck(name):
    return DeckId(col.decks.id(name))


def add(kind, deck_name, fields):
    note = col.new_note(notetype(kind))
    for index, value in enumerate(fields):
        note.fields[index] = value
    col.add_note(note, deck(deck_name))
    return note


def export_deck(path, name, legacy):
    options = ExportAnkiPackageOptions(with_scheduling=True, with_deck_configs=False, with_media=False, legacy=legacy)
    col.export_anki_package(out_path=path, options=options, limit=DeckIdLimit(deck(name)))


if "--big" in sys.argv:
    count = int(sys.argv[sys.argv.index("--big") + 1])
    target = deck("Big deck")
    basic = notetype("Basic")
    notes = []
    for number in range(count):
        note = col.new_note(basic)
        note.fields[0] = f"What is {number} &times; 3?<br>Say it in <b>digits</b>"
        note.fields[1] = f"{number * 3}"
        notes.append(note)
    from anki.collection import AddNoteRequest

    col.add_notes([AddNoteRequest(note=n, deck_id=target) for n in notes])
    export_deck(os.path.join(out, "big.apkg"), "Big deck", legacy=False)
    col.close()
    sys.exit(0)

expected = []


def expect(kind, deck_name, fields, questions):
    expected.append({"notetype": kind, "deck": deck_name, "fields": fields, "questions": questions})


# The top deck (its name the bank's title) and two subdecks (categories).
top = "World quiz"
fields = ["Capital of France?", "Paris"]
add("Basic", top, fields)
expect("Basic", top, fields, [["Capital of France?", "Paris"]])

fields = ["Rock &amp; roll began in the <i>1950s</i>&nbsp;in which country?", "The United States"]
add("Basic", top + "::Music", fields)
expect("Basic", top + "::Music", fields, [["Rock & roll began in the 1950s in which country?", "The United States"]])

fields = ["Largest planet", "Jupiter"]
add("Basic (and reversed card)", top + "::Space", fields)
expect(
    "Basic (and reversed card)",
    top + "::Space",
    fields,
    [["Largest planet", "Jupiter"], ["Jupiter", "Largest planet"]],
)

fields = ["Chemical symbol of gold?", "Au"]
add("Basic (type in the answer)", top, fields)
expect("Basic (type in the answer)", top, fields, [["Chemical symbol of gold?", "Au"]])

fields = ["{{c1::Canberra}} is the capital of {{c2::Australia::country}}.", "Not Sydney"]
add("Cloze", top + "::Space", fields)
expect(
    "Cloze",
    top + "::Space",
    fields,
    [
        ["____ is the capital of Australia.", "Canberra"],
        ["Canberra is the capital of ____ [country].", "Australia"],
    ],
)

fields = ["Primary colours<br>of light?", "<ul><li>red</li><li>green</li><li>blue</li></ul>"]
add("Basic", top, fields)
expect("Basic", top, fields, [["Primary colours\nof light?", "red; green; blue"]])

# A picture alone (skipped: it makes no sense without it), and one with text.
fields = ['<img src="heart.png">', "Heart"]
add("Basic", top, fields)
expect("Basic", top, fields, [])

fields = ['Which organ is this? <img src="lung.png">', "Lung"]
add("Basic", top, fields)
expect("Basic", top, fields, [["Which organ is this? [image: lung.png]", "Lung"]])

export_deck(os.path.join(out, "current.apkg"), top, legacy=False)
export_deck(os.path.join(out, "legacy.apkg"), top, legacy=True)
col.export_collection_package(os.path.join(out, "whole.colpkg"), include_media=False, legacy=False)
col.close()

import genanki

model = genanki.Model(
    1607392319,
    "Simple Model",
    fields=[{"name": "Question"}, {"name": "Answer"}],
    templates=[{"name": "Card 1", "qfmt": "{{Question}}", "afmt": '{{FrontSide}}<hr id="answer">{{Answer}}'}],
)
made = genanki.Deck(2059400110, "Genanki deck")
for question, answer in [("Two plus two?", "4"), ("Colour of the sky?", "Blue")]:
    made.add_note(genanki.Note(model=model, fields=[question, answer]))
genanki.Package(made).write_to_file(os.path.join(out, "genanki.apkg"))
genanki_expected = [
    {"notetype": "Simple Model", "deck": "Genanki deck", "fields": [q, a], "questions": [[q, a]]}
    for q, a in [("Two plus two?", "4"), ("Colour of the sky?", "Blue")]
]

with open(os.path.join(out, "expected.json"), "w") as file:
    json.dump({"title": top, "notes": expected, "genanki": genanki_expected}, file, indent=2, ensure_ascii=False)
