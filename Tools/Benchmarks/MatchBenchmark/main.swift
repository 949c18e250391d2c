// MatchBenchmark: index build time, query latency, raw similarity, BLAS threads and
// end-to-end throughput of the matching engine, each beside the plain scalar loop
// (`Matcher.backend = .scalar`, `VectorIndex.scalarScores`) in the same run.
// See Tools/Benchmarks/README.md; Tools/Benchmarks/run.sh builds and runs it on one core.

import FlexibleMatching
import Foundation
import ShortcutCatalog
import VectorIndex

#if canImport(Glibc)
    import Glibc
#endif

func printError(_ text: String) {
    fflush(nil)
    FileHandle.standardError.write(Data((text + "\n").utf8))
}

struct Options {
    var quick = false
    var jsonPath: String?
    var sections: Set<String> = Options.allSections
    var cliPath: String?
    var skipCLI = false
    var keep = false

    static let allSections: Set<String> = ["build", "latency", "similarity", "threads", "throughput", "startup"]

    static let usage = """
        usage: MatchBenchmark [--quick] [--json FILE] [--only SECTIONS] [--cli PATH | --no-cli] [--keep]

          --quick          fewer iterations (a CI smoke run; numbers are noisier)
          --json FILE      also write every number measured to FILE
          --only LIST      comma-separated sections: build, latency, similarity, threads, throughput, startup
          --cli PATH       the shortcut-lab binary (default: next to this executable)
          --no-cli         skip the measurements that spawn shortcut-lab
          --keep           keep the generated manifests and query files (the folder is printed)

        Exits non-zero only on errors (including a missing shortcut-lab binary), never on a
        missed target: each target line says PASS or MISS.
        """

    static func parse(_ arguments: [String]) throws -> Options {
        var o = Options()
        var i = 0
        func value(_ name: String) throws -> String {
            i += 1
            guard i < arguments.count else { throw BenchmarkError.usage("\(name) needs a value") }
            return arguments[i]
        }
        while i < arguments.count {
            switch arguments[i] {
            case "--quick": o.quick = true
            case "--json": o.jsonPath = try value("--json")
            case "--only":
                let list = try value("--only").split(separator: ",").map { $0.trimmingWhitespace() }
                for s in list where !allSections.contains(s) { throw BenchmarkError.usage("unknown section '\(s)'") }
                o.sections = Set(list)
            case "--cli": o.cliPath = try value("--cli")
            case "--no-cli": o.skipCLI = true
            case "--keep": o.keep = true
            case "-h", "--help":
                print(usage)
                exit(0)
            default: throw BenchmarkError.usage("unknown argument '\(arguments[i])'")
            }
            i += 1
        }
        return o
    }
}

enum BenchmarkError: Error, CustomStringConvertible {
    case usage(String)
    case failed(String)
    var description: String {
        switch self {
        case .usage(let m): return "error: \(m)\n\n\(Options.usage)"
        case .failed(let m): return "error: \(m)"
        }
    }
}

/// A target from the issue, judged on one measured number.
struct Target {
    var name: String
    var limit: String
    var measured: String
    var pass: Bool?
}

struct Benchmark {
    let options: Options
    var results = Results()
    var targets: [Target] = []
    var errors: [String] = []

    init(options: Options) { self.options = options }

    var quick: Bool { options.quick }

    func emit(_ table: Table) {
        print(table.render())
        fflush(nil)
    }

