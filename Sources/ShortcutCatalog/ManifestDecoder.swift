/// Turns a `SourceNode` tree (from JSON or YAML) into a `Catalog`, following CONTRACTS.md §1.
///
/// Decoding is by hand rather than through `Codable` because every error must carry the
/// location of the offending value and the manifest's own field path, and because the
/// tree must be checked as a whole (placeholders against declared parameters, localized
/// entries against source ids). Unknown fields are ignored so newer manifests keep loading.
struct ManifestDecoder {
    let file: String

    /// Top-level keys that make a JSON object recognisably a manifest.
    static let manifestKeys = ["formatVersion", "sourceLanguage", "app", "shortcuts"]

    // MARK: Whole manifest

    func decode(_ root: SourceNode) throws(CatalogError) -> Catalog {
        guard case .object(let members) = root.value else {
            throw .notAManifest(
                path: file,
                reason: "the top level is \(root.kindDescription); a manifest is an object with "
                    + "formatVersion, sourceLanguage, app and shortcuts")
        }
        guard members.contains(where: { Self.manifestKeys.contains($0.key) }) else {
            throw .notAManifest(
                path: file,
                reason: "it has none of the manifest fields (formatVersion, sourceLanguage, app, shortcuts)")
        }

        let versionNode = try requiredMember(root, "formatVersion", "formatVersion")
        let version = try number(versionNode, "formatVersion")
        guard version == 1 else {
            throw .invalidValue(
                location(versionNode), field: "formatVersion",
                message: "unsupported format version \(numberText(versionNode)); this tool reads version 1")
        }

        let sourceLanguage = try nonEmptyString(try requiredMember(root, "sourceLanguage", "sourceLanguage"), "sourceLanguage")
        let app = try decodeApp(try requiredMember(root, "app", "app"))
        let parameters = try decodeParameters(root["parameters"])
        let parameterNames = Set(parameters.map(\.name))
        let shortcuts = try decodeShortcuts(try requiredMember(root, "shortcuts", "shortcuts"), parameterNames: parameterNames)
        let negativePhrases = try decodePhrases(
            optionalMember(root, "negativePhrases"), "negativePhrases", parameterNames: parameterNames, requireOne: false
        ) ?? []
        let stringCatalog = try optionalMember(root, "stringCatalog").map { node throws(CatalogError) in
            try nonEmptyString(node, "stringCatalog")
        }
        let matching = try decodeMatching(optionalMember(root, "matching"))

        let source = LocaleCatalog(
            locale: sourceLanguage, app: app, parameters: parameters, shortcuts: shortcuts,
            negativePhrases: negativePhrases)
        var locales = [sourceLanguage: source]
        if let localizations = optionalMember(root, "localizations") {
            for member in try object(localizations, "localizations") {
                let field = join("localizations", member.key)
                let keyLocation = SourceLocation(file: file, line: member.keyLine, column: member.keyColumn)
                guard !isBlank(member.key) else {
                    throw .invalidValue(keyLocation, field: field, message: "a locale identifier must not be empty")
                }
                guard member.key != sourceLanguage else {
                    throw .invalidValue(
                        keyLocation, field: field,
                        message: "'\(member.key)' is the source language; write its text at the top level")
                }
                locales[member.key] = try decodeLocalization(
                    member.value, locale: member.key, field: field, source: source, parameterNames: parameterNames)
            }
        }
        return Catalog(
            sourceLanguage: sourceLanguage, locales: locales, matching: matching, path: file,
            stringCatalog: stringCatalog)
    }

    // MARK: Sections

    func decodeApp(_ node: SourceNode) throws(CatalogError) -> AppName {
        _ = try object(node, "app")
        let name = try nonEmptyString(try requiredMember(node, "name", "app.name"), "app.name")
        let synonyms = try optionalMember(node, "synonyms").map { node throws(CatalogError) in
            try nonEmptyStrings(node, "app.synonyms")
        } ?? []
        return AppName(name: name, synonyms: synonyms)
    }

