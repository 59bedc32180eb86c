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
        .systemLibrary(
            name: "CEditLine",
            pkgConfig: "libedit",
            providers: [.apt(["libedit-dev"])]
        ),
        .target(name: "QuizKit"),
        // libcurl's easy interface, opened with dlopen, for quiz-fetch (see Sources/CFetch/fetch.c).
        .target(
            name: "CFetch",
            linkerSettings: [.linkedLibrary("dl")]
        ),
        .executableTarget(
            name: "quiz",
            dependencies: ["QuizKit", "CEditLine"]
        ),
        // Downloads for `--questions URL`, apart so `quiz` need not load a
        // networking library (see Sources/quiz-fetch/main.swift).
        .executableTarget(
            name: "quiz-fetch",
            dependencies: ["QuizKit", "CFetch"]
        ),
        // make bench's helper: generates histories, and the classic pattern's baseline.
        .executableTarget(
            name: "quiz-bench",
            dependencies: ["QuizKit"]
        ),
        .testTarget(
            name: "QuizKitTests",
            dependencies: ["QuizKit"],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "QuizCLITests",
            dependencies: ["QuizKit"],
            exclude: ["Fixtures"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