    mutating func run() throws -> Int32 {
        let fm = FileManager.default
        let scratch = fm.temporaryDirectory.appendingPathComponent("match-benchmark-\(getpid())").path
        try fm.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { if !options.keep { try? fm.removeItem(atPath: scratch) } }

        // As the CLI does: one BLAS thread (section "threads" measures the alternative).
        BLASThreads.set(1)

        // ---- Workload -------------------------------------------------------------------
        let shape100 = CatalogShape.app100, shape1000 = CatalogShape.catalog1000
        let (path100, templates100) = try Generator.write(shape100, seed: 0x5EED_0100, to: scratch)
        let (path1000, templates1000) = try Generator.write(shape1000, seed: 0x5EED_1000, to: scratch)
        let queryCount = quick ? 600 : 2_000
        let q100 = Generator.queries(shape100, templates: templates100, count: queryCount, seed: 0xC0FFEE_0100)
        let q1000 = Generator.queries(shape1000, templates: templates1000, count: queryCount, seed: 0xC0FFEE_1000)

        // In-process start-up, first time in this process (cold caches): the parts of the
        // CLI's start that are the engine's, without process creation and argument parsing.
        let t0 = nowNanoseconds()
        let catalog1000 = try ManifestLoader.load(path: path1000)
        let t1 = nowNanoseconds()
        let resources = try MatcherResources.load(locale: "en")
        let t2 = nowNanoseconds()
        var m1000 = Matcher(catalog: catalog1000.source, resources: resources)
        let t3 = nowNanoseconds()
        _ = m1000.match(q1000[0].text).jsonLine()
        let t4 = nowNanoseconds()
        // The same without the Locales/ folder: the built-in lexicon only, no embeddings file.
        let t5 = nowNanoseconds()
        _ = try MatcherResources.load(locale: "en", directory: scratch + "/no-locales")
        let lexiconOnly = nowNanoseconds() - t5
        let catalog100 = try ManifestLoader.load(path: path100)
        var m100 = Matcher(catalog: catalog100.source, resources: resources)

        let localesDir = MatcherResources.localesDirectory()
        let embeddingsText: String
        if let e = resources.embeddings {
            embeddingsText = "loaded: \(formatCount(Double(e.count))) tokens × \(e.dimension) dims from \(localesDir ?? "?")/en"
        } else {
            embeddingsText = "NOT loaded (no Locales/en/embeddings.bin found\(localesDir.map { " under \($0)" } ?? ""))"
                + ": lexical features only, numbers not comparable"
        }
        let dirty = gitDirtySources()
        print("# MatchBenchmark\(quick ? " (--quick)" : "")\n")
        print("- machine: \(cpuModel()), \(ProcessInfo.processInfo.activeProcessorCount) CPUs online, allowed CPUs: \(allowedCPUs())")
        print("- BLAS: \(loadedBLASLibrary())\(OpenBLASInfo.config().map { " (\($0))" } ?? ""), threads: \(OpenBLASInfo.threads().map(String.init) ?? "n/a")")
        print("- embeddings: \(embeddingsText)")
        print("- load average at start: \(loadAverage()) (other work on the machine disturbs the numbers)")
        print("- app-100: \(describe(shape100, m100)); catalog-1000: \(describe(shape1000, m1000))")
        print("- feature dimension \(m1000.featurizer.dimension) (word \(m1000.featurizer.space.wordBuckets) + char \(m1000.featurizer.space.charBuckets) + embedding \(m1000.featurizer.dimension - m1000.featurizer.space.wordBuckets - m1000.featurizer.space.charBuckets))")
        print("- queries: \(queryCount) per catalog, generated (seeded): \(workloadSummary(q1000, m1000))")
        if let dirty { print("- note: uncommitted changes in the engine sources at run time: \(dirty)") }
        print("- manifests: \(options.keep ? scratch : "temporary (use --keep to keep them)")")
        print("")
        results.set("setup.embeddingsLoaded", resources.embeddings == nil ? 0 : 1)
        results.set("setup.embeddings", embeddingsText)
        results.set("setup.allowedCPUs", allowedCPUs())
        results.set("setup.loadAverage.start", loadAverage())
        results.set("setup.blas", loadedBLASLibrary())
        results.set("setup.rows.app-100", Double(m100.rowCount))
        results.set("setup.rows.catalog-1000", Double(m1000.rowCount))
        results.set("setup.dimension", Double(m1000.featurizer.dimension))
        results.set("setup.queries", Double(queryCount))

        var startup = Table("In-process start-up split, catalog-1000 (first call in the process, cold)", headers: ["step", "time"])
        startup.add("ManifestLoader.load (JSON manifest)", formatDuration(Double(t1 - t0)))
        startup.add("MatcherResources.load(locale: \"en\") (embeddings + lexicon)", formatDuration(Double(t2 - t1)))
        startup.add("· of which built-in lexicon alone (load without Locales/, measured after)", formatDuration(Double(lexiconOnly)))
        startup.add("Matcher.init (index build)", formatDuration(Double(t3 - t2)))
        startup.add("first match + jsonLine", formatDuration(Double(t4 - t3)))
        startup.add("**total**", formatDuration(Double(t4 - t0)))
        emit(startup)
        results.set("startup.inprocess.manifest_ns", Double(t1 - t0))
        results.set("startup.inprocess.resources_ns", Double(t2 - t1))
        results.set("startup.inprocess.lexiconOnly_ns", Double(lexiconOnly))
        results.set("startup.inprocess.matcherInit_ns", Double(t3 - t2))
        results.set("startup.inprocess.firstMatch_ns", Double(t4 - t3))

        if options.sections.contains("build") {
            buildSection(catalog1000.source, catalog100.source, resources)
        }
        if options.sections.contains("latency") {
            latencySection(&m1000, q1000, name: "catalog-1000")
            latencySection(&m100, q100, name: "app-100")
            splitSection(m1000, q1000, name: "catalog-1000")
            splitSection(m100, q100, name: "app-100")
        }
        let index1000 = buildIndex(m1000), index100 = buildIndex(m100)
        let vectors1000 = queryVectors(m1000, q1000), vectors100 = queryVectors(m100, q100)
        if options.sections.contains("similarity") {
            similaritySection([("catalog-1000", index1000, vectors1000), ("app-100", index100, vectors100)], m1000)
        }
        if options.sections.contains("threads") {
            threadsSection([("catalog-1000", index1000, vectors1000), ("app-100", index100, vectors100)])
        }
        var cli: String?
        if options.sections.contains("throughput") || options.sections.contains("startup"), !options.skipCLI {
            cli = options.cliPath ?? executableDirectory().map { $0 + "/shortcut-lab" }
            if let c = cli, access(c, X_OK) != 0 {
                let message = "shortcut-lab binary not found (or not executable) at \(c): build it with "
                    + "`swift build -c release --product shortcut-lab` into the same build folder, or pass --cli PATH "
                    + "(--no-cli skips these measurements)"
                print("**ERROR: \(message)**\n")
                errors.append(message)
                cli = nil
            }
        }
        if options.sections.contains("throughput") {
            throughputSection(&m100, &m1000, q100, q1000, cli: cli, manifest100: path100, scratch: scratch)
        }
        if options.sections.contains("startup") {
            if let cli {
                startupSection(cli: cli, manifest1000: path1000, matcher: m1000, phrase: q1000[1].text, scratch: scratch)
            } else {
                targets.append(
                    Target(name: "process start to first answer, catalog-1000", limit: "≤ 50 ms", measured: "not run", pass: nil))
            }
        }

        if !targets.isEmpty {
            var t = Table("Targets (release, one core)", headers: ["target", "goal", "measured", "result"])
            for target in targets {
                t.add(target.name, target.limit, target.measured, target.pass.map { $0 ? "PASS" : "MISS" } ?? "n/a")
                results.targets.append([
                    "name": target.name, "goal": target.limit, "measured": target.measured,
                    "result": target.pass.map { $0 ? "PASS" : "MISS" } ?? "n/a",
                ])
            }
            emit(t)
        }
        print("load average at end: \(loadAverage())\n")
        results.set("setup.loadAverage.end", loadAverage())
        if let path = options.jsonPath {
            try results.write(to: path)
            print("numbers written to \(path)")
        }
        print("(checksum \(blackHoleSink & 0xFFFF))")
        for e in errors { printError("error: \(e)") }
        return errors.isEmpty ? 0 : 1
    }

