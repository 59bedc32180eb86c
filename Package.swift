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
        // The game's logic and vocabulary (banks, games, the history, the
        // report, the schedule, the terminal text rules). Never prints. Imports
        // Foundation and QuizFormats (with `internal import`, so that none of
        // QuizFormats is part of QuizKit's public surface).
        .target(
            name: "QuizKit",
            dependencies: ["QuizFormats"]
        ),
        // libcurl's easy interface, opened with dlopen, for quiz-fetch (see
        // Sources/CFetch/fetch.c). C and libdl only.
        .target(
            name: "CFetch",
            linkerSettings: [.linkedLibrary("dl")]
        ),
        // The game on the terminal: the command line, the menu, the console.
        // Thin: what it does is QuizKit's. Imports QuizKit and CEditLine.
        .executableTarget(
            name: "quiz",
            dependencies: ["QuizKit", "CEditLine"]
        ),
        // Downloads for `--questions URL`, apart so `quiz` need not load a
        // networking library (see Sources/quiz-fetch/main.swift). Imports
        // QuizKit and CFetch.
        .executableTarget(
            name: "quiz-fetch",
            dependencies: ["QuizKit", "CFetch"]
        ),
        // make bench's helper: generates histories, and the classic pattern's
        // baseline. Imports QuizKit only.
        .executableTarget(
            name: "quiz-bench",
            dependencies: ["QuizKit"]
        ),
        // Unit tests of QuizKit and QuizFormats, in-process.
        .testTarget(
            name: "QuizKitTests",
            dependencies: ["QuizKit", "QuizFormats"],
            exclude: ["Fixtures"]
        ),
        // End-to-end tests: they run the built `quiz` through pipes and a pty,
        // with QuizKit to write fixtures and read back what the binary wrote.
        .testTarget(
            name: "QuizCLITests",
            dependencies: ["QuizKit"],
            exclude: ["Fixtures"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
