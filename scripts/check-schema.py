#!/usr/bin/env python3
"""Checks question banks against Questions/bank.schema.json with a real
JSON Schema validator (the `jsonschema` package; `make test` installs it).

    python3 scripts/check-schema.py              every bank in Questions/
    python3 scripts/check-schema.py FILE...      those files

Prints one line per file ("ok PATH", or "PATH: PLACE: MESSAGE" for each
error) and exits 1 if any file fails, 2 if the schema itself is invalid or
jsonschema is missing. The schema cannot check everything `quiz --validate`
does (an answer being one of its choices, say); it is what editors use.
"""

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCHEMA = ROOT / "Questions" / "bank.schema.json"


def place(error):
    """The path to the failing value, as questions[3].choices."""
    text = ""
    for part in error.absolute_path:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text or "(top level)"


def describe(error, schema):
    """The error as one readable line: a broken if/then rule is named by its
    description, not by a dump of the question."""
    if error.validator in ("minLength", "pattern") and error.schema.get("pattern") == "\\S":
        return f"{error.instance!r} is empty or only white space"
    if error.validator == "pattern" and "\\u2028" in error.schema.get("pattern", ""):
        return f"{error.instance!r} holds a control character or line break"
    if error.validator == "not":
        node, description = schema, None
        for part in error.absolute_schema_path:
            if isinstance(node, dict) and part not in node and "$ref" in node:
                node = resolve(schema, node["$ref"])
            node = node[part]
            if isinstance(node, dict) and "description" in node:
                description = node["description"]
        if description:
            return f"breaks the rule: {description}"
    return error.message


def resolve(schema, reference):
    """A local reference such as #/$defs/question."""
    node = schema
    for part in reference.removeprefix("#/").split("/"):
        node = node[part]
    return node


def sort_key(error):
    return [(0, part, "") if isinstance(part, int) else (1, 0, str(part)) for part in error.absolute_path]


def main(arguments):
    try:
        from jsonschema import Draft202012Validator
    except ImportError:
        print(
            "check-schema: the Python module jsonschema (4.0 or later, for draft 2020-12) is missing; "
            "run `make test` (it installs it) or `python3 -m pip install 'jsonschema>=4'`",
            file=sys.stderr,
        )
        return 2

    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    try:
        Draft202012Validator.check_schema(schema)
    except Exception as error:  # jsonschema.exceptions.SchemaError
        print(f"{SCHEMA}: the schema itself is invalid: {error}", file=sys.stderr)
        return 2
    validator = Draft202012Validator(schema)

    if arguments:
        files = [Path(argument) for argument in arguments]
    else:
        files = sorted(
            path for path in (ROOT / "Questions").glob("*.json") if not path.name.endswith(".schema.json")
        )
        if not files:
            print(f"check-schema: no banks in {ROOT / 'Questions'}", file=sys.stderr)
            return 1

    failed = False
    for path in files:
        try:
            bank = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as error:
            print(f"{path}: {error}")
            failed = True
            continue
        errors = sorted(validator.iter_errors(bank), key=sort_key)
        if not errors:
            print(f"ok {path}")
            continue
        failed = True
        # dict.fromkeys: one line for a fault two keywords report alike (minLength, pattern).
        for line in dict.fromkeys(f"{path}: {place(error)}: {describe(error, schema)}" for error in errors):
            print(line)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
