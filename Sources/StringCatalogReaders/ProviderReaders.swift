import Foundation
import ShortcutCatalog

/// Reads the `extracted.json` files of `shared/real-world-catalogs`: what an app's Swift
/// `AppShortcutsProvider` declares, transcribed with `${...}` placeholders. It stands in for
/// the Swift source, which this tool cannot compile.
///
/// Shape: `appDisplayName`, `shortcuts[] {intent, shortTitle, systemImageName, phrases[]}`,
/// `parameters[] {name, kind: "AppEnum" | "AppEntity" | other, values: [{case, title,
/// synonyms}] | "dynamic: ..."}`, `negativePhrases[]`, optional `sourceLanguage`.
public enum ExtractedProviderReader {
    public static func read(path: String) throws(CatalogError) -> ProviderDeclaration {
        try parse(try ManifestLoader.readFile(path: path), file: path)
    }

    public static func parse(_ bytes: [UInt8], file: String) throws(CatalogError) -> ProviderDeclaration {
        let root = try LocatedJSON.parse(bytes, file: file)
        let d = NodeDecoder(file: file)
        _ = try d.object(root, "the top level")
        guard let shortcutsNode = root["shortcuts"] else {
            throw .notAManifest(path: file, reason: "an extracted.json needs a 'shortcuts' array")
        }
        let rawName = try d.optionalString(root, "appDisplayName", "appDisplayName") ?? "App"
        let app = AppName(name: cleanAppName(rawName))

        var parameters: [Parameter] = []
        var declared: [DeclaredParameter] = []
        if let node = root["parameters"] {
            for (index, element) in try d.array(node, "parameters").enumerated() {
                let field = "parameters[\(index)]"
                _ = try d.object(element, field)
                let name = try d.requiredString(element, "name", field + ".name")
                let kindText = try d.optionalString(element, "kind", field + ".kind") ?? "AppEnum"
                let type: DeclaredParameter.TypeKind
                switch kindText {
                case "AppEnum", "enum": type = .enum
                case "AppEntity", "entity": type = .entity
                default: type = .other(kindText)
                }
                var values: [ParameterValue] = []
                var dynamic = false
                if let valuesNode = element["values"] {
                    if case .string = valuesNode.value {
                        dynamic = true
                    } else {
                        for (valueIndex, valueNode) in try d.array(valuesNode, field + ".values").enumerated() {
                            let valueField = "\(field).values[\(valueIndex)]"
                            _ = try d.object(valueNode, valueField)
                            let caseName = try d.optionalString(valueNode, "case", valueField + ".case")
                            let idField = try d.optionalString(valueNode, "id", valueField + ".id")
                            let id = caseName ?? idField ?? "\(valueIndex)"
                            let title = try d.optionalString(valueNode, "title", valueField + ".title") ?? id
                            var synonyms: [String] = []
                            if let s = valueNode["synonyms"] {
                                for (i, n) in try d.array(s, valueField + ".synonyms").enumerated() {
                                    synonyms.append(try d.string(n, "\(valueField).synonyms[\(i)]"))
                                }
                            }
                            values.append(ParameterValue(id: id, title: title, synonyms: synonyms))
                        }
                    }
                } else {
                    dynamic = type == .entity
                }
                declared.append(DeclaredParameter(name: name, type: type, isDynamic: dynamic, location: d.location(element)))
                switch type {
                case .enum: parameters.append(Parameter(name: name, kind: .enum, values: values, location: d.location(element)))
                case .entity: parameters.append(Parameter(name: name, kind: .entity, values: values, location: d.location(element)))
                case .other: break
                }
            }
        }

        var shortcuts: [Shortcut] = []
        var used: [String: Int] = [:]
        for (index, element) in try d.array(shortcutsNode, "shortcuts").enumerated() {
            let field = "shortcuts[\(index)]"
            _ = try d.object(element, field)
            let intent = try d.optionalString(element, "intent", field + ".intent")
            var id = try d.optionalString(element, "id", field + ".id") ?? intent ?? "Shortcut\(index + 1)"
            used[id, default: 0] += 1
            if let n = used[id], n > 1 { id += "#\(n)" }
            var phrases: [PhraseTemplate] = []
            if let node = element["phrases"] {
                for (i, p) in try d.array(node, field + ".phrases").enumerated() {
                    phrases.append(PhraseTemplate(try d.string(p, "\(field).phrases[\(i)]"), location: d.location(p)))
                }
            }
            shortcuts.append(
                Shortcut(
                    id: id, intent: intent, shortTitle: try d.optionalString(element, "shortTitle", field + ".shortTitle"),
                    systemImageName: try d.optionalString(element, "systemImageName", field + ".systemImageName"),
                    phrases: phrases, location: d.location(element)))
        }
        var negatives: [PhraseTemplate] = []
        if let node = root["negativePhrases"] {
            for (i, p) in try d.array(node, "negativePhrases").enumerated() {
                negatives.append(PhraseTemplate(try d.string(p, "negativePhrases[\(i)]"), location: d.location(p)))
            }
        }
        let sourceLanguage = try d.optionalString(root, "sourceLanguage", "sourceLanguage")
        let source = LocaleCatalog(
            locale: sourceLanguage ?? "en", app: app, parameters: parameters, shortcuts: shortcuts,
            negativePhrases: negatives)
        return ProviderDeclaration(
            path: file, origin: .extractedJSON, sourceLanguage: sourceLanguage, source: source,
            declaredParameters: declared)
    }

