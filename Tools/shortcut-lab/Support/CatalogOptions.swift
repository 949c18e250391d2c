import ArgumentParser
import ShortcutCatalog
import StringCatalogReaders

/// `--catalog` and `--locale`, shared by every subcommand that reads a manifest.
struct CatalogOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The shortcut manifest (JSON or YAML), an app folder, an extracted.json or an extract.actionsdata.",
            valueName: "path"))
    var catalog: String

    @Option(
        help: ArgumentHelp(
            "The locale to use, such as 'en', 'zh-Hans' or 'de_DE' (default: the source language).",
            valueName: "locale"))
    var locale: String?

    /// Reads the catalog, with the locales of the manifest's `stringCatalog` merged in. The
    /// loader's errors already name the file, line and column (including a missing file).
    func loadCatalog() throws(LabError) -> Catalog {
        do {
            return try CatalogLoader.loadCatalog(path: catalog)
        } catch {
            throw .catalog(error)
        }
    }

    /// The locale identifier `--locale` asks for, matched leniently (`zh` finds `zh-Hans`),
    /// or the catalog's source language.
    func resolveLocale(in catalog: Catalog) throws(LabError) -> LocaleCatalog {
        guard let requested = locale else { return catalog.source }
        guard let identifier = catalog.resolveLocale(requested), let resolved = catalog.locales[identifier] else {
            throw .unknownLocale(requested: requested, available: catalog.localeIdentifiers, path: catalog.path)
        }
        return resolved
    }
}
