// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "quiz",
    products: [
        .executable(name: "quiz", targets: ["quiz"]),
        .executable(name: "quiz-fetch", targets: ["quiz-fetch"]),
        .library(name: "QuizKit", targets: ["QuizKit"]),
    ],
    targets: [
        // Debian's libedit (line editing and the input history of the game's
        // prompt), for `quiz` alone, opened with dlopen when a terminal is
        // read (see Sources/CEditLine/line_editor.c). C and libdl only.
        .target(
            name: "CEditLine",
            linkerSettings: [.linkedLibrary("dl")]
        ),
        // File formats and checks that know nothing of quizzes: the JSON parser
        // that reports a line and column, the binary property-list reader and
        // writer, CRC-32. Imports Foundation only; every other target may use it.
        .target(name: "QuizFormats"),
        // The pure core: the game's vocabulary and every decision that needs
        // no file, clock or environment (questions and bank checking, a game,
        // what an answer means, the history's model and codecs, FSRS and the
        // schedule, statistics, the report renderers, the terminal text
        // rules). Never prints. Imports Foundation and QuizFormats (with
        // `internal import`, or `package import` where a package declaration
        // names one of its types, so none of it is public surface).
        .target(
            name: "QuizCore",
            dependencies: ["QuizFormats"]
        ),
        // Debian's SQLite, zstd and zlib, headers only: QuizStore links their
        // static archives (below) to read Anki packages. CONTRIBUTING.md,
        // "Dependencies", says why these and how they are linked.
        .systemLibrary(name: "CSQLite", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CZstd", providers: [.apt(["libzstd-dev"])]),
        .systemLibrary(name: "CZlib", providers: [.apt(["zlib1g-dev"])]),
        // The store: all file I/O and what reads the clock or the environment
        // for the core (storage primitives, the history and its journal, the
        // derived files, bank files and caches, downloads' cache, the settings
        // file, the local time zone). Never prints. Imports QuizCore and
        // QuizFormats, and CSQLite, CZstd and CZlib for Anki packages.
        .target(
            name: "QuizStore",
            dependencies: ["QuizCore", "QuizFormats", "CSQLite", "CZstd", "CZlib"],
            linkerSettings: [
                .unsafeFlags(["-Xlinker", "-l:libsqlite3.a", "-Xlinker", "-l:libzstd.a", "-Xlinker", "-l:libz.a"])
            ]
        ),
        // The command library: the command line parsed into options, exit
        // statuses, and what the menu and the command line both do. Never
        // prints. Imports QuizStore and QuizCore.
        .target(
            name: "QuizKit",
            dependencies: ["QuizCore", "QuizStore"]
        ),
        // libcurl's easy interface, opened with dlopen, for quiz-fetch (see
        // Sources/CFetch/fetch.c). C and libdl only.
        .target(
            name: "CFetch",
            linkerSettings: [.linkedLibrary("dl")]
        ),
        // The game on the terminal: the command line, the menu, the console.
        // Thin: what it does is the libraries'. Imports QuizKit, QuizStore,
        // QuizCore and CEditLine.
        .executableTarget(
            name: "quiz",
            dependencies: ["QuizKit", "QuizStore", "QuizCore", "CEditLine"]
        ),
        // Downloads for `--questions URL`, apart so `quiz` need not load a
        // networking library (see Sources/quiz-fetch/main.swift). Imports
        // QuizStore and CFetch.
        .executableTarget(
            name: "quiz-fetch",
            dependencies: ["QuizStore", "CFetch"]
        ),
        // make bench's helper: generates histories, and the classic pattern's
        // baseline. Imports QuizStore and QuizCore.
        .executableTarget(
            name: "quiz-bench",
            dependencies: ["QuizStore", "QuizCore"]
        ),
        // Unit tests of QuizKit, QuizStore, QuizCore and QuizFormats, in-process.
        .testTarget(
            name: "QuizKitTests",
            dependencies: ["QuizKit", "QuizStore", "QuizCore", "QuizFormats"],
            exclude: ["Fixtures"]
        ),
        // End-to-end tests: they run the built `quiz` through pipes and a pty,
        // with the libraries to write fixtures and read back what the binary
        // wrote.
        .testTarget(
            name: "QuizCLITests",
            dependencies: ["QuizKit", "QuizStore", "QuizCore"],
            exclude: ["Fixtures"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
