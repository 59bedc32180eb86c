#!/usr/bin/env python3
"""Every link in the Markdown files (README.md, ARCHITECTURE.md, CONTRIBUTING.md,
BENCHMARKS.md, docs/*.md) to a file of the checkout, or to a #heading in one,
resolves: the file exists and a heading makes the anchor (GitHub-style).
Usage: python3 scripts/check-links.py [ROOT]; exit status 1 on a broken link."""
import re, os, sys
root = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
def anchor(h):
    a = h.strip().lower()
    a = re.sub(r'[^\w\- ]', '', a)
    return a.replace(' ', '-')
def anchors(path):
    out, inside = set(), False
    for line in open(path):
        if line.startswith('```'): inside = not inside
        if inside: continue
        m = re.match(r'^#{1,6} (.*)', line)
        if m: out.add(anchor(m.group(1)))
    return out
files = ['README.md', 'ARCHITECTURE.md', 'CONTRIBUTING.md', 'BENCHMARKS.md'] + ['docs/' + f for f in os.listdir(root + '/docs') if f.endswith('.md')]
bad = 0
for f in files:
    text = open(os.path.join(root, f)).read()
    text = re.sub(r'```.*?```', '', text, flags=re.S)
    # Code spans show link syntax as text (`[text](url)`), no link.
    text = re.sub(r'(`+)(?!`).+?(?<!`)\1(?!`)', '', text, flags=re.S)
    for m in re.finditer(r'\]\(([^)\s]+)\)|src="([^"]+)"', text):
        t = m.group(1) or m.group(2)
        if re.match(r'https?:|mailto:', t): continue
        path, _, frag = t.partition('#')
        target = os.path.normpath(os.path.join(root, os.path.dirname(f), path)) if path else os.path.join(root, f)
        if not os.path.exists(target):
            print(f'{f}: {t}: no such file'); bad += 1; continue
        if frag and frag not in anchors(target):
            print(f'{f}: {t}: no heading makes #{frag}'); bad += 1
print(f'{bad} broken links'); sys.exit(1 if bad else 0)
