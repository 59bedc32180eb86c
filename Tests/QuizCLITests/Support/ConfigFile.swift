import Foundation
import QuizCore

extension Scratch {
    /// `~/.config/quiz/config` under this scratch folder's HOME.
    var configFile: String { path + "/.config/quiz/config" }

    /// Writes the configuration file quiz reads with `environment()`.
    func writeConfig(_ text: String) throws {
        try FileManager.default.createDirectory(
            atPath: path + "/.config/quiz", withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: configFile))
    }

    /// Puts `sessions` in this scratch folder's history, as if played.
    func recordHistory(_ sessions: [Session]) throws {
        try writeArchive(KeyedArchive.data(for: sessions), in: dataDir)
    }
}
