#!/usr/bin/env python3
"""Runs `shortcut-lab eval` on every sample app under Corpora/ and prints Markdown tables:
accuracy by app and locale (pooled over the apps, with the gap to English), the other
headline rates, and accuracy by query kind per locale.

The numbers are as shipped: each manifest's own `matching` settings, no options. Nothing is
tuned here; the query files are a held-out set (see Corpora/README.md).

Usage: python3 Tools/corpora/eval_corpora.py [path/to/shortcut-lab] [--check] [--apps A,B,...]
(default: .build/debug/shortcut-lab). With --check, the apps of Corpora/Check instead (a
second held-out set of apps written blind; see Corpora/README.md). --apps keeps only the named
apps (to report the Check apps of one session apart). Exits 1 if any run fails.
"""
import json
import os
import subprocess
import sys

APPS = ["Todo", "Meditation", "Coffee", "VoiceMemos"]
LOCALES = ["en", "zh-Hans", "ja", "ko", "de", "fr", "es"]
KINDS = ["paraphrase", "synonym", "param-synonym", "app-synonym", "typo", "no-app-name",
         "near-miss", "other-app", "core-siri", "negative", "chit-chat"]


FOLDER = "Corpora"


def run(binary, app):
    root = os.path.join(FOLDER, app)
    out = subprocess.run(
        [binary, "eval", "--catalog", os.path.join(root, "manifest.json"),
         "--queries", os.path.join(root, "queries"), "--json"],
        capture_output=True, text=True)
    if out.returncode != 0:
        sys.stderr.write(out.stderr)
        sys.exit(1)
    return {report["locale"]: report for report in json.loads(out.stdout)["locales"]}


Z95 = 1.959963984540054


def wilson(count, total, z=Z95):
    """The Wilson score interval, as Rate.wilsonInterval (Sources/PhraseEvaluation/RateInterval.swift)."""
    n, p = total, count / total
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * (p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5
    return (0.0 if count == 0 else max(0.0, centre - half), 1.0 if count == total else min(1.0, centre + half))


def gap_interval(a, b):
    """Newcombe's hybrid score interval of rate a − rate b (counts, totals), as Rate.difference."""
    p1, p2 = a[0] / a[1], b[0] / b[1]
    (l1, u1), (l2, u2) = wilson(*a), wilson(*b)
    d = p1 - p2
    return (d - ((p1 - l1) ** 2 + (u2 - p2) ** 2) ** 0.5, d + ((u1 - p1) ** 2 + (p2 - l2) ** 2) ** 0.5)


def pct(count, total):
    return f"{100 * count / total:.1f}" if total else "—"


def row(name, cells):
    return "| " + name + " | " + " | ".join(cells) + " |"


def main():
    global APPS, FOLDER
    argv = sys.argv[1:]
    only = None
    if "--apps" in argv:
        i = argv.index("--apps")
        if i + 1 >= len(argv):
            sys.exit("--apps needs a comma-separated list of app folders")
        only = argv[i + 1].split(",")
        del argv[i:i + 2]
    args = [a for a in argv if a != "--check"]
    if "--check" in argv:
        FOLDER = os.path.join("Corpora", "Check")
        if not os.path.isdir(FOLDER):
            sys.exit(f"{FOLDER}: no such folder (run from the repository root)")
        APPS = sorted(a for a in os.listdir(FOLDER) if os.path.exists(os.path.join(FOLDER, a, "manifest.json")))
    if only is not None:
        unknown = [a for a in only if a not in APPS]
        if unknown:
            sys.exit(f"--apps: no such app in {FOLDER}: {', '.join(unknown)} (there: {', '.join(APPS)})")
        APPS = only
    binary = args[0] if args else ".build/debug/shortcut-lab"
    data = {app: run(binary, app) for app in APPS}

    def pooled(key, locale):
        return (sum(data[a][locale][key]["count"] for a in APPS),
                sum(data[a][locale][key]["total"] for a in APPS))

    print(row("accuracy", LOCALES))
    print("|" + "---|" * (len(LOCALES) + 1))
    for app in APPS:
        print(row(app, [pct(data[app][l]["accuracy"]["count"], data[app][l]["accuracy"]["total"]) for l in LOCALES]))
    print(row(f"**all {len(APPS)} apps**", [f"**{pct(*pooled('accuracy', l))}**" for l in LOCALES]))
    count, total = pooled("accuracy", "en")
    english = count / total
    gaps = []
    for locale in LOCALES:
        c, t = pooled("accuracy", locale)
        gaps.append("—" if locale == "en" else f"{100 * (c / t - english):+.1f}")
    print(row("gap to en (points)", gaps))
    intervals = []
    for locale in LOCALES:
        lo, hi = wilson(*pooled("accuracy", locale))
        intervals.append(f"{100 * lo:.1f}–{100 * hi:.1f}")
    print(row("accuracy, 95% interval (Wilson)", intervals))
    cells = []
    for locale in LOCALES:
        if locale == "en":
            cells.append("—")
        else:
            lo, hi = gap_interval(pooled("accuracy", locale), pooled("accuracy", "en"))
            cells.append(f"{100 * lo:+.1f} to {100 * hi:+.1f}")
    print(row("gap, 95% interval (Newcombe)", cells))
    for key, name in [("inScope", "right shortcut (in scope)"), ("falseAccepts", "false accepts (expect none)"),
                      ("parameters", "parameter accuracy")]:
        print(row(name, [pct(*pooled(key, l)) for l in LOCALES]))
    print()
    print(row(f"accuracy by kind ({len(APPS)} apps)", LOCALES))
    print("|" + "---|" * (len(LOCALES) + 1))
    for kind in KINDS:
        cells = []
        for locale in LOCALES:
            c = t = 0
            for app in APPS:
                for entry in data[app][locale]["byKind"]:
                    if entry["kind"] == kind:
                        c += entry["accuracy"]["count"]
                        t += entry["accuracy"]["total"]
            cells.append(pct(c, t))
        print(row(kind, cells))


if __name__ == "__main__":
    main()