    func decodeParameters(_ node: SourceNode?) throws(CatalogError) -> [Parameter] {
        guard let node, !isNull(node) else { return [] }
        var parameters: [Parameter] = []
        var firstLine: [String: Int] = [:]
        for (index, element) in try array(node, "parameters").enumerated() {
            let field = "parameters[\(index)]"
            _ = try object(element, field)
            let nameNode = try requiredMember(element, "name", field + ".name")
            let name = try nonEmptyString(nameNode, field + ".name")
            if name == Placeholder.applicationName || name.contains("}") || name.contains("${") {
                throw .invalidValue(
                    location(nameNode), field: field + ".name",
                    message: "'\(name)' cannot be used as a parameter name in ${...} placeholders")
            }
            if let line = firstLine[name] {
                throw .invalidValue(
                    location(nameNode), field: field + ".name",
                    message: "duplicate parameter name '\(name)' (first declared on line \(line))")
            }
            firstLine[name] = nameNode.line

            var kind = Parameter.Kind.enum
            if let kindNode = optionalMember(element, "kind") {
                let text = try string(kindNode, field + ".kind")
                guard let parsed = Parameter.Kind(rawValue: text) else {
                    throw .invalidValue(
                        location(kindNode), field: field + ".kind",
                        message: "must be \"enum\" or \"entity\", not \"\(text)\"")
                }
                kind = parsed
            }

            var values: [ParameterValue] = []
            var valueLine: [String: Int] = [:]
            if let valuesNode = optionalMember(element, "values") {
                for (valueIndex, valueNode) in try array(valuesNode, field + ".values").enumerated() {
                    let valueField = "\(field).values[\(valueIndex)]"
                    _ = try object(valueNode, valueField)
                    let id = try uniqueID(valueNode, valueField, kind: "value", seen: &valueLine)
                    // A value without a title is said by its id, which is how AppEnum cases
                    // without a display representation read.
                    let title = try optionalMember(valueNode, "title").map { node throws(CatalogError) in
                        try nonEmptyString(node, valueField + ".title")
                    } ?? id
                    let synonyms = try optionalMember(valueNode, "synonyms").map { node throws(CatalogError) in
                        try nonEmptyStrings(node, valueField + ".synonyms")
                    } ?? []
                    values.append(ParameterValue(id: id, title: title, synonyms: synonyms))
                }
            }
            parameters.append(Parameter(name: name, kind: kind, values: values, location: location(element)))
        }
        return parameters
    }

    /// The required, non-empty `id` of the object at `field`, which must not repeat an id in
    /// `seen` (id → line of its first use); records it there.
    func uniqueID(_ node: SourceNode, _ field: String, kind: String, seen: inout [String: Int]) throws(CatalogError) -> String {
        let idNode = try requiredMember(node, "id", field + ".id")
        let id = try nonEmptyString(idNode, field + ".id")
        if let line = seen[id] {
            throw .invalidValue(
                location(idNode), field: field + ".id", message: "duplicate \(kind) id '\(id)' (first used on line \(line))")
        }
        seen[id] = idNode.line
        return id
    }

    func decodeShortcuts(_ node: SourceNode, parameterNames: Set<String>) throws(CatalogError) -> [Shortcut] {
        var shortcuts: [Shortcut] = []
        var firstLine: [String: Int] = [:]
        for (index, element) in try array(node, "shortcuts").enumerated() {
            let field = "shortcuts[\(index)]"
            _ = try object(element, field)
            let id = try uniqueID(element, field, kind: "shortcut", seen: &firstLine)
            let phrasesNode = try requiredMember(element, "phrases", field + ".phrases")
            let phrases = try decodePhrases(
                phrasesNode, field + ".phrases", parameterNames: parameterNames, requireOne: true) ?? []
            shortcuts.append(
                Shortcut(
                    id: id,
                    intent: try optionalString(element, "intent", field),
                    shortTitle: try optionalString(element, "shortTitle", field),
                    systemImageName: try optionalString(element, "systemImageName", field),
                    phrases: phrases,
                    location: location(element)))
        }
        return shortcuts
    }

