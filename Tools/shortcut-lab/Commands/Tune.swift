import ArgumentParser
import FlexibleMatching
import Foundation
import PhraseEvaluation
import ShortcutCatalog
import ThresholdTuning

extension ShortcutLab {
    /// `shortcut-lab tune`: where to set the threshold (and margin) for a catalog, measured on
    /// labelled phrases, with the trade-off shown as a table and optionally a plot.
    ///
    /// The phrases are matched once; every setting of the sweep is then decided from the stored
    /// scores exactly as `match` would decide it, so the figures hold for `match --threshold`.
    struct Tune: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Sweep the threshold and margin over labelled phrases and recommend settings.",
            discussion: """
                --queries is a labelled queries file (CONTRACTS.md §2). Accuracy counts a phrase right when \
                it hits its expected shortcut, or hits none when none is expected ('ambiguous' counts as \
                no match); in-scope recall is the share of phrases expecting a shortcut that hit it; the \
                false-accept rate is the share of phrases expecting none that hit one. Without --target-far \
                the recommendation maximises accuracy; with it, recall with the false-accept rate at or \
                under the target. Ties go to the higher threshold.
                """
        )

        @OptionGroup var catalog: CatalogArgument

        @Option(help: ArgumentHelp("Labelled phrases to tune on (JSON Lines, CONTRACTS.md §2).", valueName: "file"))
        var queries: String

        @Option(
            name: .customLong("target-far"),
            help: ArgumentHelp("Recommend the best recall with a false-accept rate at or under this (0-1).", valueName: "rate"))
        var targetFAR: Double?

        @Option(help: ArgumentHelp("Set this share of the phrases (0-1) aside: tune on the rest, report on them.", valueName: "fraction"))
        var holdout: Double?

        @Option(help: ArgumentHelp("Keep the margin at this value instead of sweeping it.", valueName: "score"))
        var margin: Double?

        @Option(help: ArgumentHelp("Whether phrases must name the app (default: the catalog's setting).", valueName: "policy"))
        var appName: AppNamePolicy?

        @Option(help: ArgumentHelp("Threshold step between table rows (0.01-0.5).", valueName: "step"))
        var step: Double = 0.05

        @Option(help: ArgumentHelp("Draw accuracy, recall and false-accept rate against the threshold as SVG.", valueName: "file.svg"))
        var plot: String?

        @Flag(help: "Store the recommended threshold and margin (and --app-name, if given) in the manifest's `matching` block.")
        var write = false

        func validate() throws {
            if let targetFAR, !(0...1).contains(targetFAR) {
                throw ValidationError("--target-far must be between 0 and 1 (got \(targetFAR)).")
            }
            if let holdout, !(holdout > 0 && holdout < 1) {
                throw ValidationError("--holdout must be between 0 and 1, exclusive (got \(holdout)).")
            }
            if let margin, !(0...1).contains(margin) {
                throw ValidationError("--margin must be between 0 and 1 (got \(margin)).")
            }
            let hundredths = (step * 100).rounded()
            guard (1...50).contains(hundredths), abs(step * 100 - hundredths) < 1e-9 else {
                throw ValidationError("--step must be a multiple of 0.01 between 0.01 and 0.5 (got \(step)).")
            }
        }

        func run() throws {
            try reportingCommandErrors {
                let catalogOptions = try catalog.options()
                let loaded = try catalogOptions.loadCatalog()
                let locale = try catalogOptions.resolveLocale(in: loaded)
                let labelled: [LabelledQuery]
                do throws(QueryFileError) {
                    labelled = try LabelledQueryReader.read(path: queries)
                    try LabelledQueryReader.validate(labelled, against: locale, path: queries)
                } catch {
                    throw TuneFailure(message: error.description, exitCode: error.exitCode)
                }
                let matcher = try makeMatcher(for: locale, in: loaded)
                let current = matchOptions(for: loaded, matcher: matcher, threshold: nil, margin: nil, appName: appName, top: 1)

                var progress = ProgressBar(label: "matching")
                let scored = ScoredQuery.score(
                    labelled, with: matcher, appName: current.appName, unnamedPenalty: current.unnamedPenalty
                ) { done, total in
                    progress.update(done: done, total: total)
                }
                progress.finish()

                let split = holdout.map { Tuner.holdoutSplit(scored, fraction: $0) }
                let tuning = split?.tuning ?? scored
                let grid = TuningGrid.standard(margins: margin.map { [$0] })
                let objective: TuningObjective = targetFAR.map { .recall(maxFalseAcceptRate: $0) } ?? .accuracy
                guard
                    var recommendation = Tuner.recommend(
                        tuning: tuning, report: split?.holdout, grid: grid, objective: objective,
                        preferredMargin: margin ?? current.margin)
                else { return }

                // Confirm the reported figures with the real matcher at the recommended setting.
                var chosen = current
                chosen.threshold = recommendation.threshold
                chosen.margin = recommendation.margin
                let checked = Tuner.measure((split?.holdout ?? tuning).map(\.query), with: matcher, options: chosen)
                var mismatch: String?
                if checked != recommendation.reported {
                    mismatch = "the sweep's figures at the recommended setting differ from what `match` does "
                        + "(\(checked.correct) right instead of \(recommendation.reported.correct)); reporting `match`'s"
                    recommendation.reported = checked
                    if split == nil { recommendation.tuned = checked }
                }

                let report = TuneReport(
                    appName: locale.app.name, locale: locale.locale, all: scored, tuning: tuning, holdout: split?.holdout,
                    grid: grid, recommendation: recommendation, current: current, step: step)
                StandardStreams.write(report.render())
                StandardStreams.flushOutput()
                for warning in report.warnings() + (mismatch.map { [$0] } ?? []) {
                    StandardStreams.writeError("warning: \(warning)\n")
                }

                if let plot {
                    let points = Tuner.sweep(tuning, grid: TuningGrid(thresholds: grid.thresholds, margins: [recommendation.margin]))
                    let svg = SweepPlot(
                        title: "Threshold sweep: \(locale.app.name) (\(locale.locale))",
                        subtitle: report.plotSubtitle, points: points, recommendation: recommendation
                    ).svg()
                    do {
                        try Data(svg.utf8).write(to: URL(fileURLWithPath: plot), options: .atomic)
                    } catch {
                        throw TuneFailure(message: "\(plot): error: cannot write the plot: \(error.localizedDescription)", exitCode: 2)
                    }
                    StandardStreams.writeLine("Plot written to \(plot).")
                }

                if write {
                    // The policy the figures were measured under is part of the choice when given.
                    let settings = MatchingSettings(
                        threshold: recommendation.threshold, margin: recommendation.margin, appName: appName)
                    do throws(ManifestWriteError) {
                        try ManifestSettingsWriter.write(settings, toManifestAt: catalog.catalogPath)
                    } catch {
                        throw TuneFailure(message: error.description, exitCode: error.exitCode)
                    }
                    StandardStreams.writeLine(
                        "Stored threshold \(ManifestSettingsWriter.number(recommendation.threshold)) and margin "
                            + "\(ManifestSettingsWriter.number(recommendation.margin)) in \(catalog.catalogPath) (matching).")
                }
            }
        }
    }
}

