import Foundation
import Testing

/// Errors say what is wrong in a person's words, never
/// Foundation's ("NSCocoaErrorDomain error 256", "You don't have permission"
/// for a pipe, "no such file" for a loop of links, "unsupported URL").
@Suite struct PlainErrorMessagesTests {
    let mini = QuizBinary.fixture("mini.json")

    func run(_ arguments: [String], _ scratch: Scratch) throws -> RunResult {
        try runQuiz(arguments, environment: scratch.networkEnvironment())
    }

    func expectPlain(_ result: RunResult, status: Int32, _ line: String) {
        #expect(result.status == status, "\(result.stdout)\(result.stderr)")
        let text = result.stdout + result.stderr
        #expect(text.contains(line), "\(text)")
        for leak in [
            "NSCocoaErrorDomain", "NSURLErrorDomain", "The operation could not be completed", "permission.",
            "error 256",
        ] {
            #expect(!text.contains(leak), "\(text)")
        }
    }

    @Test func aFolderGivenToValidateIsNamedAsAFolder() throws {
        let scratch = Scratch()
        expectPlain(
            try run(["--validate", scratch.path], scratch), status: 66, "\(scratch.path): a folder, not a bank file")
    }

    @Test func aPipeOrADeviceIsNotABankFile() throws {
        let scratch = Scratch()
        let fifo = scratch.path + "/bank.json"
        #expect(mkfifo(fifo, 0o600) == 0)
        // A FIFO with no writer must not hang quiz either.
        expectPlain(
            try run(["--questions", fifo, "--list"], scratch), status: 66, "quiz: \(fifo): a pipe, not a bank file")
        expectPlain(try run(["--validate", fifo], scratch), status: 66, "\(fifo): a pipe, not a bank file")
        expectPlain(
            try run(["--questions", "/dev/stdin", "--list"], scratch), status: 66,
            "quiz: /dev/stdin: a pipe, not a bank file")
        expectPlain(try run(["/dev/null"], scratch), status: 66, "quiz: /dev/null: a device, not a bank file")
    }

    @Test func aLoopOfSymbolicLinksAndADanglingLinkAreSaidSo() throws {
        let scratch = Scratch()
        let one = scratch.path + "/one.json"
        let two = scratch.path + "/two.json"
        try FileManager.default.createSymbolicLink(atPath: one, withDestinationPath: two)
        try FileManager.default.createSymbolicLink(atPath: two, withDestinationPath: one)
        expectPlain(
            try run(["--questions", one, "--list"], scratch), status: 66, "quiz: \(one): a loop of symbolic links")
        expectPlain(try run(["--validate", one], scratch), status: 66, "\(one): a loop of symbolic links")
        let dangling = scratch.path + "/gone.json"
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: scratch.path + "/nothing")
        expectPlain(
            try run(["--validate", dangling], scratch), status: 66,
            "\(dangling): a symbolic link to a file that is not there")
    }

    @Test func anUnreadableFileIsPermissionDeniedNotMissing() throws {
        let scratch = Scratch()
        let folder = scratch.path + "/locked"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let bank = folder + "/bank.json"
        try FileManager.default.copyItem(atPath: mini, toPath: bank)
        chmod(bank, 0)
        chmod(scratch.path, 0o755)
        chmod(folder, 0o755)
        // Root reads anything: run quiz as nobody then.
        var command = [QuizBinary.path]
        if getuid() == 0 {
            let setpriv = try #require(Tool.find("setpriv", path: "/usr/bin:/bin"), "setpriv is needed as root")
            command = [setpriv, "--reuid=65534", "--regid=65534", "--clear-groups", QuizBinary.path]
        }
        let environment = [
            "PATH": "/usr/bin:/bin", "HOME": scratch.path, "QUIZ_DATA_DIR": "/nonexistent/data", "TZ": "UTC",
        ]
        for arguments in [["--validate", bank], ["--questions", bank, "--list"], [bank]] {
            let result = try runProcess(command[0], Array(command.dropFirst()) + arguments, environment: environment)
            expectPlain(result, status: 66, "\(bank): cannot read it: permission denied")
        }
    }

    @Test(.enabled(if: BankServer.python != nil, "python3 is needed to serve banks over HTTP; skipped"))
    func aSchemeInCapitalsIsStillHTTP() throws {
        let scratch = Scratch()
        let server = try BankServer(folder: scratch.path + "/www")
        defer { server.stop() }
        try server.serve(try Data(contentsOf: URL(fileURLWithPath: mini)), as: "mini.json")
        let url = "HTTP://127.0.0.1:\(server.port)/mini.json"
        let result = try run(["--questions", url, "--list"], scratch)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Mini Test Quiz"))
    }
}