    // MARK: (a) index build

    mutating func buildSection(_ catalog1000: LocaleCatalog, _ catalog100: LocaleCatalog, _ resources: MatcherResources) {
        let reps = quick ? 3 : 15
        var table = Table(
            "(a) Index build (Matcher.init), median of \(reps)",
            headers: ["measure", "catalog", "BLAS", "scalar", "BLAS speed-up"])
        for (name, catalog) in [("catalog-1000", catalog1000), ("app-100", catalog100)] {
            _ = Matcher(catalog: catalog, resources: resources)  // warm
            let init_ = Stats(timeEach(reps) { blackHole(Matcher(catalog: catalog, resources: resources).rowCount) })
            table.add("Matcher.init (whole build)", name, formatDuration(init_.median), "—", "same code¹")
            results.set("build.\(name).matcherInit_ns", init_.median)

            // The build's steps, redone from outside with the same public pieces.
            let probe = Matcher(catalog: catalog, resources: resources)
            let tokenizer = probe.tokenizer
            let expand = Stats(timeEach(reps) { blackHole(PhraseExpander.expand(catalog).positives.count) })
            let expanded = PhraseExpander.expand(catalog)
            let texts = expanded.positives.map(\.text) + expanded.negatives.map(\.text)
            let tokenize = Stats(timeEach(reps) { blackHole(texts.map { tokenizer.tokens($0) }.count) })
            let tokens = texts.map { tokenizer.tokens($0) }
            let positives = Array(tokens.prefix(expanded.positives.count))
            let featInit = Stats(
                timeEach(reps) {
                    blackHole(
                        Featurizer(documents: positives, space: FeatureSpace(), embeddings: resources.embeddings,
                                   lexicon: resources.lexicon).dimension)
                })
            let featurizer = probe.featurizer
            let vectorize = Stats(timeEach(reps) { blackHole(tokens.map { featurizer.vector($0) }.count) })
            let vectors = tokens.map { featurizer.vector($0) }
            let appendBLAS = Stats(
                timeEach(reps) {
                    var index = VectorIndex(dimension: featurizer.dimension)
                    index.reserve(rows: vectors.count)
                    for v in vectors { index.append(v) }
                    blackHole(index.count)
                })
            let appendScalar = Stats(
                timeEach(reps) {
                    var storage: [Float] = []
                    storage.reserveCapacity(vectors.count * featurizer.dimension)
                    for v in vectors {
                        var s: Float = 0
                        for x in v { s += x * x }
                        let norm = s.squareRoot()
                        if norm > 0 { storage.append(contentsOf: v.lazy.map { $0 / norm }) } else { storage.append(contentsOf: v) }
                    }
                    blackHole(storage.count)
                })
            let spoken = expanded.positives.flatMap(\.spokenTexts) + expanded.negatives.flatMap(\.spokenTexts)
            let canonical = Stats(timeEach(reps) { blackHole(spoken.map { tokenizer.canonicalForm($0) }.count) })
            let accounted = expand.median + tokenize.median + featInit.median + vectorize.median + appendBLAS.median
                + canonical.median
            table.add("· PhraseExpander.expand", name, formatDuration(expand.median), "", "")
            table.add("· tokenize \(texts.count) phrases", name, formatDuration(tokenize.median), "", "")
            table.add("· Featurizer.init (IDF, embedding mean)", name, formatDuration(featInit.median), "", "")
            table.add("· Featurizer.vector × \(vectors.count)", name, formatDuration(vectorize.median), "", "")
            table.add(
                "· VectorIndex.append × \(vectors.count) (row norm)", name, formatDuration(appendBLAS.median),
                formatDuration(appendScalar.median), formatRatio(appendScalar.median / appendBLAS.median))
            table.add(
                "· exact-match tables: Tokenizer.canonicalForm × \(spoken.count) spoken texts", name,
                formatDuration(canonical.median), "", "")
            table.add(
                "· rest (dictionary inserts, candidate plan, app name)", name,
                formatDuration(max(0, init_.median - accounted)), "", "")
            results.set("build.\(name).expand_ns", expand.median)
            results.set("build.\(name).tokenize_ns", tokenize.median)
            results.set("build.\(name).featurizerInit_ns", featInit.median)
            results.set("build.\(name).vectors_ns", vectorize.median)
            results.set("build.\(name).canonicalForm_ns", canonical.median)
            results.set("build.\(name).append.blas_ns", appendBLAS.median)
            results.set("build.\(name).append.scalar_ns", appendScalar.median)
        }
        table.notes.append(
            "¹ `Matcher.backend` is chosen after the build, and the build's only BLAS call is `cblas_snrm2` per row "
                + "(`VectorIndex.append`): that step is shown against a scalar norm loop; the rest is the same code for both.")
        emit(table)
    }

