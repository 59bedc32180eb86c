import Foundation
import QuizKit

/// `--fsrs-parameters FILE`: the 21 numbers the FSRS optimizer fitted, in
/// any of the forms it prints them (a JSON array, a Python list, numbers
/// separated by commas or spaces). Without the option, FSRS's defaults.
enum FSRSParametersFile {
    static func scheduler(path: String?, retention: Double) throws(CommandFailure) -> FSRS {
        guard let path else {
            return (try? FSRS(desiredRetention: retention)) ?? .standard
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CommandFailure(status: .noInput, message: "--fsrs-parameters \(path): cannot read the file")
        }
        let text = String(decoding: data, as: UTF8.self)
        let numberCharacters = Set("0123456789.-+eE")
        let words = text.split { !numberCharacters.contains($0) }
        var numbers: [Double] = []
        for word in words {
            guard let number = Double(word), number.isFinite else {
                throw CommandFailure(status: .dataError, message: "\(path): '\(word)' is not a number")
            }
            numbers.append(number)
        }
        do {
            return try FSRS(parameters: numbers, desiredRetention: retention)
        } catch {
            throw CommandFailure(status: .dataError, message: "\(path): \(error.description)")
        }
    }
}
