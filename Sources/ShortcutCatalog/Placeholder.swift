/// One piece of a phrase template: literal text, or a `${name}` placeholder.
public enum TemplateSegment: Hashable, Sendable {
    case text(String)
    case placeholder(String)
}

/// The `${name}` placeholder syntax of App Shortcut phrases (Apple's string-catalog syntax).
///
/// Kept in one place so the loader (which validates names), phrase expansion (which fills
/// them in) and validation (which counts `${applicationName}`) all agree on what a
/// placeholder is: `${`, then any characters except `}`, then `}`. A `$` not followed by `{`
/// is literal text.
public struct Placeholder: Hashable, Sendable {
    /// The placeholder Siri fills with the app's name or one of its synonyms.
    public static let applicationName = "applicationName"

    public var name: String

    public init(name: String) {
        self.name = name
    }

    /// How the placeholder is written in a template: `${name}`.
    public var written: String { "${\(name)}" }

    /// Splits `template` into literal text and placeholders, in order. Adjacent text is merged
    /// and empty text is omitted. An unterminated `${` is kept as literal text (loading a
    /// manifest rejects it, so this only matters for templates from elsewhere).
    public static func segments(of template: String) -> [TemplateSegment] {
        switch PlaceholderParser.scan(template) {
        case .success(let segments):
            return segments
        case .failure(let problem):
            var segments = problem.segmentsBefore
            let rest = String(template[problem.index...])
            if case .text(let previous)? = segments.last {
                segments[segments.count - 1] = .text(previous + rest)
            } else if !rest.isEmpty {
                segments.append(.text(rest))
            }
            return segments
        }
    }
}

/// Finds placeholders in phrase templates.
public enum PlaceholderParser {
    /// The names of the placeholders in `template`, in order of appearance (repeats included).
    public static func placeholders(in template: String) -> [String] {
        Placeholder.segments(of: template).compactMap {
            if case .placeholder(let name) = $0 { return name }
            return nil
        }
    }

    /// Whether `template` says the app's name (`${applicationName}`).
    public static func mentionsApplicationName(_ template: String) -> Bool {
        placeholders(in: template).contains(Placeholder.applicationName)
    }

    /// An unterminated `${`: where it starts, and the segments before it.
    struct Unterminated: Error {
        var index: String.Index
        var segmentsBefore: [TemplateSegment]
    }

    /// Strict scan used by the loader: fails on an unterminated `${`. Works on UTF-8 code
    /// units (`$`, `{` and `}` are ASCII, so every cut is on a character boundary), which keeps
    /// loading a million phrases fast.
    static func scan(_ template: String) -> Result<[TemplateSegment], Unterminated> {
        let utf8 = template.utf8
        var segments: [TemplateSegment] = []
        var textStart = utf8.startIndex
        var i = utf8.startIndex
        while let dollar = utf8[i...].firstIndex(of: UInt8(ascii: "$")) {
            let next = utf8.index(after: dollar)
            guard next < utf8.endIndex, utf8[next] == UInt8(ascii: "{") else {
                i = next
                continue
            }
            let nameStart = utf8.index(after: next)
            if textStart < dollar {
                segments.append(.text(String(template[textStart..<dollar])))
            }
            guard let close = utf8[nameStart...].firstIndex(of: UInt8(ascii: "}")) else {
                return .failure(Unterminated(index: dollar, segmentsBefore: segments))
            }
            segments.append(.placeholder(String(template[nameStart..<close])))
            i = utf8.index(after: close)
            textStart = i
        }
        if textStart < utf8.endIndex {
            segments.append(.text(String(template[textStart...])))
        }
        return .success(segments)
    }
}

extension PhraseTemplate {
    /// The template split into literal text and placeholders.
    public var segments: [TemplateSegment] { Placeholder.segments(of: text) }

    /// The placeholder names used, in order.
    public var placeholders: [String] { PlaceholderParser.placeholders(in: text) }

    /// Whether the phrase says the app's name, as every real App Shortcut phrase must.
    public var mentionsApplicationName: Bool { PlaceholderParser.mentionsApplicationName(text) }
}