    /// `Bruce ("Bruce Debug" for debug builds)` → `Bruce`: notes in parentheses are not the name.
    static func cleanAppName(_ raw: String) -> String {
        var name = raw
        if let paren = name.range(of: " (") { name = String(name[..<paren.lowerBound]) }
        name = name.trimmingWhitespace()
        return name.isEmpty ? raw : name
    }
}

/// Reads Xcode's build output `Metadata.appintents/extract.actionsdata` (plain JSON despite
/// the extension): `autoShortcuts[] {actionIdentifier, phraseTemplates[{key}], shortTitle
/// {key}, systemImageName}`, `negativePhrases`, `actions` (for parameter types), `enums`
/// (cases and display representations) and `entities`.
///
/// The format is undocumented; fields are read leniently and unknown ones ignored, so a newer
/// Xcode's file still loads. An enum parameter's values come from the `enums` entry whose
/// identifier the parameter's value type names.
public enum ActionsDataReader {
    public static func read(path: String) throws(CatalogError) -> ProviderDeclaration {
        try parse(try ManifestLoader.readFile(path: path), file: path)
    }

    public static func parse(_ bytes: [UInt8], file: String) throws(CatalogError) -> ProviderDeclaration {
        let root = try LocatedJSON.parse(bytes, file: file)
        let d = NodeDecoder(file: file)
        _ = try d.object(root, "the top level")
        guard let autoShortcuts = root["autoShortcuts"] else {
            throw .notAManifest(path: file, reason: "an extract.actionsdata needs 'autoShortcuts'")
        }

        // Enum cases by enum identifier.
        var enumValues: [String: [ParameterValue]] = [:]
        if let enums = root["enums"], case .array(let list) = enums.value {
            for e in list {
                guard let id = textValue(e["identifier"]) else { continue }
                var values: [ParameterValue] = []
                if let cases = e["cases"], case .array(let caseList) = cases.value {
                    for c in caseList {
                        let caseID = textValue(c["identifier"]) ?? "\(values.count)"
                        let rep = c["displayRepresentation"]
                        let title = localizedKey(rep?["title"]) ?? caseID
                        var synonyms: [String] = []
                        if let s = rep?["synonyms"], case .array(let items) = s.value {
                            synonyms = items.compactMap { localizedKey($0) }
                        }
                        values.append(ParameterValue(id: caseID, title: title, synonyms: synonyms))
                    }
                }
                enumValues[id] = values
            }
        }
        var entityIDs = Set<String>()
        if let entities = root["entities"], case .object(let members) = entities.value {
            entityIDs = Set(members.map(\.key))
        }

        var shortcuts: [Shortcut] = []
        var parameters: [Parameter] = []
        var declared: [DeclaredParameter] = []
        var seenParameters = Set<String>()
        var used: [String: Int] = [:]
        for (index, element) in try d.array(autoShortcuts, "autoShortcuts").enumerated() {
            let field = "autoShortcuts[\(index)]"
            _ = try d.object(element, field)
            let action = textValue(element["actionIdentifier"]) ?? "Shortcut\(index + 1)"
            var id = action
            used[id, default: 0] += 1
            if let n = used[id], n > 1 { id += "#\(n)" }
            var phrases: [PhraseTemplate] = []
            if let templates = element["phraseTemplates"] {
                for (i, t) in try d.array(templates, field + ".phraseTemplates").enumerated() {
                    guard let key = localizedKey(t) else {
                        throw .wrongType(
                            d.location(t), field: "\(field).phraseTemplates[\(i)]", expected: "an object with a 'key'",
                            found: t.kindDescription)
                    }
                    phrases.append(PhraseTemplate(key, location: d.location(t)))
                }
            }
            shortcuts.append(
                Shortcut(
                    id: id, intent: action, shortTitle: localizedKey(element["shortTitle"]),
                    systemImageName: textValue(element["systemImageName"]), phrases: phrases, location: d.location(element)))

            // The action's parameters that phrases name.
            let named = Set(phrases.flatMap(\.placeholders)).subtracting([Placeholder.applicationName])
            guard let actionNode = root["actions"]?[action], let list = actionNode["parameters"],
                case .array(let actionParameters) = list.value
            else { continue }
            for p in actionParameters {
                guard let name = textValue(p["name"]), named.contains(name), !seenParameters.contains(name) else { continue }
                seenParameters.insert(name)
                let identifiers = allStrings(in: p["valueType"])
                let typeKeys = allKeys(in: p["valueType"])
                if let enumID = identifiers.first(where: { enumValues[$0] != nil }) {
                    parameters.append(Parameter(name: name, kind: .enum, values: enumValues[enumID] ?? [], location: d.location(p)))
                    declared.append(DeclaredParameter(name: name, type: .enum, location: d.location(p)))
                } else if typeKeys.contains("entity") || identifiers.contains(where: entityIDs.contains) {
                    parameters.append(Parameter(name: name, kind: .entity, values: [], location: d.location(p)))
                    declared.append(DeclaredParameter(name: name, type: .entity, isDynamic: true, location: d.location(p)))
                } else if typeKeys.contains("linkEnumeration") || typeKeys.contains("enumeration") {
                    parameters.append(Parameter(name: name, kind: .enum, values: [], location: d.location(p)))
                    declared.append(DeclaredParameter(name: name, type: .enum, location: d.location(p)))
                } else {
                    declared.append(DeclaredParameter(name: name, type: .other(typeKeys.contains("primitive") ? "a primitive type" : "an unsupported type"), location: d.location(p)))
                }
            }
        }
        var negatives: [PhraseTemplate] = []
        if let node = root["negativePhrases"], case .array(let list) = node.value {
            for p in list {
                if let text = localizedKey(p) ?? textValue(p) ?? localizedKey(p["phrase"]) {
                    negatives.append(PhraseTemplate(text, location: d.location(p)))
                }
            }
        }
        let app = AppName(name: appName(fromPath: file))
        let source = LocaleCatalog(locale: "en", app: app, parameters: parameters, shortcuts: shortcuts, negativePhrases: negatives)
        return ProviderDeclaration(path: file, origin: .actionsData, sourceLanguage: nil, source: source, declaredParameters: declared)
    }

