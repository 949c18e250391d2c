import ShortcutCatalog

/// The phrase budget: how many trigger phrases a locale expands to, against Siri's limit.
///
/// Apple's limit (WWDC23 "Spotlight your app with App Shortcuts"): 1,000 trigger phrases,
/// "all parameter combinations" included. Per phrase we count the values of its parameter (or
/// 1) times the spoken forms of the app name (the name plus each synonym). Apple does not
/// document whether app-name synonyms multiply; counting them is the conservative reading,
/// and every report says so. Entity parameters whose values are only known at run time
/// count as 1 value and are flagged, since the real count depends on the user's data.
public struct PhraseBudget: Hashable, Sendable {
    public static let limit = 1000
    /// The note every budget report carries.
    public static let synonymNote =
        "App-name synonyms are counted as multiplying every phrase (conservative: Apple does not document whether they do)."

    public struct ShortcutCount: Hashable, Sendable {
        public var id: String
        public var templates: Int
        public var expanded: Int
        /// Parameters with run-time values, counted as one value each.
        public var dynamicParameters: [String]
    }

    public var locale: String
    public var appNameForms: Int
    public var shortcuts: [ShortcutCount]
    /// Expanded phrases per parameter name (phrases naming it).
    public var byParameter: [String: Int]

    public var total: Int { shortcuts.reduce(0) { $0 + $1.expanded } }
    public var templates: Int { shortcuts.reduce(0) { $0 + $1.templates } }
    public var isOverLimit: Bool { total > Self.limit }

    /// Counts one locale. `dynamic` names parameters whose values are unknown until run time.
    public init(locale: LocaleCatalog, dynamic: Set<String> = []) {
        self.locale = locale.locale
        self.appNameForms = 1 + locale.app.synonyms.count
        var byParameter: [String: Int] = [:]
        var counts: [ShortcutCount] = []
        for shortcut in locale.shortcuts {
            var expanded = 0
            var dynamicUsed: [String] = []
            for phrase in shortcut.phrases {
                var factor = 1
                var names = Set<String>()
                for name in phrase.placeholders where name != Placeholder.applicationName && names.insert(name).inserted {
                    let values = locale.parameter(named: name)?.values.count ?? 0
                    if values == 0 || dynamic.contains(name) {
                        if !dynamicUsed.contains(name) { dynamicUsed.append(name) }
                    }
                    factor *= max(values, 1)
                }
                let count = factor * appNameForms
                expanded += count
                for name in names { byParameter[name, default: 0] += count }
            }
            counts.append(ShortcutCount(id: shortcut.id, templates: shortcut.phrases.count, expanded: expanded, dynamicParameters: dynamicUsed))
        }
        self.shortcuts = counts
        self.byParameter = byParameter
    }
}
