import CatalogValidation
import FlexibleMatching
import Foundation
import ShortcutCatalog
import StringCatalogReaders
import VectorIndex

/// Times `validate` on a catalog built to sit near the limits: 10 shortcuts, 20 locales,
/// each locale close to the 1000-phrase budget, matcher-based rules included. The bar is
/// 300 ms per catalog in a release build; the exit status is 1 when the median misses it.
///
/// Usage: ValidateBenchmark [--runs N] [--bar MS] [--write DIR]
///   --write DIR  also writes the catalog there (manifest.json + AppShortcuts.xcstrings) so
///                `shortcut-lab validate DIR/manifest.json` can be timed end to end.

let arguments = CommandLine.arguments
func option(_ name: String) -> String? {
    guard let i = arguments.firstIndex(of: name), i + 1 < arguments.count else { return nil }
    return arguments[i + 1]
}
let runs = option("--runs").flatMap(Int.init) ?? 7
let bar = option("--bar").flatMap(Double.init) ?? 300

let locales = [
    "en", "de", "fr", "es", "it", "pt-BR", "nl", "sv", "da", "nb", "fi", "pl", "cs", "tr", "ru", "uk", "ja", "zh-Hans",
    "ko", "ar",
]
let verbs = ["Open", "Show", "Start", "Log", "Add", "Check", "Find", "Play", "Share", "Archive"]
let objects = ["notes", "tasks", "workout", "reading list", "water", "budget", "recipe", "playlist", "photos", "inbox"]
let frames = [
    "%@ my %@ in ${applicationName}", "%@ the %@ with ${applicationName}", "%@ %@ in ${applicationName} now",
    "Please %@ my %@ using ${applicationName}", "Can you %@ %@ in ${applicationName}",
]

/// 10 shortcuts × 6–7 phrases, two of them (in 4 shortcuts) naming a 55-value enum, × (1 + 1
/// synonym) = 992 expanded phrases per locale.
func manifest() -> String {
    let values = (0..<55).map { "{\"id\": \"v\($0)\", \"title\": \"Item \($0)\"}" }.joined(separator: ", ")
    var shortcuts: [String] = []
    for (s, verb) in verbs.enumerated() {
        var phrases = frames.map { String(format: $0, verb, objects[s]).replacingOccurrences(of: "%@", with: "") }
        if s < 4 { phrases.append("\(verb) ${item} in ${applicationName}") }
        if s < 4 { phrases.append("\(verb) the ${item} with ${applicationName}") }
        if s >= 4 { phrases.append("\(verb) all \(objects[s]) with ${applicationName}") }
        shortcuts.append(
            "{\"id\": \"S\(s)\", \"shortTitle\": \"\(verb)\", \"phrases\": [\(phrases.map { "\"\($0)\"" }.joined(separator: ", "))]}")
    }
    return """
        {"formatVersion": 1, "sourceLanguage": "en", "app": {"name": "Benchy", "synonyms": ["Bench"]},
         "parameters": [{"name": "item", "kind": "enum", "values": [\(values)]}],
         "shortcuts": [\(shortcuts.joined(separator: ",\n"))],
         "stringCatalog": "AppShortcuts.xcstrings"}
        """
}

/// Xcode's per-shortcut layout: each locale a stringSet with the phrases, words tagged by locale.
func xcstrings(_ manifest: Catalog) -> String {
    var entries: [String] = []
    for shortcut in manifest.source.shortcuts {
        var localizations: [String] = []
        for locale in locales.dropFirst() {
            let values = shortcut.phrases.map { "\"\($0.text.replacingOccurrences(of: " in ", with: " \(locale) in ").replacingOccurrences(of: " with ", with: " \(locale) with "))\"" }
            localizations.append("\"\(locale)\": {\"stringSet\": {\"state\": \"translated\", \"values\": [\(values.joined(separator: ", "))]}}")
        }
        entries.append("\"\(shortcut.phrases[0].text)\": {\"extractionState\": \"extracted_with_value\", \"localizations\": {\(localizations.joined(separator: ", "))}}")
    }
    return "{\"sourceLanguage\": \"en\", \"strings\": {\(entries.joined(separator: ",\n"))}, \"version\": \"1.0\"}"
}

let directory = option("--write") ?? (NSTemporaryDirectory() + "validate-benchmark-\(ProcessInfo.processInfo.processIdentifier)")
try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
let manifestPath = directory + "/manifest.json"
try manifest().write(toFile: manifestPath, atomically: true, encoding: .utf8)
let base = try ManifestLoader.load(path: manifestPath)
try xcstrings(base).write(toFile: directory + "/AppShortcuts.xcstrings", atomically: true, encoding: .utf8)

_ = BLASThreads.set(1)
// Language data is loaded once per process, as the CLI does; time it apart.
var cache: [String: MatcherResources] = [:]
let loadStart = Date()
for locale in locales { cache[locale] = (try? MatcherResources.load(locale: locale)) ?? MatcherResources() }
let resourceMS = Date().timeIntervalSince(loadStart) * 1000
let resources = cache
let options = ValidationOptions(resources: { resources[$0] ?? MatcherResources() })

var times: [Double] = []
var loadTimes: [Double] = []
var lexicalTimes: [Double] = []
var report: ValidationReport?
for _ in 0..<runs {
    let start = Date()
    let loaded = try CatalogLoader.load(path: manifestPath)
    let loadedAt = Date()
    report = Validator.validate(loaded, options: options)
    times.append(Date().timeIntervalSince(start) * 1000)
    loadTimes.append(loadedAt.timeIntervalSince(start) * 1000)
    let lexicalStart = Date()
    _ = Validator.validate(loaded, options: ValidationOptions(matcherRules: false))
    lexicalTimes.append(Date().timeIntervalSince(lexicalStart) * 1000)
}
loadTimes.sort()
lexicalTimes.sort()
times.sort()
let median = times[times.count / 2]
let budgets = report?.budgets ?? []
print("catalog: \(base.source.shortcuts.count) shortcuts, \(budgets.count) locales, expanded phrases per locale \(budgets.map(\.total).min() ?? 0)–\(budgets.map(\.total).max() ?? 0)")
print("diagnostics: \(report?.errorCount ?? 0) errors, \(report?.warningCount ?? 0) warnings")
print(String(format: "load + validate (matcher rules on): median %.1f ms, min %.1f ms, max %.1f ms over %d runs (bar %.0f ms)", median, times[0], times[times.count - 1], runs, bar))
print(String(format: "  of which loading and resolving the files: median %.1f ms; rules without the matcher: median %.1f ms", loadTimes[runs / 2], lexicalTimes[runs / 2]))
print(String(format: "language data, loaded once: %.1f ms", resourceMS))
if option("--write") == nil { try? FileManager.default.removeItem(atPath: directory) }
exit(median <= bar ? 0 : 1)
