import Foundation

let environment = ProcessInfo.processInfo.environment
let status: ExitStatus
do {
    let options = try Options.parse(Array(CommandLine.arguments.dropFirst()))
    status = try QuizCommand(options: options, environment: environment).run()
} catch {
    FileHandle.standardError.write(Data(("quiz: \(error.message)\n" + (error.hint.map { $0 + "\n" } ?? "")).utf8))
    status = error.status
}

exit(status.rawValue)
