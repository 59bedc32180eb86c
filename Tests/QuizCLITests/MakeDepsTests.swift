import Foundation
import Testing

/// `make play` on a machine without libedit-dev and without root: one line
/// says exactly what to run, and make stops before building anything.
@Suite struct MakeDepsTests {
    /// Dropping to `nobody` takes root and setpriv; the checkout must be readable by others.
    static let canDropRoot: Bool =
        getuid() == 0 && Tool.find("setpriv") != nil && Tool.find("make") != nil
        && access(QuizBinary.repositoryRoot + "/Makefile", R_OK) == 0
        && (try? FileManager.default.attributesOfItem(atPath: QuizBinary.repositoryRoot + "/Makefile"))
            .flatMap { ($0[.posixPermissions] as? NSNumber)?.intValue }.map { $0 & 0o004 != 0 } == true

    @Test(
        .enabled(if: MakeDepsTests.canDropRoot, "needs root and setpriv to run make as nobody; skipped"),
        arguments: ["play", "build", "test"])
    func withoutLibeditAndWithoutRootMakeSaysWhatToRunOnceAndStops(_ target: String) throws {
        let result = try Tool.run(
            Tool.find("setpriv")!,
            [
                "--reuid=nobody", "--regid=nogroup", "--clear-groups", Tool.find("make")!, "--no-print-directory",
                target, "EDITLINE_H=/nonexistent/editline/readline.h", "SWIFT=/bin/false",
            ],
            environment: ["MAKEFLAGS": "", "MFLAGS": "", "MAKELEVEL": "", "HOME": "/nonexistent"])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty, "nothing is built or installed: \(result.stdout)")
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "one line: \(result.stderr)")
        #expect(lines.first?.contains("run: sudo apt-get install libedit-dev pkg-config") == true, "\(result.stderr)")
    }
}
