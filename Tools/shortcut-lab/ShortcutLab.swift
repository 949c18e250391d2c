import ArgumentParser

/// The `shortcut-lab` command: tools for checking how typed phrases hit an app's App Shortcuts.
///
/// Each subcommand lives in its own file under `Commands/`; shared plumbing (catalog loading,
/// locale resolution, streams, colour, errors) lives under `Support/`.
@main
struct ShortcutLab: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shortcut-lab",
        abstract: "Check how typed phrases match an app's App Shortcuts.",
        discussion: """
            Catalogs are shortcut manifests (JSON or YAML) as described in CONTRACTS.md. \
            Errors are reported as `file:line:column: error: ...`; unreadable input exits with status 2.
            """,
        version: "0.1.0",
        subcommands: [Match.self, Preview.self, Tune.self, Validate.self, Stats.self, Eval.self, Tokenize.self]
    )
}
