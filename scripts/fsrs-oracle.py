#!/usr/bin/env python3
"""The reference for quiz's FSRS scheduler (FSRSAgreementTests): runs review
sequences through py-fsrs with the configuration quiz uses (no learning or
relearning steps, no fuzzing) and prints the card after each review.

stdin, JSON:
  {"sequences": [{"id": 7, "desired_retention": 0.9, "maximum_interval": 36500,
                  "reviews": [[epoch_seconds, rating], ...]}, ...]}
  (desired_retention and maximum_interval may be left out: 0.9 and 36500;
  rating 1 Again, 2 Hard, 3 Good, 4 Easy)
stdout, JSON:
  {"fsrs": "6.3.2", "sequences": [{"id": 7, "reviews":
      [{"stability": s, "difficulty": d, "due": epoch_seconds}, ...]}, ...]}

Exit status 1 with one line on stderr when fsrs is missing or the input is bad.
"""

import json
import sys
from datetime import datetime, timedelta, timezone

try:
    from importlib.metadata import version

    from fsrs import Card, Rating, Scheduler
except ImportError as error:
    print(f"fsrs-oracle: the Python module fsrs is missing ({error}); run: python3 -m pip install fsrs==6.3.2",
          file=sys.stderr)
    sys.exit(1)

EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)


def run(sequence):
    scheduler = Scheduler(
        desired_retention=sequence.get("desired_retention", 0.9),
        learning_steps=(),
        relearning_steps=(),
        maximum_interval=sequence.get("maximum_interval", 36500),
        enable_fuzzing=False,
    )
    card = Card(card_id=sequence["id"], due=EPOCH)
    after = []
    for seconds, rating in sequence["reviews"]:
        when = EPOCH + timedelta(seconds=seconds)
        card, _ = scheduler.review_card(card, Rating(rating), review_datetime=when)
        after.append({
            "stability": card.stability,
            "difficulty": card.difficulty,
            "due": (card.due - EPOCH) // timedelta(seconds=1),
        })
    return {"id": sequence["id"], "reviews": after}


def main():
    try:
        request = json.load(sys.stdin)
        results = [run(sequence) for sequence in request["sequences"]]
    except (ValueError, KeyError, TypeError, OverflowError) as error:
        print(f"fsrs-oracle: bad input on stdin: {error!r}", file=sys.stderr)
        return 1
    json.dump({"fsrs": version("fsrs"), "sequences": results}, sys.stdout)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
