#!/usr/bin/env python3
"""The page of `quiz --stats --format html` in a real browser (headless Chromium).

  stats_page.py check PAGE.html [--colorblind]
      validates the page (html5lib, strict), loads it in Chromium and checks
      that the DOM after load holds every chart and a table of its figures,
      that screenshots 1200 and 400 px wide show the charts (pixels of the
      charts' own colours, not a blank page), that the dark scheme applies
      under prefers-color-scheme: dark, and that the page fetched nothing
      (Chromium's net log shows no request made by the page). Prints one line
      per problem and exits 1 on any; exits 77 when Chromium, html5lib or
      Pillow is missing (the caller says so and skips).
  stats_page.py shots PAGE.html FOLDER
      writes the README's screenshots: stats-1200.png, stats-400.png and
      stats-dark.png.

Chromium runs with a profile of its own in a temporary folder, without
background networking, and with every host name resolving to nothing, so
nothing leaves the machine even if the page asked. The browser's own
requests (its updater) have no origin in the net log ("not an origin");
a request the page makes has the page's origin ("null" for a file).
"""

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

SKIP = 77

# The ids of the charts every page of a history with reviews holds.
CHARTS = [
    "calendar-chart",
    "score-1",
    "retention-chart",
    "forecast-chart",
    "states-chart",
    "accuracy-chart",
    "categories-chart",
]

# Each chart's own colours (StatisticsHTML.css), light scheme.
STANDARD = {
    "heatmap": ["#9be9a8", "#40c463", "#30a14e", "#216e39"],
    "bars and lines": ["#0969da"],
    "states": ["#54aeff", "#1a7f37"],
}
COLORBLIND = {
    "heatmap": ["#c6dbef", "#6baed6", "#2171b5", "#08306b"],
    "bars and lines": ["#0072b2"],
    "states": ["#56b4e9", "#e69f00"],
}
DARK_BACKGROUND = (0x0D, 0x11, 0x17)


def chromium():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


def run_browser(arguments, profile, timeout=120):
    command = [
        chromium(),
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--hide-scrollbars",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-extensions",
        "--host-resolver-rules=MAP * ~NOTFOUND",
        f"--user-data-dir={profile}",
    ] + arguments
    return subprocess.run(command, capture_output=True, timeout=timeout)


def screenshot(page, path, width, height, profile, dark=False):
    arguments = [f"--window-size={width},{height}", f"--screenshot={path}"]
    if dark:
        arguments.append("--force-dark-mode")
    result = run_browser(arguments + ["file://" + page], profile)
    if not os.path.exists(path):
        raise RuntimeError(f"no screenshot at {width} px: {result.stderr.decode(errors='replace')[-400:]}")


def hex_colour(text):
    return tuple(int(text[i : i + 2], 16) for i in (1, 3, 5))


def colour_counts(path):
    from PIL import Image

    with Image.open(path) as image:
        rgb = image.convert("RGB")
        return {colour: count for count, colour in rgb.getcolors(maxcolors=1 << 24)}, rgb.size, rgb.getpixel((2, 2))


def page_requests(net_log):
    """The URLs of the requests the page made (not the browser's own)."""
    with open(net_log) as file:
        log = json.load(file)
    names = {number: name for name, number in log["constants"]["logEventTypes"].items()}
    urls = []
    for event in log["events"]:
        parameters = event.get("params") or {}
        if names.get(event["type"]) == "URL_REQUEST_START_JOB" and "url" in parameters:
            if parameters.get("initiator") != "not an origin":
                urls.append(parameters["url"])
    return urls


def local(tag):
    """An element's name without its namespace (html5lib puts SVG in its own)."""
    return tag.rsplit("}", 1)[-1] if isinstance(tag, str) else ""


def elements(tree, name):
    return [element for element in tree.iter() if local(element.tag) == name]


