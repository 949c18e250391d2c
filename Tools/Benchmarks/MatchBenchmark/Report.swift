import Foundation

/// A markdown table, printed as it is built section by section.
struct Table {
    var title: String
    var headers: [String]
    var rows: [[String]] = []
    var notes: [String] = []

    init(_ title: String, headers: [String]) {
        self.title = title
        self.headers = headers
    }

    mutating func add(_ cells: String...) { rows.append(cells) }

    func render() -> String {
        var widths = headers.map(\.count)
        for row in rows {
            for (i, cell) in row.enumerated() where i < widths.count { widths[i] = max(widths[i], cell.count) }
        }
        func line(_ cells: [String]) -> String {
            "| " + cells.enumerated().map { i, c in c + String(repeating: " ", count: max(0, widths[i] - c.count)) }
                .joined(separator: " | ") + " |"
        }
        var out = "### \(title)\n\n" + line(headers) + "\n"
        out += "|" + widths.map { String(repeating: "-", count: $0 + 2) }.joined(separator: "|") + "|\n"
        for row in rows { out += line(row + Array(repeating: "", count: max(0, headers.count - row.count))) + "\n" }
        for note in notes { out += "\n" + note + "\n" }
        return out
    }
}

/// Every number measured, for `--json`: flat keys such as `latency.catalog-1000.blas.p50_ns`.
struct Results {
    var numbers: [String: Double] = [:]
    var texts: [String: String] = [:]
    var targets: [[String: Any]] = []

    mutating func set(_ key: String, _ value: Double) { numbers[key] = value }
    mutating func set(_ key: String, _ value: String) { texts[key] = value }

    func write(to path: String) throws {
        let object: [String: Any] = [
            "numbers": numbers.mapValues { $0.isFinite ? $0 : 0 }, "info": texts, "targets": targets,
        ]
        let data = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
        try data.write(to: URL(fileURLWithPath: path))
    }
}
