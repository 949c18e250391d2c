import ArgumentParser
import ShortcutCatalog
import FlexibleMatching
import Foundation
import PhraseTokenizer
import SynonymExpansion

extension ShortcutLab {
    /// `shortcut-lab tokenize`: how the matcher sees a phrase in a locale: the tokens after
    /// normalisation and segmentation, their lemmas, their stopword weights and the synonyms
    /// the locale's lexicon adds. For debugging locale packs, and for curious users.
    struct Tokenize: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show the tokens, lemmas, weights and synonyms of phrases in a locale.",
            discussion: """
                Uses the locale pack under Locales/<locale>/ (or $SHORTCUT_LAB_LOCALES) exactly as \
                'match' does. A weight below 1 is a stopword weight: the word still counts, less.
                """
        )

        @Option(help: ArgumentHelp("The locale: en, de, fr, es, zh-Hans, ja, ko (or de_DE, zh, …).", valueName: "locale"))
        var locale: String = "en"

        @Flag(help: "Print one JSON object per phrase.")
        var json = false

        @Argument(help: "Phrases to tokenize.")
        var phrases: [String]

        func validate() throws {
            if phrases.isEmpty { throw ValidationError("Give at least one phrase to tokenize.") }
            if let long = phrases.first(where: { $0.utf8.count > Match.maxPhraseBytes }) {
                throw ValidationError("A phrase is \(long.utf8.count) bytes long; at most \(Match.maxPhraseBytes) are allowed.")
            }
        }

        func run() throws {
            try reportingErrors {
                let resources: MatcherResources
                do {
                    resources = try MatcherResources.load(locale: locale)
                } catch let error as LocaleResourceError {
                    switch error {
                    case .unusable(let path, let reason): throw LabError.readFailed(source: path, reason: reason)
                    }
                }
                let tokenizer = resources.tokenizer(locale: locale)
                for phrase in phrases {
                    let normalized = tokenizer.normalizer.normalize(phrase)
                    let tokens = tokenizer.tokens(normalized: normalized)
                    let rows = tokens.map { TokenRow(token: $0, lexicon: resources.lexicon, embeddings: resources.embeddings != nil ? (resources.embeddings?.pieces(of: $0.text) != nil || resources.embeddings?.pieces(of: $0.lemma) != nil) : nil) }
                    let pack = resources.pack?.locale ?? "none"
                    if json {
                        StandardStreams.writeLine(TokenRow.json(phrase: phrase, normalized: normalized, locale: locale, pack: pack, rows: rows))
                    } else {
                        StandardStreams.write(TokenRow.report(phrase: phrase, normalized: normalized, locale: locale, pack: pack, rows: rows))
                    }
                }
                StandardStreams.flushOutput()
            }
        }
    }
}

/// One token as `tokenize` shows it.
struct TokenRow {
    var token: Token
    var synonyms: [WeightedSynonym]
    /// Whether the word has a static embedding (nil when the locale has no table).
    var embedded: Bool?

    init(token: Token, lexicon: Lexicon?, embeddings: Bool?) {
        self.token = token
        self.synonyms = lexicon?.synonyms(of: token.lemma).sorted { $0.lemma < $1.lemma } ?? []
        self.embedded = embeddings
    }

    static func format(_ w: Float) -> String {
        let rounded = (w * 100).rounded() / 100
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(format: "%.2f", rounded)
    }

    static func report(phrase: String, normalized: String, locale: String, pack: String, rows: [TokenRow]) -> String {
        var out = "\(phrase)\n  locale \(locale) (pack: \(pack)), normalized: \(normalized)\n"
        if rows.isEmpty { out += "  (no tokens)\n" }
        for (i, r) in rows.enumerated() {
            var line = "  \(i + 1). \(r.token.text)"
            if r.token.lemma != r.token.text { line += " → \(r.token.lemma)" }
            line += "  [\(r.token.kind.rawValue)]"
            if let said = r.token.expression { line += "  for \"\(said)\"" }
            if r.token.weight != 1 { line += "  weight \(format(r.token.weight))" }
            if r.embedded == false { line += "  no vector" }
            if !r.synonyms.isEmpty {
                line += "  synonyms: " + r.synonyms.map { "\($0.lemma) (\(format($0.weight * r.token.weight)))" }.joined(separator: ", ")
            }
            out += line + "\n"
        }
        return out
    }

    static func json(phrase: String, normalized: String, locale: String, pack: String, rows: [TokenRow]) -> String {
        func q(_ s: String) -> String { JSONText.quote(s) }
        let tokens = rows.map { r in
            let syn = r.synonyms.map { "{\"lemma\":\(q($0.lemma)),\"weight\":\(format($0.weight * r.token.weight))}" }
            var fields = [
                "\"text\":\(q(r.token.text))", "\"lemma\":\(q(r.token.lemma))", "\"kind\":\(q(r.token.kind.rawValue))",
                "\"weight\":\(format(r.token.weight))",
            ]
            if let said = r.token.expression { fields.append("\"expression\":\(q(said))") }
            if let e = r.embedded { fields.append("\"vector\":\(e)") }
            fields.append("\"synonyms\":[\(syn.joined(separator: ","))]")
            return "{" + fields.joined(separator: ",") + "}"
        }
        return "{\"input\":\(q(phrase)),\"locale\":\(q(locale)),\"pack\":\(q(pack)),\"normalized\":\(q(normalized)),"
            + "\"tokens\":[\(tokens.joined(separator: ","))]}"
    }
}