/// An error `tune` reports itself (queries file, plot, manifest write): printed as is on
/// standard error, with the exit status given.
struct TuneFailure: Error {
    var message: String
    var exitCode: Int32
}

/// Runs a command body: `TuneFailure`s become their message and exit status; everything
/// else goes through the shared `reportingErrors`.
func reportingCommandErrors(_ body: () throws -> Void) throws {
    do {
        try reportingErrors(body)
    } catch let failure as TuneFailure {
        StandardStreams.flushOutput()
        StandardStreams.writeError(failure.message.trimmingTrailingNewlines() + "\n")
        throw ExitCode(failure.exitCode)
    }
}

/// The sweep table and recommendation, as text.
struct TuneReport {
    var appName: String
    var locale: String
    var all: [ScoredQuery]
    var tuning: [ScoredQuery]
    var holdout: [ScoredQuery]?
    var grid: TuningGrid
    var recommendation: Recommendation
    var current: MatchOptions
    var step: Double

    func render() -> String {
        let inScope = all.filter { $0.query.isInScope }.count
        var lines = [
            "\(appName) (\(locale)): \(all.count) labelled phrases, \(inScope) expecting a shortcut, "
                + "\(all.count - inScope) expecting none."
        ]
        if let holdout {
            lines.append("Tuned on \(tuning.count) phrases; \(holdout.count) held out for the report.")
        } else {
            lines.append("Tuned on all \(tuning.count) phrases.")
        }
        lines.append("Margins tried: " + grid.margins.map(ManifestSettingsWriter.number).joined(separator: ", ") + ".")
        lines.append("")

        // Threshold table at the recommended margin.
        lines.append("Threshold sweep at margin \(setting(recommendation.margin)) (tuning phrases):")
        lines.append("  threshold  accuracy  in-scope recall  false-accept rate  ambiguous")
        let every = Int((step * 100).rounded())
        for (index, threshold) in grid.thresholds.enumerated() {
            let isRecommended = threshold == recommendation.threshold
            guard index % every == 0 || isRecommended else { continue }
            let point = OperatingPoint(threshold: threshold, margin: recommendation.margin, scored: tuning)
            lines.append(row(isRecommended ? "*" : " ", fixed(threshold), point))
        }
        lines.append("")

        if grid.margins.count > 1 {
            lines.append("Margin sweep at threshold \(setting(recommendation.threshold)) (tuning phrases):")
            lines.append("     margin  accuracy  in-scope recall  false-accept rate  ambiguous")
            for margin in grid.margins {
                let point = OperatingPoint(threshold: recommendation.threshold, margin: margin, scored: tuning)
                lines.append(row(margin == recommendation.margin ? "*" : " ", decimal(margin, 3), point))
            }
            lines.append("")
        }

        let objective: String
        switch recommendation.objective {
        case .accuracy:
            objective = "best accuracy"
        case .recall(let target):
            objective = recommendation.targetReached
                ? "best in-scope recall with a false-accept rate at or under \(percent(target))"
                : "lowest false-accept rate (none reaches \(percent(target)))"
        }
        lines.append(
            "Recommended: threshold \(setting(recommendation.threshold)), margin \(setting(recommendation.margin)) (\(objective))")
        let reportSet = holdout ?? tuning
        let setName = holdout == nil ? "on the \(reportSet.count) tuning phrases" : "on the \(reportSet.count) held-out phrases"
        lines.append("  \(setName): " + figures(recommendation.reported))
        if holdout != nil {
            lines.append("  on the \(tuning.count) tuning phrases: " + figures(recommendation.tuned))
        }
        let now = OperatingPoint(threshold: current.threshold, margin: current.margin, scored: reportSet)
        lines.append(
            "Current: threshold \(setting(current.threshold)), margin \(setting(current.margin)), \(setName): " + figures(now))
        return lines.joined(separator: "\n") + "\n"
    }

