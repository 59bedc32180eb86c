#!/usr/bin/env python3
"""Writes Sources/QuizCore/Questions/HTMLEntityTable.swift from the HTML5 entity list:
every name with its semicolon, and the legacy names read without it."""
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
legacy = sorted(k for k in html.entities.html5 if not k.endswith(";"))
out += [
    "    ]",
    "",
    "    /// The names a browser reads without their semicolon too (`&amp`, `&copy2020`),",
    f"    /// as a text's longest prefix: the standard's legacy names, {len(legacy)} of them.",
    "    static let legacy: Set<String> = [",
]
for i in range(0, len(legacy), 8):
    out.append("        " + ", ".join('"%s"' % name for name in legacy[i : i + 8]) + ",")
out += ["    ]", "}"]
root = pathlib.Path(__file__).resolve().parent.parent
(root / "Sources/QuizCore/Questions/HTMLEntityTable.swift").write_text("\n".join(out) + "\n")
print(f"{len(items)} entities")
