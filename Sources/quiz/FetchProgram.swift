import Foundation
import QuizKit

/// Runs `quiz-fetch` (beside this program, or in `../libexec/quiz/` when
/// installed) for one download, so `quiz` never links the networking library.
enum FetchProgram {
    static func path() -> String? {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? ""
        let folder = (executable as NSString).deletingLastPathComponent
        let candidates = [
            folder + "/quiz-fetch",
            ((folder as NSString).deletingLastPathComponent as NSString).appendingPathComponent(
                "libexec/quiz/quiz-fetch"),
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static let fetch: RemoteBankLoader.Fetch = { url, timeout in
        guard let program = path() else {
            return .failure(.other("quiz-fetch, which downloads banks, is not installed beside quiz"))
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = [url.absoluteString, String(timeout)]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return .failure(.other("cannot run \(program): \(error.localizedDescription)"))
        }
        let group = DispatchGroup()
        nonisolated(unsafe) var errorText = Data()
        group.enter()
        DispatchQueue.global().async {
            errorText = errors.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let body = output.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            return .failure(FetchFailure(wireText: String(decoding: errorText, as: UTF8.self)))
        }
        return .success([UInt8](body))
    }
}
