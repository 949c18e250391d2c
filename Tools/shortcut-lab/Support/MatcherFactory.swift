import ArgumentParser
import FlexibleMatching
import ShortcutCatalog
import VectorIndex

/// The one place the CLI builds a `Matcher`, so that changes to the engine's initialiser
/// (such as a resources argument) touch only this function.
func makeMatcher(for locale: LocaleCatalog, in catalog: Catalog) throws(LabError) -> Matcher {
    // Catalog matrices are small: one BLAS thread is fastest (Tools/Benchmarks measures it).
    BLASThreads.set(1)
    do {
        let resources = try MatcherResources.load(locale: locale.locale)
        return Matcher(catalog: locale, resources: resources)
    } catch {
        throw .matcherFailed(path: catalog.path, reason: String(describing: error))
    }
}

/// The locale's defaults (`matcher.defaultOptions`), overridden by the catalog's `matching`
/// block, overridden by the options given.
func matchOptions(
    for catalog: Catalog, matcher: Matcher, threshold: Double?, margin: Double?, appName: AppNamePolicy?, top: Int
) -> MatchOptions {
    var options = MatchOptions.resolved(for: catalog, defaults: matcher.defaultOptions)
    if let threshold { options.threshold = threshold }
    if let margin { options.margin = margin }
    if let appName { options.appName = appName }
    options.top = top
    return options
}

extension AppNamePolicy: ExpressibleByArgument {}