    // MARK: (b) per-query latency

    mutating func latencySection(_ matcher: inout Matcher, _ queries: [Generator.Query], name: String) {
        let rounds = quick ? 1 : 3
        var samples: [Matcher.Backend: [UInt64]] = [:]
        for backend in Matcher.Backend.allCases {  // warm both paths
            matcher.backend = backend
            for q in queries { blackHole(matcher.match(q.text).candidates.count) }
        }
        for _ in 0..<rounds {
            for backend in Matcher.Backend.allCases {
                matcher.backend = backend
                var s: [UInt64] = []
                s.reserveCapacity(queries.count)
                for q in queries {
                    let a = nowNanoseconds()
                    let r = matcher.match(q.text)
                    let b = nowNanoseconds()
                    blackHole(r.candidates.count)
                    s.append(b - a)
                }
                samples[backend, default: []] += s
            }
        }
        matcher.backend = .blas
        let blas = Stats(samples[.blas]!), scalar = Stats(samples[.scalar]!)
        var table = Table(
            "(b) Query latency, \(name) (\(matcher.rowCount) rows), Matcher.match, one thread, warm, \(blas.count) queries per backend",
            headers: ["statistic", "BLAS", "scalar", "BLAS speed-up"])
        for (label, p) in [("p50", 50.0), ("p90", 90.0), ("p99", 99.0)] {
            let b = blas.percentile(p), s = scalar.percentile(p)
            table.add(label, formatDuration(b), formatDuration(s), formatRatio(s / b))
            results.set("latency.\(name).blas.\(label)_ns", b)
            results.set("latency.\(name).scalar.\(label)_ns", s)
        }
        table.add("mean", formatDuration(blas.mean), formatDuration(scalar.mean), formatRatio(scalar.mean / blas.mean))
        results.set("latency.\(name).blas.mean_ns", blas.mean)
        results.set("latency.\(name).scalar.mean_ns", scalar.mean)
        emit(table)
        if name == "catalog-1000" {
            let p50 = blas.percentile(50)
            targets.append(
                Target(
                    name: "p50 query latency, catalog-1000 (BLAS)", limit: "≤ 100 µs", measured: formatDuration(p50),
                    pass: p50 <= 100_000))
        }
    }

    /// Where a query's time goes: the steps of `Matcher.match`, redone from outside with the
    /// public pieces (tokenizer, app-name detector, featurizer, an identical index), timed
    /// back to back for each query so that a disturbance hits one query's samples only; each
    /// step is summarised by its median over queries.
    mutating func splitSection(_ matcher: Matcher, _ queries: [Generator.Query], name: String) {
        let rounds = quick ? 1 : 3
        let texts = queries.map(\.text)
        let detector = AppNameDetector(app: matcher.catalog.app, tokenizer: matcher.tokenizer)
        let tokenizer = matcher.tokenizer, featurizer = matcher.featurizer
        let index = buildIndex(matcher)
        var m = matcher

        struct Steps {
            var tokenize: [Double] = [], strip: [Double] = [], featurize: [Double] = [], similarity: [Double] = []
            var match: [Double] = [], rest: [Double] = [], json: [Double] = []
        }
        var steps: [Matcher.Backend: Steps] = [:]
        for round in 0..<(rounds + 1) {  // round 0 warms up
            for backend in Matcher.Backend.allCases {
                m.backend = backend
                var st = steps[backend] ?? Steps()
                for text in texts {
                    let a = nowNanoseconds()
                    let result = m.match(text)
                    let b = nowNanoseconds()
                    let tokens = tokenizer.tokens(text)
                    let c = nowNanoseconds()
                    let stripped = detector.strip(tokens).tokens
                    let d = nowNanoseconds()
                    let vector = featurizer.vector(stripped)
                    let e = nowNanoseconds()
                    let scores = backend == .blas ? index.scores(for: vector) : index.scalarScores(for: vector)
                    let f = nowNanoseconds()
                    let line = result.jsonLine()
                    let g = nowNanoseconds()
                    blackHole(scores[0] + Float(line.utf8.count + result.candidates.count))
                    guard round > 0 else { continue }
                    let (tm, tt, ts, tf, tsim) = (Double(b - a), Double(c - b), Double(d - c), Double(e - d), Double(f - e))
                    st.match.append(tm)
                    st.tokenize.append(tt)
                    st.strip.append(ts)
                    st.featurize.append(tf)
                    st.similarity.append(tsim)
                    st.rest.append(tm - tt - ts - tf - tsim)
                    st.json.append(Double(g - f))
                }
                steps[backend] = st
            }
        }
        let blas = steps[.blas]!, scalar = steps[.scalar]!
        var table = Table(
            "(b′) Where a query's time goes, \(name): median per query over \(blas.match.count) queries (steps timed back to back per query)",
            headers: ["step", "BLAS", "share", "scalar", "share"])
        let totalB = Stats(blas.match).median, totalS = Stats(scalar.match).median
        func row(_ label: String, _ key: String, _ b: [Double], _ s: [Double]) {
            let mb = Stats(b).median, ms = Stats(s).median
            table.add(
                label, formatDuration(mb), format1(100 * mb / totalB, digits: 0) + " %", formatDuration(ms),
                format1(100 * ms / totalS, digits: 0) + " %")
            results.set("split.\(name).\(key).blas_ns", mb)
            results.set("split.\(name).\(key).scalar_ns", ms)
        }
        row("normalise + tokenize (Tokenizer.tokens)", "tokenize", blas.tokenize, scalar.tokenize)
        row("app-name strip (AppNameDetector.strip)", "strip", blas.strip, scalar.strip)
        row("featurize (Featurizer.vector)", "featurize", blas.featurize, scalar.featurize)
        row("similarity (scores(for:) saxpy per non-zero column / scalarScores)", "similarity", blas.similarity, scalar.similarity)
        row("rest: match − the steps above (exact lookup, rank, result)", "rest", blas.rest, scalar.rest)
        row("**Matcher.match total**", "match", blas.match, scalar.match)
        let jb = Stats(blas.json).median
        table.add("(CLI extra) MatchResult.jsonLine()", formatDuration(jb), format1(100 * jb / totalB, digits: 0) + " %", "", "")
        results.set("split.\(name).jsonLine_ns", jb)
        table.notes.append("Medians do not add up exactly; “rest” is the median of each query's remainder.")
        emit(table)
    }

