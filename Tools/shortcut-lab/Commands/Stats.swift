import ArgumentParser
import CatalogValidation
import ShortcutCatalog
import StringCatalogReaders

extension ShortcutLab {
    /// `shortcut-lab stats`: the phrase budget per locale and per shortcut.
    struct Stats: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show how many trigger phrases each locale and shortcut expands to, against Siri's 1000.",
            discussion: PhraseBudget.synonymNote
        )

        @OptionGroup var catalogOptions: CatalogOptions

        @Flag(help: "Print the counts as one JSON object instead of a table.")
        var json = false

        func run() throws {
            try reportingErrors {
                // A load failure is a `CatalogError`, reported with its location and exit status 2.
                let loaded = try CatalogLoader.load(path: catalogOptions.catalog)
                let detailLocale = try catalogOptions.resolveLocale(in: loaded.catalog)
                let dynamic = Set(loaded.provider.declaredParameters.filter(\.isDynamic).map(\.name))
                let budgets = loaded.catalog.localeIdentifiers.compactMap { id in
                    loaded.catalog.locales[id].map { PhraseBudget(locale: $0, dynamic: dynamic) }
                }
                let detail = budgets.first { $0.locale == detailLocale.locale }
                StandardStreams.write(json ? PhraseBudget.renderJSON(budgets) : PhraseBudget.renderTable(budgets, detail: detail))
                StandardStreams.flushOutput()
            }
        }
    }
}
