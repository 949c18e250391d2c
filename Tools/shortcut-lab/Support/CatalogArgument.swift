import ArgumentParser
import ShortcutCatalog

/// The catalog as a positional argument (`shortcut-lab preview Demo.json`), with `--catalog`
/// accepted too for consistency with `match`, plus `--locale`. Loading and locale resolution
/// go through `CatalogOptions`, so every subcommand reads catalogs the same way.
struct CatalogArgument: ParsableArguments {
    @Argument(help: ArgumentHelp("The shortcut manifest to read (JSON or YAML).", valueName: "catalog"))
    var path: String?

    @Option(name: .customLong("catalog"), help: ArgumentHelp("The same as the CATALOG argument.", valueName: "path"))
    var catalogOption: String?

    @Option(
        help: ArgumentHelp(
            "The locale to use, such as 'en', 'zh-Hans' or 'de_DE' (default: the source language).",
            valueName: "locale"))
    var locale: String?

    func validate() throws {
        switch (path, catalogOption) {
        case (nil, nil): throw ValidationError("Give the catalog to read, e.g. 'Corpora/Todo/manifest.json'.")
        case (.some, .some): throw ValidationError("Give the catalog once: as an argument or with --catalog.")
        default: break
        }
    }

    /// The catalog path given.
    var catalogPath: String { path ?? catalogOption ?? "" }

    /// The equivalent `--catalog`/`--locale` options, to share their loading code.
    func options(locale override: String? = nil) throws -> CatalogOptions {
        var arguments = ["--catalog", catalogPath]
        if let locale = override ?? locale { arguments += ["--locale", locale] }
        return try CatalogOptions.parse(arguments)
    }
}