    // MARK: (c) raw similarity

    /// An index identical to the matcher's (same featurizer, same rows in the same order).
    func buildIndex(_ matcher: Matcher) -> VectorIndex {
        var index = VectorIndex(dimension: matcher.featurizer.dimension)
        let texts = matcher.expanded.positives.map(\.text) + matcher.expanded.negatives.map(\.text)
            + matcher.systemPhrases
        index.reserve(rows: texts.count)
        for t in texts { index.append(matcher.featurizer.vector(matcher.tokenizer.tokens(t))) }
        precondition(index.count == matcher.rowCount, "rebuilt index has \(index.count) rows, matcher \(matcher.rowCount)")
        return index
    }

    func queryVectors(_ matcher: Matcher, _ queries: [Generator.Query]) -> [[Float]] {
        let detector = AppNameDetector(app: matcher.catalog.app, tokenizer: matcher.tokenizer)
        return queries.map { matcher.featurizer.vector(detector.strip(matcher.tokenizer.tokens($0.text)).tokens) }
    }

    mutating func similaritySection(_ cases: [(String, VectorIndex, [[Float]])], _ matcher: Matcher) {
        let rounds = quick ? 3 : 9
        var table = Table(
            "(c) Similarity only (all rows × one query), mean per query, best of \(rounds) passes",
            headers: ["kernel", "catalog", "time / query", "vs scalar", "effective bandwidth"])
        for (name, index, vectors) in cases {
            let n = Double(vectors.count)
            let bytes = Double(index.count * index.dimension * 4)
            func perQuery(_ body: () -> Void) -> Double { Stats(timeEach(rounds, body)).min / n }
            var out: [Float] = []
            let batch = 64
            let batches = stride(from: 0, to: vectors.count, by: batch).map { Array(vectors[$0..<min($0 + batch, vectors.count)]) }
            let tScalar = perQuery { for v in vectors { blackHole(index.scalarScores(for: v)[0]) } }
            let tGemv = perQuery {
                for v in vectors {
                    index.denseScores(for: v, into: &out)
                    blackHole(out[0])
                }
            }
            let tSparse = perQuery { for v in vectors { blackHole(index.scores(for: v)[0]) } }
            let tSparseInto = perQuery {
                for v in vectors {
                    index.scores(for: v, into: &out)
                    blackHole(out[0])
                }
            }
            let tGemm = perQuery { for b in batches { blackHole(index.scores(batch: b).count) } }
            // References outside the engine: the same dot products by SIMD loops over raw
            // pointers, row by row over a row-major copy, and column by column (the query's
            // non-zero columns only) as the engine's saxpy path does.
            let rowMajor = index.rowMajor
            var simdOut = [Float](repeating: 0, count: index.count)
            let tSIMD = perQuery {
                for v in vectors {
                    Kernels.simdScores(rowMajor, rows: index.count, dimension: index.dimension, query: v, into: &simdOut)
                    blackHole(simdOut[0])
                }
            }
            let columns = Kernels.transpose(rowMajor, rows: index.count, dimension: index.dimension)
            let tColumns = perQuery {
                for v in vectors {
                    Kernels.columnScores(columns, rows: index.count, query: v, into: &simdOut)
                    blackHole(simdOut[0])
                }
            }
            let check = Kernels.maxDifference(index, vectors.prefix(16), rowMajor: rowMajor, columns: columns)
            let nonzero = vectors.reduce(0) { $0 + $1.reduce(0) { $0 + ($1 != 0 ? 1 : 0) } } / max(vectors.count, 1)
            func gbs(_ t: Double) -> String { format1(bytes / t, digits: 1) + " GB/s" }
            table.add("scalarScores(for:) — plain loop", name, formatDuration(tScalar), "1×", gbs(tScalar))
            table.add("denseScores(for:into:) — sgemv over every column", name, formatDuration(tGemv), formatRatio(tScalar / tGemv), gbs(tGemv))
            table.add(
                "**scores(for:) — saxpy over the query's \(nonzero) non-zero columns (the engine's path)**", name,
                formatDuration(tSparse), formatRatio(tScalar / tSparse), "—")
            table.add("scores(for:into:) — the same, no allocation", name, formatDuration(tSparseInto), formatRatio(tScalar / tSparseInto), "—")
            table.add("scores(batch:) — sgemm, \(batch) queries", name, formatDuration(tGemm), formatRatio(tScalar / tGemm), gbs(tGemm))
            table.add("(reference) SIMD8 loop over raw pointers, row-major", name, formatDuration(tSIMD), formatRatio(tScalar / tSIMD), gbs(tSIMD))
            table.add("(reference) SIMD8 loop over the non-zero columns", name, formatDuration(tColumns), formatRatio(tScalar / tColumns), "—")
            if check > 1e-4 { table.notes.append("**Warning: the kernels differ from the engine's scores by \(check)**") }
            results.set("similarity.\(name).simdReference_ns", tSIMD)
            results.set("similarity.\(name).columnSIMDReference_ns", tColumns)
            results.set("similarity.\(name).queryNonzeroColumns", Double(nonzero))
            results.set("similarity.\(name).scalar_ns", tScalar)
            results.set("similarity.\(name).sgemv_ns", tGemv)
            results.set("similarity.\(name).sparse_ns", tSparse)
            results.set("similarity.\(name).sparseInto_ns", tSparseInto)
            results.set("similarity.\(name).sgemmPerQuery_ns", tGemm)

            // How much of the matrix is zero, per feature block: the sparse word and char blocks
            // are streamed in full by the dense kernels.
            if name == "catalog-1000" {
                let wb = matcher.featurizer.space.wordBuckets, cb = matcher.featurizer.space.charBuckets
                var nz = [0, 0, 0]
                index.rowMajor.withUnsafeBufferPointer { s in
                    for r in 0..<index.count {
                        let base = r * index.dimension
                        for d in 0..<index.dimension where s[base + d] != 0 {
                            nz[d < wb ? 0 : (d < wb + cb ? 1 : 2)] += 1
                        }
                    }
                }
                let rows = Double(index.count)
                let ed = index.dimension - wb - cb
                let text = "word \(format1(100 * Double(nz[0]) / (rows * Double(wb)), digits: 1)) %, "
                    + "char \(format1(100 * Double(nz[1]) / (rows * Double(cb)), digits: 1)) %, "
                    + "embedding \(ed == 0 ? "n/a" : format1(100 * Double(nz[2]) / (rows * Double(ed)), digits: 1) + " %")"
                table.notes.append(
                    "Matrix \(index.count) × \(index.dimension) float32 = \(format1(bytes / 1_048_576, digits: 2)) MiB for catalog-1000; "
                        + "non-zero entries per block: \(text).")
                results.set("similarity.catalog-1000.nonzero", text)
            }
        }
        table.notes.append("Effective bandwidth = matrix bytes ÷ time per query, for the kernels that read every column (sgemv is memory-bound; sgemm reuses each row across the batch); the column kernels read only the query's non-zero columns.")
        emit(table)
    }

