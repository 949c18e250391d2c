#!/usr/bin/env python3
"""Runs `shortcut-lab eval` on every sample app under Corpora/ and prints Markdown tables:
accuracy by app and locale (pooled over the apps, with the gap to English), the other
headline rates, and accuracy by query kind per locale.

The numbers are as shipped: each manifest's own `matching` settings, no options. Nothing is
tuned here; the query files are a held-out set (see Corpora/README.md).

Usage: python3 Tools/corpora/eval_corpora.py [path/to/shortcut-lab]
(default: .build/debug/shortcut-lab). Exits 1 if any run fails.
"""
import json
import os
import subprocess
import sys

APPS = ["Todo", "Meditation", "Coffee", "VoiceMemos"]
LOCALES = ["en", "zh-Hans", "ja", "ko", "de", "fr", "es"]
KINDS = ["paraphrase", "synonym", "param-synonym", "app-synonym", "typo", "no-app-name",
         "near-miss", "other-app", "core-siri", "negative", "chit-chat"]


def run(binary, app):
    root = os.path.join("Corpora", app)
    out = subprocess.run(
        [binary, "eval", "--catalog", os.path.join(root, "manifest.json"),
         "--queries", os.path.join(root, "queries"), "--json"],
        capture_output=True, text=True)
    if out.returncode != 0:
        sys.stderr.write(out.stderr)
        sys.exit(1)
    return {report["locale"]: report for report in json.loads(out.stdout)["locales"]}


def pct(count, total):
    return f"{100 * count / total:.1f}" if total else "—"


def row(name, cells):
    return "| " + name + " | " + " | ".join(cells) + " |"


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else ".build/debug/shortcut-lab"
    data = {app: run(binary, app) for app in APPS}

    def pooled(key, locale):
        return (sum(data[a][locale][key]["count"] for a in APPS),
                sum(data[a][locale][key]["total"] for a in APPS))

    print(row("accuracy", LOCALES))
    print("|" + "---|" * (len(LOCALES) + 1))
    for app in APPS:
        print(row(app, [pct(data[app][l]["accuracy"]["count"], data[app][l]["accuracy"]["total"]) for l in LOCALES]))
    print(row("**all 4 apps**", [f"**{pct(*pooled('accuracy', l))}**" for l in LOCALES]))
    count, total = pooled("accuracy", "en")
    english = count / total
    gaps = []
    for locale in LOCALES:
        c, t = pooled("accuracy", locale)
        gaps.append("—" if locale == "en" else f"{100 * (c / t - english):+.1f}")
    print(row("gap to en (points)", gaps))
    for key, name in [("inScope", "right shortcut (in scope)"), ("falseAccepts", "false accepts (expect none)"),
                      ("parameters", "parameter accuracy")]:
        print(row(name, [pct(*pooled(key, l)) for l in LOCALES]))
    print()
    print(row("accuracy by kind (4 apps)", LOCALES))
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
