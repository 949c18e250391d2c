/// Draws accuracy, in-scope recall and false-accept rate against the threshold as a
/// self-contained SVG (no scripts, no external fonts or styles), so it opens in any browser
/// and can be checked into docs or attached to a review.
public struct SweepPlot: Sendable {
    public var title: String
    public var subtitle: String
    /// Points at one margin, any order (sorted by threshold when drawn).
    public var points: [OperatingPoint]
    public var recommendation: Recommendation?
    public var width = 900
    public var height = 600

    public init(title: String, subtitle: String, points: [OperatingPoint], recommendation: Recommendation?) {
        self.title = title
        self.subtitle = subtitle
        self.points = points
        self.recommendation = recommendation
    }

    /// The series drawn, with the colours used for their lines and legend.
    static let series: [(name: String, color: String, value: @Sendable (OperatingPoint) -> Double?)] = [
        ("accuracy", "#1f77b4", { $0.accuracy }),
        ("in-scope recall", "#2ca02c", { $0.recall }),
        ("false-accept rate", "#d62728", { $0.falseAcceptRate }),
    ]

    public func svg() -> String {
        let left = 70.0, right = 30.0, top = 70.0, bottom = 110.0
        let plotWidth = Double(width) - left - right
        let plotHeight = Double(height) - top - bottom
        func x(_ threshold: Double) -> Double { left + min(max(threshold, 0), 1) * plotWidth }
        func y(_ rate: Double) -> Double { top + (1 - min(max(rate, 0), 1)) * plotHeight }

        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" viewBox="0 0 \(width) \(height)" \
            font-family="Helvetica, Arial, sans-serif" font-size="13">

            """
        out += "<rect x=\"0\" y=\"0\" width=\"\(width)\" height=\"\(height)\" fill=\"#ffffff\"/>\n"
        out += "<text x=\"\(n(left))\" y=\"28\" font-size=\"18\" font-weight=\"bold\" fill=\"#222\">\(escape(title))</text>\n"
        out += "<text x=\"\(n(left))\" y=\"50\" fill=\"#555\">\(escape(subtitle))</text>\n"

        // Grid and axes.
        out += "<g stroke=\"#e3e3e3\" stroke-width=\"1\">\n"
        for step in 0...10 {
            let value = Double(step) / 10
            out += "<line x1=\"\(n(x(value)))\" y1=\"\(n(top))\" x2=\"\(n(x(value)))\" y2=\"\(n(top + plotHeight))\"/>\n"
            out += "<line x1=\"\(n(left))\" y1=\"\(n(y(value)))\" x2=\"\(n(left + plotWidth))\" y2=\"\(n(y(value)))\"/>\n"
        }
        out += "</g>\n"
        out += "<rect x=\"\(n(left))\" y=\"\(n(top))\" width=\"\(n(plotWidth))\" height=\"\(n(plotHeight))\" fill=\"none\" stroke=\"#888\"/>\n"
        out += "<g fill=\"#444\">\n"
        for step in 0...10 {
            let value = Double(step) / 10
            out += "<text x=\"\(n(x(value)))\" y=\"\(n(top + plotHeight + 18))\" text-anchor=\"middle\">\(decimal(value, 1))</text>\n"
            out += "<text x=\"\(n(left - 8))\" y=\"\(n(y(value) + 4))\" text-anchor=\"end\">\(step * 10)%</text>\n"
        }
        out += "</g>\n"
        out += "<text x=\"\(n(left + plotWidth / 2))\" y=\"\(n(top + plotHeight + 40))\" text-anchor=\"middle\" fill=\"#222\">threshold</text>\n"

        // Series.
        let sorted = points.sorted { $0.threshold < $1.threshold }
        for series in Self.series {
            let coordinates = sorted.compactMap { point in series.value(point).map { "\(n(x(point.threshold))),\(n(y($0)))" } }
            guard !coordinates.isEmpty else { continue }
            out += "<polyline fill=\"none\" stroke=\"\(series.color)\" stroke-width=\"2.5\" stroke-linejoin=\"round\" points=\"\(coordinates.joined(separator: " "))\"/>\n"
        }

        // The recommendation: a dashed line and a dot on each curve.
        if let recommendation {
            let rx = x(recommendation.threshold)
            out += "<line x1=\"\(n(rx))\" y1=\"\(n(top))\" x2=\"\(n(rx))\" y2=\"\(n(top + plotHeight))\" stroke=\"#222\" stroke-width=\"1.5\" stroke-dasharray=\"6 4\"/>\n"
            for series in Self.series {
                if let value = series.value(recommendation.tuned) {
                    out += "<circle cx=\"\(n(rx))\" cy=\"\(n(y(value)))\" r=\"5\" fill=\"\(series.color)\" stroke=\"#fff\" stroke-width=\"1.5\"/>\n"
                }
            }
            let label = "recommended \(decimal(recommendation.threshold, 2))"
            let anchorEnd = recommendation.threshold > 0.7
            out += "<text x=\"\(n(rx + (anchorEnd ? -6 : 6)))\" y=\"\(n(top + 16))\" text-anchor=\"\(anchorEnd ? "end" : "start")\" font-weight=\"bold\" fill=\"#222\">\(escape(label))</text>\n"
        }

        // Legend, below the axis title.
        var legendX = left
        let legendY = top + plotHeight + 68
        for series in Self.series {
            out += "<line x1=\"\(n(legendX))\" y1=\"\(n(legendY - 4))\" x2=\"\(n(legendX + 24))\" y2=\"\(n(legendY - 4))\" stroke=\"\(series.color)\" stroke-width=\"3\"/>\n"
            out += "<text x=\"\(n(legendX + 30))\" y=\"\(n(legendY))\" fill=\"#222\">\(escape(series.name))</text>\n"
            legendX += 180
        }
        if recommendation != nil {
            out += "<line x1=\"\(n(legendX))\" y1=\"\(n(legendY - 4))\" x2=\"\(n(legendX + 24))\" y2=\"\(n(legendY - 4))\" stroke=\"#222\" stroke-width=\"1.5\" stroke-dasharray=\"6 4\"/>\n"
            out += "<text x=\"\(n(legendX + 30))\" y=\"\(n(legendY))\" fill=\"#222\">recommended threshold</text>\n"
        }
        out += "</svg>\n"
        return out
    }

    /// One decimal place is plenty for pixel coordinates and keeps the file small.
    private func n(_ value: Double) -> String { decimal(value, 1) }

    /// Escapes the five XML special characters; also drops control characters, which XML 1.0
    /// does not allow at all (a phrase or app name could carry one).
    func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default:
                if scalar.value < 0x20 && scalar != "\t" && scalar != "\n" { continue }
                if scalar.value == 0xFFFE || scalar.value == 0xFFFF { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

/// `value` with exactly `places` decimals, independent of locale (no Foundation formatter).
public func decimal(_ value: Double, _ places: Int) -> String {
    guard value.isFinite else { return value.isNaN ? "nan" : (value > 0 ? "inf" : "-inf") }
    var scale = 1.0
    for _ in 0..<places { scale *= 10 }
    let scaled = Int64((abs(value) * scale).rounded())
    let sign = value < 0 && scaled != 0 ? "-" : ""
    let divisor = Int64(scale)
    let whole = scaled / divisor
    guard places > 0 else { return sign + String(whole) }
    var fraction = String(scaled % divisor)
    while fraction.count < places { fraction = "0" + fraction }
    return sign + String(whole) + "." + fraction
}