    // MARK: (d) BLAS threads

    mutating func threadsSection(_ cases: [(String, VectorIndex, [[Float]])]) {
        let rounds = quick ? 3 : 9
        var table = Table(
            "(d) BLAS threads: openblas_set_num_threads(1) vs (2), allowed CPUs \(allowedCPUs())",
            headers: ["kernel", "catalog", "1 thread", "2 threads", "2 ÷ 1 time"])
        var applied = true
        for (name, index, vectors) in cases {
            let n = Double(vectors.count)
            func perQuery(_ body: () -> Void) -> Double { Stats(timeEach(rounds, body)).min / n }
            var out: [Float] = []
            let batches = stride(from: 0, to: vectors.count, by: 64).map { Array(vectors[$0..<min($0 + 64, vectors.count)]) }
            var gemv: [Int: Double] = [:], gemm: [Int: Double] = [:]
            for threads in [1, 2, 1, 2] {  // twice, interleaved; keep the better of the two
                applied = BLASThreads.set(threads) && applied
                for v in vectors.prefix(64) { index.denseScores(for: v, into: &out) }  // let the pool spin up
                let a = perQuery {
                    for v in vectors {
                        index.denseScores(for: v, into: &out)
                        blackHole(out[0])
                    }
                }
                let b = perQuery { for batch in batches { blackHole(index.scores(batch: batch).count) } }
                gemv[threads] = min(gemv[threads] ?? .infinity, a)
                gemm[threads] = min(gemm[threads] ?? .infinity, b)
            }
            BLASThreads.set(1)
            table.add("sgemv (one query)", name, formatDuration(gemv[1]!), formatDuration(gemv[2]!), formatRatio(gemv[2]! / gemv[1]!))
            table.add("sgemm (64 queries), per query", name, formatDuration(gemm[1]!), formatDuration(gemm[2]!), formatRatio(gemm[2]! / gemm[1]!))
            results.set("threads.\(name).sgemv.1_ns", gemv[1]!)
            results.set("threads.\(name).sgemv.2_ns", gemv[2]!)
            results.set("threads.\(name).sgemm.1_ns", gemm[1]!)
            results.set("threads.\(name).sgemm.2_ns", gemm[2]!)
        }
        BLASThreads.set(2)
        let reported = OpenBLASInfo.threads()
        BLASThreads.set(1)
        table.notes.append(
            applied
                ? "openblas_get_num_threads() after set(2): \(reported.map(String.init) ?? "n/a"). "
                    + "Under `taskset -c 0` both threads share one core; run with `--only threads` unpinned to see two cores."
                : "The loaded BLAS has no openblas_set_num_threads: both columns ran with its default.")
        emit(table)
    }

    // MARK: (e) throughput

