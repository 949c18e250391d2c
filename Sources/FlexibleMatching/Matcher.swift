import ShortcutCatalog

/// Settings for one match call. Command-line options override the catalog's `matching` block,
/// which overrides `MatchOptions.defaults`.
public struct MatchOptions: Hashable, Sendable {
    /// Below this score the outcome is `none` / `below-threshold`.
    public var threshold: Double
    /// When the best two different shortcuts are closer than this, the outcome is `ambiguous`.
    public var margin: Double
    public var appName: AppNamePolicy
    /// How many candidates to report (at most five are offered for `ambiguous`).
    public var top: Int

    public init(threshold: Double, margin: Double, appName: AppNamePolicy = .optional, top: Int = 5) {
        self.threshold = threshold
        self.margin = margin
        self.appName = appName
        self.top = top
    }

    /// Defaults chosen on the clinc-apps development set (see README).
    public static let defaults = MatchOptions(threshold: 0.5, margin: 0.02)

    /// The defaults, overridden by a catalog's stored settings.
    public static func resolved(for catalog: Catalog) -> MatchOptions {
        var options = MatchOptions.defaults
        if let t = catalog.matching.threshold { options.threshold = t }
        if let m = catalog.matching.margin { options.margin = m }
        if let a = catalog.matching.appName { options.appName = a }
        return options
    }
}

/// Matches typed phrases against one locale of a catalog.
public struct Matcher: Sendable {
    public let catalog: LocaleCatalog

    public init(catalog: LocaleCatalog) {
        self.catalog = catalog
    }

    public func match(_ input: String, options: MatchOptions = .defaults) -> MatchResult {
        // Placeholder until the engine lands.
        MatchResult(
            input: input, locale: catalog.locale, outcome: .none, winner: nil, score: 0, margin: 0,
            matchKind: nil, appNameMentioned: false, reason: .belowThreshold, candidates: [],
            threshold: options.threshold, requiredMargin: options.margin)
    }
}
