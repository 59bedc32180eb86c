import Foundation
import QuizCore
import QuizKit
import QuizStore

// A parent may have left these blocked (test runners do); quiz relies on their
// default actions to end a game that is not being recorded (143, 129, 130).
var terminating = sigset_t()
sigemptyset(&terminating)
for signal in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&terminating, signal) }
pthread_sigmask(SIG_UNBLOCK, &terminating, nil)
// A file-size limit (`ulimit -f`) is met as a full disk is: write(2) fails
// with EFBIG, so the game is kept pending and said in one line (74), where
// SIGXFSZ's default action would kill quiz silently mid-write.
signal(SIGXFSZ, SIG_IGN)

let environment = ProcessEnvironment.current()
// A locale variable ICU would crash on (ICULocaleName) is taken out of this
// process's environment, after the terminal's character set is decided from
// it as before; `environment` keeps it for a pager.
_ = TerminalLocale.current
for name in ICULocaleName.variables where environment[name].map(ICULocaleName.isUsable) == false {
    unsetenv(name)
}
let status: ExitStatus
var banks: BankLocator?
do {
    let options = try Options.parse(Array(CommandLine.arguments.dropFirst()))
    let command = QuizCommand(options: options, environment: environment)
    banks = command.context.banks
    status = try command.run()
} catch {
    // The message may quote a bank's values or a path: made safe (Console.errorLine).
    let hint = error.hint.map { Console.errorLine($0).dropFirst("quiz: ".count) } ?? ""
    StandardStreams.err(Console.errorLine(error.message) + hint)
    status = error.status
}
// A downloaded bank is cached in the background; let that write finish.
for failure in banks?.cache.finishWrites() ?? [] {
    StandardStreams.err(Console.errorLine("\(failure)"))
}
// A write that failed (a full disk, /dev/full, a closed descriptor) is an I/O
// error: said once on standard error when it can take it, and 74.
if let failure = StandardStreams.failure {
    StandardStreams.err(Console.errorLine("cannot write to \(failure.stream): \(failure.reason)"))
    exit(ExitStatus.ioError.rawValue)
}
exit(status.rawValue)
