import ShortcutCatalog

/// One phrase template of a locale catalog, positive or negative.
public struct TemplateInfo: Hashable, Sendable {
    /// Index into `LocaleCatalog.shortcuts`; `nil` for a negative phrase.
    public var shortcut: Int?
    public var text: String
    /// The parameter the template names, if any (the first, when a malformed template names several).
    public var parameter: String?
    public var mentionsAppName: Bool
}

/// One expansion of a template: placeholders filled with one spoken form of a parameter
/// value, and the app name left out (it is matched separately, see `AppNameDetector`).
public struct Expansion: Hashable, Sendable {
    /// Index into `ExpandedCatalog.templates`.
    public var template: Int
    /// The bound parameter value (`id`), if the template has a parameter.
    public var parameter: ParameterBinding?
    /// The text without the app name: what is scored.
    public var text: String
    /// The full texts, one per app-name form (or just `text` when the template has no app
    /// name): what exact matching compares against, and what counts against the phrase budget.
    public var spokenTexts: [String]
}

/// Every phrase of one locale, expanded.
public struct ExpandedCatalog: Sendable {
    public var templates: [TemplateInfo]
    public var positives: [Expansion]
    public var negatives: [Expansion]
}

/// Expands templates: `${applicationName}` to the app name and each synonym, `${param}` to
/// each value's title and synonyms. Every expansion remembers its shortcut, template and
/// parameter value.
public enum PhraseExpander {
    /// Expansions per template are capped so a template naming several large parameters
    /// (invalid, but loadable) cannot explode: validation reports such templates.
    public static let maxExpansionsPerTemplate = 2_000

    /// Complexity: O(total expansions × phrase length).
    public static func expand(_ catalog: LocaleCatalog) -> ExpandedCatalog {
        var templates: [TemplateInfo] = []
        var positives: [Expansion] = []
        var negatives: [Expansion] = []
        for (index, shortcut) in catalog.shortcuts.enumerated() {
            for phrase in shortcut.phrases {
                let t = templates.count
                let (info, expansions) = expand(phrase.text, shortcut: index, templateIndex: t, in: catalog)
                templates.append(info)
                positives.append(contentsOf: expansions)
            }
        }
        for phrase in catalog.negativePhrases {
            let t = templates.count
            let (info, expansions) = expand(phrase.text, shortcut: nil, templateIndex: t, in: catalog)
            templates.append(info)
            negatives.append(contentsOf: expansions)
        }
        return ExpandedCatalog(templates: templates, positives: positives, negatives: negatives)
    }

    static func expand(
        _ template: String, shortcut: Int?, templateIndex: Int, in catalog: LocaleCatalog
    ) -> (TemplateInfo, [Expansion]) {
        let segments = Placeholder.segments(of: template)
        var parameterName: String?
        var mentionsApp = false
        for case .placeholder(let name) in segments {
            if name == Placeholder.applicationName {
                mentionsApp = true
            } else if parameterName == nil {
                parameterName = name
            }
        }
        let info = TemplateInfo(shortcut: shortcut, text: template, parameter: parameterName, mentionsAppName: mentionsApp)

        // Partial expansions: (text without app name, texts with each app-name form, binding).
        var partial: [(bare: String, spoken: [String], binding: ParameterBinding?)] = [("", [""], nil)]
        let appForms = catalog.app.spokenForms
        for segment in segments {
            switch segment {
            case .text(let s):
                partial = partial.map { ($0.bare + s, $0.spoken.map { $0 + s }, $0.binding) }
            case .placeholder(let name) where name == Placeholder.applicationName:
                partial = partial.map { p in (p.bare + " ", p.spoken.flatMap { s in appForms.map { s + $0 } }, p.binding) }
            case .placeholder(let name):
                guard let parameter = catalog.parameter(named: name), !parameter.values.isEmpty else {
                    // An undeclared parameter (or one with no values) says nothing matchable.
                    partial = partial.map { ($0.bare + " ", $0.spoken.map { $0 + " " }, $0.binding) }
                    continue
                }
                var next: [(bare: String, spoken: [String], binding: ParameterBinding?)] = []
                outer: for p in partial {
                    for value in parameter.values {
                        for form in value.spokenForms {
                            let binding = p.binding ?? ParameterBinding(name: parameter.name, value: value.id)
                            next.append((p.bare + form, p.spoken.map { $0 + form }, binding))
                            if next.count >= maxExpansionsPerTemplate { break outer }
                        }
                    }
                }
                partial = next
            }
        }
        let expansions = partial.map {
            Expansion(template: templateIndex, parameter: $0.binding, text: $0.bare, spokenTexts: $0.spoken)
        }
        return (info, expansions)
    }
}