    func warnings() -> [String] {
        var out: [String] = []
        if holdout == nil {
            out.append(
                "these figures are measured on the same phrases the settings were tuned on, so they are optimistic; "
                    + "use --holdout 0.3 to report on phrases set aside")
        } else if let holdout, holdout.count < 20 {
            out.append("only \(holdout.count) held-out phrases: the reported figures are rough")
        }
        if case .recall(let target) = recommendation.objective, !recommendation.targetReached {
            out.append("no setting keeps the false-accept rate at or under \(percent(target))")
        }
        return out
    }

    var plotSubtitle: String {
        let point = recommendation.tuned
        return "\(tuning.count) tuning phrases, margin \(setting(recommendation.margin)); recommended threshold "
            + "\(setting(recommendation.threshold)): " + figures(point)
    }

    /// A setting as it would be typed on the command line or stored in the manifest (at least
    /// two decimals, more when needed: 0.075 must not read as 0.08).
    private func setting(_ value: Double) -> String {
        let text = ManifestSettingsWriter.number(value)
        let decimals = text.split(separator: ".").dropFirst().first?.count ?? 0
        return decimals >= 2 ? text : fixed(value)
    }

    private func figures(_ point: OperatingPoint) -> String {
        "accuracy \(percent(point.accuracy)), in-scope recall \(percent(point.recall)), "
            + "false-accept rate \(percent(point.falseAcceptRate))"
    }

    private func row(_ mark: String, _ setting: String, _ point: OperatingPoint) -> String {
        "\(mark)" + pad(setting, 10) + pad(percent(point.accuracy), 10) + pad(percent(point.recall), 17)
            + pad(percent(point.falseAcceptRate), 19) + pad(String(point.ambiguous), 11)
    }

    private func pad(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }
}

/// A rate as a percentage with one decimal, `–` when undefined. Formatted by `printf`, which
/// rounds the exact binary value (ties to even), as the evaluation harness's Python does, so
/// 337/400 reads 84.2% in both rather than 84.3% here.
func percent(_ rate: Double?) -> String {
    guard let rate else { return "–" }
    return String(format: "%.1f%%", rate * 100)
}
