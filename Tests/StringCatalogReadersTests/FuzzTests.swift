import Foundation
import ShortcutCatalog
import StringCatalogReaders
import Testing
import TestFileSupport

/// Mutated real-shaped files never crash a reader: each either loads or fails with a
/// `CatalogError` that names the file and, for syntax errors, a line inside it.
@Suite("Reader robustness")
struct FuzzTests {
    static let seedCatalog = Array(StringCatalogTests.mixed.utf8)
    static let seedStrings = Array(
        "/* c */\n\"Open ${entity} in ${applicationName}\" = \"${entity} in ${applicationName} öffnen\";\n\"a\\n\\\"b\" = \"\\U00e9\";\n".utf8)

    /// Truncations, flipped bytes, inserted bytes and swapped lines, from a fixed seed.
    static func mutations(of seed: [UInt8], count: Int) -> [[UInt8]] {
        var rng = SeededGenerator(state: 0x5EED)
        var out: [[UInt8]] = []
        for n in 0..<count {
            var bytes = seed
            switch n % 4 {
            case 0: bytes = Array(bytes.prefix(Int.random(in: 0..<bytes.count, using: &rng)))
            case 1:
                for _ in 0..<3 { bytes[Int.random(in: 0..<bytes.count, using: &rng)] = UInt8.random(in: 0...255, using: &rng) }
            case 2:
                bytes.insert(contentsOf: [0x22, 0x5C, 0x7B, 0x00, 0xFF].shuffled(using: &rng).prefix(2), at: Int.random(in: 0..<bytes.count, using: &rng))
            default:
                var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
                if lines.count > 2 { lines.swapAt(Int.random(in: 0..<lines.count, using: &rng), Int.random(in: 0..<lines.count, using: &rng)) }
                bytes = Array(lines.joined(separator: [0x0A]))
            }
            out.append(bytes)
        }
        return out
    }

    @Test func stringCatalogMutations() {
        for bytes in Self.mutations(of: Self.seedCatalog, count: 400) {
            do {
                _ = try StringCatalogReader.parse(bytes, file: "m.xcstrings")
            } catch {
                #expect(error.path == "m.xcstrings")
                if let line = error.location?.line {
                    #expect(line >= 1 && line <= bytes.filter { $0 == 0x0A }.count + 1)
                }
            }
        }
    }

    @Test func stringsMutations() {
        for bytes in Self.mutations(of: Self.seedStrings, count: 400) + Self.mutations(of: TestFiles.utf16(String(decoding: Self.seedStrings, as: UTF8.self)), count: 200) {
            do {
                _ = try StringsFileReader.parse(bytes, file: "m.strings")
            } catch {
                #expect(error.path == "m.strings")
            }
        }
    }
}

/// A small deterministic generator (SplitMix64), so failures reproduce.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