def check(page, colorblind):
    problems = []
    try:
        import html5lib  # noqa: F401
        from PIL import Image  # noqa: F401
    except ImportError as error:
        print(f"stats_page.py: {error.name} is missing (pip install html5lib pillow)")
        return SKIP
    if chromium() is None:
        print("stats_page.py: chromium is not installed (apt-get install chromium)")
        return SKIP
    page = os.path.abspath(page)
    with open(page, "rb") as file:
        source = file.read()
    if len(source) >= 1_000_000:
        problems.append(f"the page is {len(source):,} bytes, not under 1 MB")

    # Valid HTML: html5lib's strict parser raises on the first parse error.
    import html5lib

    parser = html5lib.HTMLParser(strict=True, namespaceHTMLElements=False)
    try:
        parser.parse(source)
    except Exception as error:
        problems.append(f"not valid HTML: {error}")

    with tempfile.TemporaryDirectory(prefix="quiz-page-") as work:
        profile = os.path.join(work, "profile")
        net_log = os.path.join(work, "net.json")
        dom = run_browser(["--dump-dom", f"--log-net-log={net_log}", "file://" + page], profile)
        text = dom.stdout.decode("utf-8", errors="replace")
        if dom.returncode != 0 or "<main>" not in text:
            problems.append(f"chromium --dump-dom failed ({dom.returncode}): {dom.stderr.decode(errors='replace')[-300:]}")
        tree = html5lib.parse(text, namespaceHTMLElements=False)
        svgs = {svg.get("id"): svg for svg in elements(tree, "svg")}
        for chart in CHARTS:
            svg = svgs.get(chart)
            if svg is None:
                problems.append(f"the DOM after load has no chart {chart}")
                continue
            title = next((t for t in elements(svg, "title") if t.get("id") == svg.get("aria-labelledby")), None)
            if svg.get("role") != "img" or title is None or not (title.text or "").strip():
                problems.append(f"chart {chart} has no role=img with a <title> it is labelled by")
        for svg_id, svg in svgs.items():
            figure = next((f for f in elements(tree, "figure") if svg in elements(f, "svg")), None)
            if figure is None or not elements(figure, "table"):
                problems.append(f"chart {svg_id} has no <table> of its figures beside it")
        tables = elements(tree, "table")
        if len(tables) < len(svgs):
            problems.append(f"{len(tables)} tables for {len(svgs)} charts")
        for table in tables:
            if not elements(table, "caption") or len(elements(table, "tr")) < 2:
                problems.append("a table without a caption or without rows")
        if os.path.exists(net_log):
            fetched = page_requests(net_log)
            if fetched:
                problems.append(f"the page fetched {fetched}")
        else:
            problems.append("chromium wrote no net log")

        palette = COLORBLIND if colorblind else STANDARD
        other = STANDARD if colorblind else COLORBLIND
        # Tall enough for the whole page of a test's history.
        for width, height in ((1200, 6000), (400, 12000)):
            path = os.path.join(work, f"page-{width}.png")
            try:
                screenshot(page, path, width, height, profile)
            except (RuntimeError, subprocess.TimeoutExpired) as error:
                problems.append(str(error))
                continue
            counts, size, corner = colour_counts(path)
            if size[0] != width:
                problems.append(f"the screenshot is {size[0]} px wide, not {width}")
            drawn = sum(count for colour, count in counts.items() if colour != corner)
            if drawn < size[0] * size[1] // 20:
                problems.append(f"at {width} px only {drawn} pixels differ from the background: a blank page")
            for chart, colours in palette.items():
                pixels = sum(counts.get(hex_colour(colour), 0) for colour in colours)
                if pixels < 150:
                    problems.append(f"at {width} px the {chart} show {pixels} pixels of their colours {colours}")
            wrong = sum(counts.get(hex_colour(colour), 0) for colour in other["heatmap"])
            if wrong > 50:
                problems.append(f"at {width} px {wrong} pixels of the other palette's heatmap")
        dark = os.path.join(work, "dark.png")
        try:
            screenshot(page, dark, 1200, 800, profile, dark=True)
            _, _, corner = colour_counts(dark)
            if corner != DARK_BACKGROUND:
                problems.append(f"under prefers-color-scheme: dark the background is {corner}, not {DARK_BACKGROUND}")
        except (RuntimeError, subprocess.TimeoutExpired) as error:
            problems.append(str(error))
    for problem in problems:
        print(problem)
    return 1 if problems else 0


def shots(page, folder):
    if chromium() is None:
        print("stats_page.py: chromium is not installed (apt-get install chromium)", file=sys.stderr)
        return SKIP
    page = os.path.abspath(page)
    os.makedirs(folder, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="quiz-page-") as work:
        profile = os.path.join(work, "profile")
        screenshot(page, os.path.join(folder, "stats-1200.png"), 1200, 1500, profile)
        screenshot(page, os.path.join(folder, "stats-400.png"), 400, 1400, profile)
        screenshot(page, os.path.join(folder, "stats-dark.png"), 1200, 900, profile, dark=True)
    return 0


def main(arguments):
    if len(arguments) >= 2 and arguments[0] == "check":
        return check(arguments[1], "--colorblind" in arguments[2:])
    if len(arguments) == 3 and arguments[0] == "shots":
        return shots(arguments[1], arguments[2])
    print(__doc__, file=sys.stderr)
    return 64


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
