// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "ShortcutLab",
    products: [
        .library(name: "ShortcutCatalog", targets: ["ShortcutCatalog"]),
        .library(name: "PhraseTokenizer", targets: ["PhraseTokenizer"]),
        .library(name: "SynonymExpansion", targets: ["SynonymExpansion"]),
        .library(name: "VectorIndex", targets: ["VectorIndex"]),
        .library(name: "FlexibleMatching", targets: ["FlexibleMatching"]),
        .library(name: "StringCatalogReaders", targets: ["StringCatalogReaders"]),
        .library(name: "CatalogValidation", targets: ["CatalogValidation"]),
        .executable(name: "shortcut-lab", targets: ["shortcut-lab"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
    ],
    targets: [
        // System BLAS + LAPACKE, found through pkg-config (Debian: libblas-dev, liblapacke-dev).
        .systemLibrary(
            name: "CBLAS",
            path: "Sources/CBLAS",
            pkgConfig: "blas",
            providers: [.apt(["libblas-dev", "liblapacke-dev"])]
        ),
        // The shortcut catalog model and its readers (manifest JSON/YAML), with source locations.
        .target(name: "ShortcutCatalog", dependencies: [.product(name: "Yams", package: "Yams")]),
        // Per-locale normalisation and segmentation.
        .target(name: "PhraseTokenizer"),
        // Static token embeddings distilled from a sentence encoder.
        .target(name: "WordEmbeddings"),
        // Locale packs read from Locales/<locale>/: zh/ja segmentation, ko stems, lemma tables, stopword weights.
        .target(name: "LocalePacks", dependencies: ["PhraseTokenizer"]),
        // Lexicon-based synonym expansion of tokens.
        .target(name: "SynonymExpansion", dependencies: ["PhraseTokenizer"]),
        // Row-normalised float32 matrix with BLAS top-k.
        .target(name: "VectorIndex", dependencies: ["CBLAS"]),
        // Phrase expansion, featurisation and the matcher.
        .target(
            name: "FlexibleMatching",
            dependencies: [
                "ShortcutCatalog", "PhraseTokenizer", "SynonymExpansion", "VectorIndex", "WordEmbeddings",
                "LocalePacks",
            ]
        ),
        // Threshold/margin sweeps over labelled phrases, recommendations, SVG plots, manifest `matching` writer.
        .target(name: "ThresholdTuning", dependencies: ["FlexibleMatching", "ShortcutCatalog", "PhraseEvaluation"]),
        // Readers for what apps ship: AppShortcuts.xcstrings, .strings, Info.plist, extract.actionsdata.
        .target(name: "StringCatalogReaders", dependencies: ["ShortcutCatalog"]),
        // Validation rules, the phrase budget and diagnostics (matcher-based rules included).
        .target(
            name: "CatalogValidation", dependencies: ["StringCatalogReaders", "ShortcutCatalog", "FlexibleMatching", "VectorIndex"]),
        // Labelled-query files (CONTRACTS §2) and accuracy reports over them (`shortcut-lab eval`).
        .target(name: "PhraseEvaluation", dependencies: ["FlexibleMatching", "ShortcutCatalog"]),
        .executableTarget(
            name: "shortcut-lab",
            dependencies: [
                "FlexibleMatching", "ShortcutCatalog", "VectorIndex",
                "PhraseEvaluation",
                "ThresholdTuning", "PhraseTokenizer", "SynonymExpansion",
                "StringCatalogReaders", "CatalogValidation",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Tools/shortcut-lab"
        ),
        .executableTarget(
            name: "MatchBenchmark",
            dependencies: ["FlexibleMatching", "ShortcutCatalog", "VectorIndex"],
            path: "Tools/Benchmarks/MatchBenchmark"
        ),
        .executableTarget(
            name: "LocaleBenchmark",
            dependencies: ["FlexibleMatching", "LocalePacks", "PhraseTokenizer", "ShortcutCatalog", "VectorIndex"],
            path: "Tools/Benchmarks/LocaleBenchmark"
        ),
        .testTarget(name: "ShortcutCatalogTests", dependencies: ["ShortcutCatalog"]),
        .testTarget(
            name: "LocalePackTests",
            dependencies: ["LocalePacks", "PhraseTokenizer", "FlexibleMatching", "SynonymExpansion", "WordEmbeddings"]
        ),
        .testTarget(name: "PhraseTokenizerTests", dependencies: ["PhraseTokenizer", "SynonymExpansion"]),
        .testTarget(name: "VectorIndexTests", dependencies: ["VectorIndex"]),
        .testTarget(name: "FlexibleMatchingTests", dependencies: ["FlexibleMatching", "ShortcutCatalog"]),
        .testTarget(name: "CLITests", dependencies: ["shortcut-lab"], exclude: ["Golden", "Fixtures"]),
        .testTarget(name: "PhraseEvaluationTests", dependencies: ["PhraseEvaluation", "FlexibleMatching", "ShortcutCatalog"]),
        .testTarget(name: "ThresholdTuningTests", dependencies: ["ThresholdTuning", "PhraseEvaluation", "FlexibleMatching", "ShortcutCatalog"]),
        .target(name: "TestFileSupport", path: "Tests/TestFileSupport"),
        .testTarget(name: "StringCatalogReadersTests", dependencies: ["StringCatalogReaders", "ShortcutCatalog", "TestFileSupport"]),
        .testTarget(
            name: "CatalogValidationTests",
            dependencies: ["CatalogValidation", "StringCatalogReaders", "ShortcutCatalog", "FlexibleMatching", "TestFileSupport"]),
        .executableTarget(
            name: "ValidateBenchmark",
            dependencies: ["CatalogValidation", "StringCatalogReaders", "ShortcutCatalog", "FlexibleMatching", "VectorIndex"],
            path: "Tools/Benchmarks/ValidateBenchmark"
        ),
    ]
)