    /// A list of phrase templates, each checked for emptiness and placeholder names.
    /// Returns nil when `node` is nil or null.
    func decodePhrases(
        _ node: SourceNode?, _ field: String, parameterNames: Set<String>, requireOne: Bool
    ) throws(CatalogError) -> [PhraseTemplate]? {
        guard let node, !isNull(node) else { return nil }
        let elements = try array(node, field)
        if requireOne, elements.isEmpty {
            throw .invalidValue(location(node), field: field, message: "a shortcut needs at least one phrase")
        }
        var phrases: [PhraseTemplate] = []
        phrases.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            // The field path is only built for an error: manifests can hold a million phrases.
            let text: String
            if case .string(let value) = element.value {
                text = value
            } else {
                text = try string(element, "\(field)[\(index)]")
            }
            try validatePhrase(text, element, "\(field)[\(index)]", parameterNames: parameterNames)
            phrases.append(PhraseTemplate(text, location: location(element)))
        }
        return phrases
    }

    func validatePhrase(
        _ text: String, _ node: SourceNode, _ fieldPath: @autoclosure () -> String, parameterNames: Set<String>
    ) throws(CatalogError) {
        if isBlank(text) {
            throw .invalidValue(location(node), field: fieldPath(), message: "a phrase must not be empty")
        }
        // Most phrases (and every benchmark phrase) have no placeholder at all.
        guard text.utf8.contains(UInt8(ascii: "$")) else { return }
        let field = fieldPath()
        switch PlaceholderParser.scan(text) {
        case .failure:
            throw .invalidValue(location(node), field: field, message: "unterminated placeholder: '${' without '}'")
        case .success(let segments):
            for case .placeholder(let name) in segments {
                if name.isEmpty {
                    throw .invalidValue(location(node), field: field, message: "empty placeholder '${}'")
                }
                if name != Placeholder.applicationName, !parameterNames.contains(name) {
                    throw .unknownPlaceholder(location(node), field: field, placeholder: name)
                }
            }
        }
    }

    func decodeMatching(_ node: SourceNode?) throws(CatalogError) -> MatchingSettings {
        guard let node else { return MatchingSettings() }
        _ = try object(node, "matching")
        var settings = MatchingSettings()
        for key in ["threshold", "margin"] {
            guard let valueNode = optionalMember(node, key) else { continue }
            let field = "matching." + key
            let value = try number(valueNode, field)
            guard value >= 0, value <= 1 else {
                throw .invalidValue(
                    location(valueNode), field: field,
                    message: "must be between 0 and 1, not \(numberText(valueNode))")
            }
            if key == "threshold" { settings.threshold = value } else { settings.margin = value }
        }
        if let policyNode = optionalMember(node, "appName") {
            let text = try string(policyNode, "matching.appName")
            guard let policy = AppNamePolicy(rawValue: text) else {
                throw .invalidValue(
                    location(policyNode), field: "matching.appName",
                    message: "must be \"required\" or \"optional\", not \"\(text)\"")
            }
            settings.appName = policy
        }
        return settings
    }

    /// One locale's view: the source with this localization's overrides applied. Everything
    /// not overridden is inherited; a localized shortcut's phrases *replace* the source's,
    /// because phrases are whole sentences, not words to merge.
    func decodeLocalization(
        _ node: SourceNode, locale: String, field base: String, source: LocaleCatalog,
        parameterNames: Set<String>
    ) throws(CatalogError) -> LocaleCatalog {
        _ = try object(node, base)
        var result = source
        result.locale = locale

        if let appNode = optionalMember(node, "app") {
            let field = base + ".app"
            _ = try object(appNode, field)
            if let nameNode = optionalMember(appNode, "name") {
                result.app.name = try nonEmptyString(nameNode, field + ".name")
            }
            if let synonymsNode = optionalMember(appNode, "synonyms") {
                result.app.synonyms = try nonEmptyStrings(synonymsNode, field + ".synonyms")
            }
        }

        if let parametersNode = optionalMember(node, "parameters") {
            let field = base + ".parameters"
            for parameterMember in try object(parametersNode, field) {
                let parameterField = join(field, parameterMember.key)
                guard let parameterIndex = result.parameters.firstIndex(where: { $0.name == parameterMember.key }) else {
                    throw .invalidValue(
                        keyLocation(parameterMember), field: parameterField,
                        message: "no parameter named '\(parameterMember.key)' is declared")
                }
                for valueMember in try object(parameterMember.value, parameterField) {
                    let valueField = join(parameterField, valueMember.key)
                    guard
                        let valueIndex = result.parameters[parameterIndex].values.firstIndex(where: {
                            $0.id == valueMember.key
                        })
                    else {
                        throw .invalidValue(
                            keyLocation(valueMember), field: valueField,
                            message: "parameter '\(parameterMember.key)' has no value with id '\(valueMember.key)'")
                    }
                    _ = try object(valueMember.value, valueField)
                    if let titleNode = optionalMember(valueMember.value, "title") {
                        result.parameters[parameterIndex].values[valueIndex].title =
                            try nonEmptyString(titleNode, valueField + ".title")
                    }
                    if let synonymsNode = optionalMember(valueMember.value, "synonyms") {
                        result.parameters[parameterIndex].values[valueIndex].synonyms =
                            try nonEmptyStrings(synonymsNode, valueField + ".synonyms")
                    }
                }
            }
        }

        if let shortcutsNode = optionalMember(node, "shortcuts") {
            let field = base + ".shortcuts"
            var indexByID: [String: Int] = [:]
            for (index, shortcut) in result.shortcuts.enumerated() where indexByID[shortcut.id] == nil {
                indexByID[shortcut.id] = index
            }
            for member in try object(shortcutsNode, field) {
                let shortcutField = join(field, member.key)
                guard let index = indexByID[member.key] else {
                    throw .invalidValue(
                        keyLocation(member), field: shortcutField,
                        message: "no shortcut with id '\(member.key)' is declared")
                }
                _ = try object(member.value, shortcutField)
                if let shortTitle = try optionalString(member.value, "shortTitle", shortcutField) {
                    result.shortcuts[index].shortTitle = shortTitle
                }
                if let phrases = try decodePhrases(
                    optionalMember(member.value, "phrases"), shortcutField + ".phrases", parameterNames: parameterNames,
                    requireOne: true)
                {
                    result.shortcuts[index].phrases = phrases
                }
                result.shortcuts[index].location = location(member.value)
            }
        }

        if let negative = try decodePhrases(
            optionalMember(node, "negativePhrases"), base + ".negativePhrases", parameterNames: parameterNames,
            requireOne: false)
        {
            result.negativePhrases = negative
        }
        return result
    }

    // MARK: Typed access

    func location(_ node: SourceNode) -> SourceLocation {
        node.location(in: file)
    }

    func keyLocation(_ member: SourceMember) -> SourceLocation {
        SourceLocation(file: file, line: member.keyLine, column: member.keyColumn)
    }

    func isNull(_ node: SourceNode) -> Bool {
        if case .null = node.value { return true }
        return false
    }

    func isBlank(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy(\.properties.isWhitespace)
    }

    /// `base.key`, or `base["key"]` when the key is not a simple name.
    func join(_ base: String, _ key: String) -> String {
        let simple = !key.isEmpty && key.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_" || $0 == "-"
        }
        if simple { return base.isEmpty ? key : base + "." + key }
        let escaped = key.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"")
        return base + "[\"" + escaped + "\"]"
    }

    /// The member `key` of `owner`, or `missingField` located at the owner.
    func requiredMember(_ owner: SourceNode, _ key: String, _ field: String) throws(CatalogError) -> SourceNode {
        guard let node = owner[key] else {
            throw .missingField(location(owner), field: field)
        }
        return node
    }

    /// The member `key` of `owner`, treating an explicit `null` as absent.
    func optionalMember(_ owner: SourceNode, _ key: String) -> SourceNode? {
        guard let node = owner[key], !isNull(node) else { return nil }
        return node
    }

    func optionalString(_ owner: SourceNode, _ key: String, _ ownerField: String) throws(CatalogError) -> String? {
        guard let node = optionalMember(owner, key) else { return nil }
        return try string(node, ownerField + "." + key)
    }

    func object(_ node: SourceNode, _ field: String) throws(CatalogError) -> [SourceMember] {
        try node.members(field: field, file: file)
    }

    func array(_ node: SourceNode, _ field: String) throws(CatalogError) -> [SourceNode] {
        try node.elements(field: field, file: file)
    }

    /// A string; a YAML plain scalar that happens to look like a number or bool also counts.
    func string(_ node: SourceNode, _ field: String) throws(CatalogError) -> String {
        switch node.value {
        case .string(let text):
            return text
        case .number, .bool:
            if let text = node.scalarText { return text }
        default:
            break
        }
        throw .wrongType(location(node), field: field, expected: "a string", found: node.kindDescription)
    }

    func nonEmptyString(_ node: SourceNode, _ field: String) throws(CatalogError) -> String {
        let text = try string(node, field)
        if isBlank(text) {
            throw .invalidValue(location(node), field: field, message: "must not be empty")
        }
        return text
    }

    func nonEmptyStrings(_ node: SourceNode, _ field: String) throws(CatalogError) -> [String] {
        var result: [String] = []
        for (index, element) in try array(node, field).enumerated() {
            result.append(try nonEmptyString(element, "\(field)[\(index)]"))
        }
        return result
    }

    func number(_ node: SourceNode, _ field: String) throws(CatalogError) -> Double {
        guard case .number(let value, _) = node.value else {
            throw .wrongType(location(node), field: field, expected: "a number", found: node.kindDescription)
        }
        return value
    }

    func numberText(_ node: SourceNode) -> String {
        if case .number(_, let text) = node.value { return text }
        return node.kindDescription
    }
}