    /// `Demo.app/Metadata.appintents/extract.actionsdata` → `Demo`; the file itself does not
    /// carry the app's name (Info.plist does, and a folder load reads it).
    static func appName(fromPath path: String) -> String {
        for part in path.split(separator: "/").reversed() where part.hasSuffix(".app") || part.hasSuffix(".appex") {
            return String(part.split(separator: ".").first ?? part)
        }
        return "App"
    }

    static func textValue(_ node: SourceNode?) -> String? {
        if case .string(let text)? = node?.value { return text }
        return nil
    }

    /// `{"key": "...", "alternatives": []}` → the key; a plain string is its own key.
    static func localizedKey(_ node: SourceNode?) -> String? {
        guard let node else { return nil }
        if case .string(let text) = node.value { return text }
        return textValue(node["key"])
    }

    static func allStrings(in node: SourceNode?) -> [String] {
        guard let node else { return [] }
        switch node.value {
        case .string(let s): return [s]
        case .array(let items): return items.flatMap { allStrings(in: $0) }
        case .object(let members): return members.flatMap { allStrings(in: $0.value) }
        default: return []
        }
    }

    static func allKeys(in node: SourceNode?) -> Set<String> {
        guard let node else { return [] }
        switch node.value {
        case .array(let items): return items.reduce(into: Set<String>()) { $0.formUnion(allKeys(in: $1)) }
        case .object(let members):
            return members.reduce(into: Set(members.map(\.key))) { $0.formUnion(allKeys(in: $1.value)) }
        default: return []
        }
    }
}