    mutating func throughputSection(
        _ m100: inout Matcher, _ m1000: inout Matcher, _ q100: [Generator.Query], _ q1000: [Generator.Query],
        cli: String?, manifest100: String, scratch: String
    ) {
        let rounds = quick ? 1 : 3
        var table = Table(
            "(e) Throughput: queries per second, match + JSON line",
            headers: ["path", "catalog", "BLAS", "scalar", "BLAS speed-up"])
        for (name, queries) in [("app-100", q100), ("catalog-1000", q1000)] {
            var qps: [Matcher.Backend: Double] = [:]
            for backend in Matcher.Backend.allCases {
                var m = name == "app-100" ? m100 : m1000
                m.backend = backend
                for q in queries.prefix(200) { blackHole(m.match(q.text).jsonLine().utf8.count) }
                let t = Stats(timeEach(rounds) { for q in queries { blackHole(m.match(q.text).jsonLine().utf8.count) } }).median
                qps[backend] = Double(queries.count) / (t / 1e9)
            }
            table.add(
                "in process: match + jsonLine loop", name, formatCount(qps[.blas]!), formatCount(qps[.scalar]!),
                formatRatio(qps[.blas]! / qps[.scalar]!))
            results.set("throughput.\(name).inprocess.blas_qps", qps[.blas]!)
            results.set("throughput.\(name).inprocess.scalar_qps", qps[.scalar]!)
        }

        guard let cli else {
            table.notes.append("CLI rows skipped (\(options.skipCLI ? "--no-cli" : "shortcut-lab binary not found")).")
            targets.append(Target(name: "shortcut-lab --stdin, app-100", limit: "≥ 20,000 queries/s", measured: "not run", pass: nil))
            emit(table)
            return
        }
        let lines = quick ? 5_000 : 20_000
        let input = scratch + "/queries-app-100.txt"
        var text = ""
        for i in 0..<lines { text += q100[i % q100.count].text + "\n" }
        do {
            try text.write(toFile: input, atomically: true, encoding: .utf8)
            let args = ["match", "--catalog", manifest100, "--stdin", "--json"]
            // Start-up alone (one line), to separate it from the steady rate.
            let one = scratch + "/one-query.txt"
            try (q100[0].text + "\n").write(toFile: one, atomically: true, encoding: .utf8)
            var startRuns: [Double] = []
            for _ in 0..<(quick ? 3 : 7) {
                let r = try runChild(cli, args, stdinPath: one, stdoutToPipe: true, scratchDirectory: scratch)
                try check(r, expectLines: 1, what: "shortcut-lab (1 line)")
                startRuns.append(Double(r.totalNanoseconds))
            }
            let start = Stats(startRuns).median
            var measured: [Bool: Double] = [:]
            for toPipe in [true, false] {
                var walls: [Double] = []
                for _ in 0..<rounds {
                    let r = try runChild(cli, args, stdinPath: input, stdoutToPipe: toPipe, scratchDirectory: scratch)
                    try check(r, expectLines: toPipe ? lines : nil, what: "shortcut-lab --stdin")
                    walls.append(Double(r.totalNanoseconds))
                }
                let wall = Stats(walls).median
                measured[toPipe] = wall
                let qps = Double(lines) / (wall / 1e9)
                let steady = Double(lines - 1) / (max(wall - start, 1) / 1e9)
                let label = "CLI --stdin --json, \(formatCount(Double(lines))) lines, stdout → \(toPipe ? "pipe (read by the benchmark)" : "/dev/null")"
                table.add(label, "app-100", formatCount(qps) + " (wall \(formatDuration(wall)))", "—³", "")
                table.add("  same, excluding start-up (\(formatDuration(start)))", "app-100", formatCount(steady), "—³", "")
                let key = toPipe ? "pipe" : "devnull"
                results.set("throughput.app-100.cli.\(key).qps", qps)
                results.set("throughput.app-100.cli.\(key).wall_ns", wall)
                results.set("throughput.app-100.cli.\(key).steady_qps", steady)
            }
            results.set("throughput.app-100.cli.startup_ns", start)
            let qps = Double(lines) / (measured[true]! / 1e9)
            targets.append(
                Target(
                    name: "shortcut-lab --stdin, app-100 (stdout a pipe, start-up included)", limit: "≥ 20,000 queries/s",
                    measured: formatCount(qps) + " queries/s", pass: qps >= 20_000))
            table.notes.append(
                "³ The CLI has no scalar switch: compare the in-process rows (same work per query, no process or pipe). "
                    + "Feeding from a file; with `taskset -c 0` the benchmark reading the pipe shares the core with the CLI.")
        } catch {
            errors.append("\(error)")
            table.notes.append("CLI measurement failed: \(error)")
        }
        emit(table)
    }

    func check(_ r: ChildRun, expectLines: Int?, what: String) throws {
        if r.exitStatus != 0 {
            throw BenchmarkError.failed("\(what) exited with status \(r.exitStatus): \(r.stderrText)")
        }
        if let expectLines, r.lines != expectLines {
            throw BenchmarkError.failed("\(what) wrote \(r.lines) lines, expected \(expectLines): \(r.stderrText)")
        }
    }

    // MARK: (e′) process start to first answer

