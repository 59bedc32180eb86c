import Foundation
import Testing

@testable import QuizStore

@Suite("DataDirectory")
struct DataDirectoryTests {
    @Test func precedence() {
        let all = ["QUIZ_DATA_DIR": "/env/quiz", "XDG_DATA_HOME": "/xdg", "HOME": "/home/me"]
        #expect(DataDirectory.resolve(option: "/opt/dir", environment: all) == "/opt/dir")
        #expect(DataDirectory.resolve(option: nil, environment: all) == "/env/quiz")
        #expect(DataDirectory.resolve(option: "", environment: all) == "/env/quiz")
        #expect(
            DataDirectory.resolve(option: nil, environment: ["XDG_DATA_HOME": "/xdg", "HOME": "/h"]) == "/xdg/quiz")
        #expect(DataDirectory.resolve(option: nil, environment: ["HOME": "/home/me"]) == "/home/me/.local/share/quiz")
    }

    @Test func emptyOrRelativeValuesAreIgnored() {
        let environment = ["QUIZ_DATA_DIR": "", "XDG_DATA_HOME": "relative/path", "HOME": "/home/me"]
        #expect(DataDirectory.resolve(option: nil, environment: environment) == "/home/me/.local/share/quiz")
    }

    /// The temporary folder for pending files is `NSTemporaryDirectory()`'s
    /// (values it gave on Linux, Swift 6.3), without its dictionary of the environment.
    @Test func theTemporaryFolderIsFoundationsWithoutTheEnvironmentsDictionary() {
        #expect(DataDirectory.temporaryFolder(environment: [:]) == "/tmp/")
        #expect(DataDirectory.temporaryFolder(environment: ["TMPDIR": "/x"]) == "/x/")
        #expect(DataDirectory.temporaryFolder(environment: ["TMPDIR": "/x/"]) == "/x/")
        #expect(DataDirectory.temporaryFolder(environment: ["TMPDIR": "/a b/c"]) == "/a b/c/")
        // What Foundation rewrites is asked of Foundation (for this process's TMPDIR).
        for odd in ["", "/", "rel", "/x//", "/x/./y", "/x/../y"] {
            #expect(DataDirectory.temporaryFolder(environment: ["TMPDIR": odd]) == NSTemporaryDirectory(), "\(odd)")
        }
    }
}
