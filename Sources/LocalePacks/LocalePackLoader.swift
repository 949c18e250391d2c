import Foundation
import PhraseTokenizer

/// Finds and loads the pack of a locale under a `Locales/` folder.
///
/// Folder names are the seven pack locales: `en`, `de`, `fr`, `es`, `zh-Hans`, `ja`, `ko`.
/// A catalog locale maps to one by its language (`de_DE` → `de`, `zh`, `zh-CN`, `zh-Hant` →
/// `zh-Hans`: Traditional input is folded to Simplified by the pack).
public enum LocalePackLoader {
    /// The pack folder name for `locale`, whether or not it exists.
    public static func packName(for locale: String) -> String {
        let language = TextNormalizer.languageSubtag(of: locale)
        return language == "zh" ? "zh-Hans" : language
    }

    /// The folder of `locale`'s pack under `root`, or nil when there is none.
    public static func folder(for locale: String, root: String) -> String? {
        let fm = FileManager.default
        for name in [locale, packName(for: locale)] {
            let path = (root as NSString).appendingPathComponent(name)
            var isDir: ObjCBool = false
            if fm.fileExists(atPath: path, isDirectory: &isDir), isDir.boolValue { return path }
        }
        return nil
    }

    /// Loads the pack in `folder` for `locale`. Which files are required depends on the
    /// language (zh: `lexicon.tsv`; ja: `lexicon.tsv`, `connection.bin`; ko: `josa.txt`,
    /// `eomi.txt`, `stems.tsv`); en/de/fr/es need none. Errors name the file and line.
    /// Complexity: O(size of the pack's files); 5–20 ms in release builds (LocaleBenchmark).
    public static func load(locale: String, folder: String?) throws(LocalePackError) -> any LocalePack {
        let name = packName(for: locale)
        guard let folder else { return try LemmaPack(folder: nil, locale: locale) }
        switch name {
        case "zh-Hans": return try ChinesePack(folder: folder, locale: locale)
        case "ja": return try JapanesePack(folder: folder, locale: locale)
        case "ko": return try KoreanPack(folder: folder, locale: locale)
        default: return try LemmaPack(folder: folder, locale: locale)
        }
    }
}