    mutating func startupSection(cli: String, manifest1000: String, matcher: Matcher, phrase: String, scratch: String) {
        let runs = quick ? 3 : 11
        var table = Table(
            "(e′) Process start to first answer: shortcut-lab match --catalog catalog-1000 --json PHRASE, \(runs) runs",
            headers: ["statistic", "first answer", "exit"])
        do {
            let args = ["match", "--catalog", manifest1000, "--json", phrase]
            _ = try runChild(cli, args, stdoutToPipe: true, scratchDirectory: scratch)  // page cache warm
            var first: [Double] = [], exit: [Double] = []
            for _ in 0..<runs {
                let r = try runChild(cli, args, stdoutToPipe: true, scratchDirectory: scratch)
                try check(r, expectLines: 1, what: "shortcut-lab match (one phrase)")
                first.append(Double(r.firstLineNanoseconds ?? r.totalNanoseconds))
                exit.append(Double(r.totalNanoseconds))
            }
            // Baselines: the process with no engine work (argument parsing and help only).
            var help: [Double] = []
            for _ in 0..<runs {
                let r = try runChild(cli, ["--help"], stdoutToPipe: false, scratchDirectory: scratch)
                try check(r, expectLines: nil, what: "shortcut-lab --help")
                help.append(Double(r.totalNanoseconds))
            }
            let f = Stats(first), e = Stats(exit), h = Stats(help)
            table.add("median", formatDuration(f.median), formatDuration(e.median))
            table.add("min", formatDuration(f.min), formatDuration(e.min))
            table.add("max", formatDuration(f.sorted.last ?? 0), formatDuration(e.sorted.last ?? 0))
            table.add("baseline: `shortcut-lab --help` (process, runtime, no engine), median", "—", formatDuration(h.median))
            results.set("startup.cli.helpOnly.median_ns", h.median)
            results.set("startup.cli.catalog-1000.firstAnswer.median_ns", f.median)
            results.set("startup.cli.catalog-1000.exit.median_ns", e.median)
            results.set("startup.cli.catalog-1000.firstAnswer.min_ns", f.min)

            // The CLI must give the answer this process gives (so it found the same Locales/).
            let probe = try runChild(cli, args, stdoutToPipe: true, scratchDirectory: scratch)
            let answer = String(decoding: probe.output, as: UTF8.self)
            let same = answer == matcher.match(phrase).jsonLine() + "\n"
            table.notes.append(
                same
                    ? "The CLI's answer is byte-identical to the in-process answer (same engine, same language data)."
                    : "**Note: the CLI's answer differs from the in-process one** (different Locales/ or engine build?): "
                        + "its timings may not be comparable.")
            results.set("startup.cli.sameAnswer", same ? 1 : 0)
            targets.append(
                Target(
                    name: "process start to first answer, catalog-1000 (median)", limit: "≤ 50 ms",
                    measured: formatDuration(f.median), pass: f.median <= 50_000_000))
        } catch {
            errors.append("\(error)")
            table.notes.append("CLI measurement failed: \(error)")
        }
        emit(table)
    }

    // MARK: helpers

    func describe(_ shape: CatalogShape, _ matcher: Matcher) -> String {
        "\(shape.shortcuts) shortcuts, \(shape.templates) templates, \(matcher.rowCount) rows "
            + "(\(shape.positiveRows) expanded positive + \(shape.negatives) negative + \(matcher.systemPhrases.count) system requests; "
            + "\(shape.parameterTemplates)/shortcut name a parameter of \(shape.valuesPerParameter) values × \(shape.formsPerValue) spoken forms)"
    }

    func workloadSummary(_ queries: [Generator.Query], _ matcher: Matcher) -> String {
        var outcomes: [String: Int] = [:]
        var right = 0, inScope = 0
        for q in queries {
            let r = matcher.match(q.text)
            outcomes[r.outcome.rawValue, default: 0] += 1
            if q.intended != nil { inScope += 1 }
            if r.outcome == .match ? r.winner?.shortcut == q.intended : (q.intended == nil && r.outcome == .none) { right += 1 }
        }
        let parts = ["match", "ambiguous", "none"].map { "\($0) \(outcomes[$0] ?? 0)" }.joined(separator: ", ")
        return "\(inScope) in scope, \(queries.count - inScope) out of scope; catalog-1000 outcomes: \(parts); "
            + "agreeing with the generator's intent: \(format1(100 * Double(right) / Double(queries.count), digits: 1)) %"
    }

    func loadAverage() -> String {
        guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return "?" }
        return text.split(separator: " ").prefix(3).joined(separator: " ")
    }

    func cpuModel() -> String {
        guard let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return "?" }
        for line in text.split(separator: "\n") where line.hasPrefix("model name") {
            if let colon = line.firstIndex(of: ":") { return line[line.index(after: colon)...].trimmingWhitespace() }
        }
        return "?"
    }

    /// Uncommitted changes to the engine's sources, if this runs inside the git checkout.
    func gitDirtySources() -> String? {
        guard let dir = executableDirectory() else { return nil }
        var root = URL(fileURLWithPath: dir)
        for _ in 0..<8 {
            if FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path) { break }
            root.deleteLastPathComponent()
        }
        guard FileManager.default.fileExists(atPath: root.appendingPathComponent(".git").path),
            let r = try? runChild(
                "/bin/sh", ["-c", "cd \"$0\" && git status --porcelain --untracked-files=no -- Sources Tools/shortcut-lab >&2", root.path],
                stdoutToPipe: false, scratchDirectory: FileManager.default.temporaryDirectory.path),
            r.exitStatus == 0
        else { return nil }
        let files = r.stderrText.split(separator: "\n").map { $0.dropFirst(3) }
        return files.isEmpty ? nil : files.joined(separator: ", ")
    }
}

do {
    let options = try Options.parse(Array(CommandLine.arguments.dropFirst()))
    var benchmark = Benchmark(options: options)
    exit(try benchmark.run())
} catch {
    printError("\(error)")
    exit(2)
}
