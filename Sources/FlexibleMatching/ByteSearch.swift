/// Exact substring search over UTF-8 bytes. Foundation's `String.contains(_:)` folds
/// character clusters with a locale on every call (measured at 15 % of a Japanese query's
/// time); normalised texts need only byte equality, and UTF-8 keeps a byte match on scalar
/// boundaries.
enum ByteSearch {
    /// Whether `needle` occurs in `haystack`. Complexity: O(haystack × needle) bytes, for
    /// the short texts of spoken requests.
    static func contains(_ haystack: String, _ needle: String) -> Bool {
        var h = haystack, n = needle
        return h.withUTF8 { hb in
            n.withUTF8 { nb in
                guard !nb.isEmpty else { return true }
                guard hb.count >= nb.count else { return false }
                let first = nb[0]
                var i = 0
                let last = hb.count - nb.count
                while i <= last {
                    if hb[i] == first {
                        var j = 1
                        while j < nb.count && hb[i + j] == nb[j] { j += 1 }
                        if j == nb.count { return true }
                    }
                    i += 1
                }
                return false
            }
        }
    }

    /// `haystack` with every occurrence of `needle` replaced by `replacement`.
    static func replacing(_ haystack: String, _ needle: String, with replacement: String) -> String {
        let h = Array(haystack.utf8), n = Array(needle.utf8)
        guard !n.isEmpty, h.count >= n.count else { return haystack }
        var out: [UInt8] = []
        out.reserveCapacity(h.count)
        var i = 0
        while i < h.count {
            if i <= h.count - n.count && h[i] == n[0] && Array(h[i..<(i + n.count)]) == n {
                out.append(contentsOf: replacement.utf8)
                i += n.count
            } else {
                out.append(h[i])
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
