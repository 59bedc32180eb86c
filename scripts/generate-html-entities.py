#!/usr/bin/env python3
"""Writes Sources/QuizCore/Questions/HTMLEntityTable.swift from the HTML5 entity list."""
import html.entities
import pathlib

items = sorted((k[:-1], v) for k, v in html.entities.html5.items() if k.endswith(";"))
out = [
    "// Generated from the WHATWG HTML5 named character reference list (via Python's",
    "// html.entities.html5): every name that ends in a semicolon. Regenerate with",
    "// scripts/generate-html-entities.py; do not edit by hand.",
    "",
    "extension HTMLEntities {",
    f"    /// Name (without `&` and `;`) to replacement text, {len(items)} entries.",
    "    static let named: [String: String] = [",
]
for name, text in items:
    out.append('        "%s": "%s",' % (name, "".join("\\u{%X}" % ord(c) for c in text)))
out += ["    ]", "}"]
root = pathlib.Path(__file__).resolve().parent.parent
(root / "Sources/QuizCore/Questions/HTMLEntityTable.swift").write_text("\n".join(out) + "\n")
print(f"{len(items)} entities")
