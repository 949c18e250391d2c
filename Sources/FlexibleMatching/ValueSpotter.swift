import PhraseTokenizer
import ShortcutCatalog

/// Finds the parameter values a query names outright (a value's title or synonym), the way
/// Siri resolves an entity before it ranks phrases. A value said in the query is strong
/// evidence for the shortcuts that take it, and settles which value to bind even when the
/// closest phrase is one without the parameter ("How much did I spend on groceries").
///
/// Words are compared as lemma sequences (so "Lattes" finds "latte"); Chinese, Japanese and
/// Korean forms are also found as substrings of the query with spaces removed, since
/// segmentation can split a compound differently in a phrase and in a query, and a Korean
/// word carries its particles and endings.
struct ValueSpotter: Sendable {
    struct Form: Sendable {
        var binding: ParameterBinding
        var lemmas: [String]
        /// The normalised form without spaces, for CJK substring search; nil for others.
        var compact: String?
    }

    /// Forms by their first lemma.
    private var byFirstLemma: [String: [Form]] = [:]
    private var cjkForms: [Form] = []

    init(catalog: LocaleCatalog, tokenizer: Tokenizer) {
        for parameter in catalog.parameters {
            for value in parameter.values {
                let binding = ParameterBinding(name: parameter.name, value: value.id)
                for spoken in value.spokenForms {
                    let normalized = tokenizer.normalizer.normalize(spoken)
                    let lemmas = tokenizer.tokens(normalized: normalized).map(\.lemma)
                    guard let first = lemmas.first else { continue }
                    // Korean too: a value fused with its particle or ending (평온하다고, 독서를)
                    // is found inside the word.
                    let isCJK = normalized.unicodeScalars.contains { Script.isCJK($0) || (0xAC00...0xD7A3).contains($0.value) }
                    let form = Form(
                        binding: binding, lemmas: lemmas,
                        compact: isCJK ? normalized.filter { !$0.isWhitespace } : nil)
                    byFirstLemma[first, default: []].append(form)
                    if isCJK { cjkForms.append(form) }
                }
            }
        }
    }

    var isEmpty: Bool { byFirstLemma.isEmpty }

    /// The values named in the query. When one mention lies inside a longer mention of
    /// another value ("latte" inside "matcha latte"), only the longer counts.
    /// Complexity: O(tokens × forms sharing a first lemma + CJK forms × query length).
    func mentions(tokens: [Token], normalized: String) -> Set<ParameterBinding> {
        guard !isEmpty else { return [] }
        var spans: [(range: Range<Int>, binding: ParameterBinding)] = []
        let lemmas = tokens.map(\.lemma)
        for start in lemmas.indices {
            for form in byFirstLemma[lemmas[start]] ?? [] {
                let end = start + form.lemmas.count
                if end <= lemmas.count && Array(lemmas[start..<end]) == form.lemmas {
                    spans.append((start..<end, form.binding))
                }
            }
        }
        var found = Set<ParameterBinding>()
        for span in spans {
            let inside = spans.contains {
                $0.binding != span.binding && $0.range.count > span.range.count
                    && $0.range.lowerBound <= span.range.lowerBound && $0.range.upperBound >= span.range.upperBound
            }
            if !inside { found.insert(span.binding) }
        }
        if !cjkForms.isEmpty {
            let compact = normalized.filter { !$0.isWhitespace }
            var hits: [Form] = []
            for form in cjkForms {
                if let c = form.compact, ByteSearch.contains(compact, c) { hits.append(form) }
            }
            for form in hits {
                let inside = hits.contains {
                    $0.binding != form.binding && ($0.compact?.count ?? 0) > (form.compact?.count ?? 0)
                        && ByteSearch.contains($0.compact ?? "", form.compact ?? "")
                }
                if !inside { found.insert(form.binding) }
            }
        }
        return found
    }
}
