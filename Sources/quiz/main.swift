import Foundation

// A parent may have left these blocked (test runners do); quiz relies on their
// default actions to end a game that is not being recorded (143, 129, 130).
var terminating = sigset_t()
sigemptyset(&terminating)
for signal in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&terminating, signal) }
pthread_sigmask(SIG_UNBLOCK, &terminating, nil)

let environment = ProcessInfo.processInfo.environment
let status: ExitStatus
do {
    let options = try Options.parse(Array(CommandLine.arguments.dropFirst()))
    status = try QuizCommand(options: options, environment: environment).run()
} catch {
    // The message may quote a bank's values or a path: made safe (Console.errorLine).
    let hint = error.hint.map { Console.errorLine($0).dropFirst("quiz: ".count) } ?? ""
    FileHandle.standardError.write(Data((Console.errorLine(error.message) + hint).utf8))
    status = error.status
}
// A downloaded bank is cached in the background; let that write finish.
for failure in BankLocator.cache.finishWrites() {
    FileHandle.standardError.write(Data(Console.errorLine("\(failure)").utf8))
}
exit(status.rawValue)
