#!/usr/bin/env python3
"""Writes a manifest's AppShortcuts.xcstrings from its phrases and inline `localizations`.

The corpora keep every locale's phrases twice: inline in `manifest.json` (which the manifest
loader reads) and in `AppShortcuts.xcstrings` (the file an Xcode project ships, which the
string-catalog reader reads). The manifest is the source; this script writes the catalog in
Xcode's own layout so the two cannot drift:

* one key per App Shortcut: its first source-language phrase, `extractionState`
  `extracted_with_value`, and per locale a `stringSet` listing that locale's phrases
  (`state` `new` for the source language, `translated` for the others);
* one key per negative phrase, with a `stringUnit` per locale (negative phrases are
  declared one by one, `NegativeAppShortcutPhrase("...")`, so each is its own key; the
  i-th localized negative phrase translates the i-th source one);
* Xcode's formatting: two-space indent, `" : "` separators, keys sorted.

Usage: xcstrings_from_manifest.py Corpora/<App>/manifest.json [--check]
With --check, exits 1 when the file on disk differs instead of writing it.
"""
import json
import os
import sys


def build(manifest):
    source = manifest["sourceLanguage"]
    locales = manifest.get("localizations", {})
    strings = {}
    for shortcut in manifest["shortcuts"]:
        phrases = shortcut["phrases"]
        entry = {source: {"stringSet": {"state": "new", "values": phrases}}}
        for locale, loc in locales.items():
            localized = loc.get("shortcuts", {}).get(shortcut["id"], {}).get("phrases")
            if localized:
                entry[locale] = {"stringSet": {"state": "translated", "values": localized}}
        strings[phrases[0]] = {"extractionState": "extracted_with_value", "localizations": entry}
    for index, phrase in enumerate(manifest.get("negativePhrases", [])):
        entry = {source: {"stringUnit": {"state": "new", "value": phrase}}}
        for locale, loc in locales.items():
            negatives = loc.get("negativePhrases", [])
            if index < len(negatives):
                entry[locale] = {"stringUnit": {"state": "translated", "value": negatives[index]}}
        strings[phrase] = {"extractionState": "extracted_with_value", "localizations": entry}
    catalog = {"sourceLanguage": source, "strings": strings, "version": "1.0"}
    return json.dumps(catalog, ensure_ascii=False, indent=2, sort_keys=True, separators=(",", " : ")) + "\n"


def main(argv):
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    path = argv[1]
    with open(path, encoding="utf-8") as f:
        manifest = json.load(f)
    target = os.path.join(os.path.dirname(path), manifest.get("stringCatalog", "AppShortcuts.xcstrings"))
    text = build(manifest)
    if "--check" in argv:
        with open(target, encoding="utf-8") as f:
            if f.read() != text:
                print(f"{target}: differs from {path}; rerun without --check", file=sys.stderr)
                return 1
        return 0
    with open(target, "w", encoding="utf-8") as f:
        f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
