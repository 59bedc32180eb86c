import Foundation
import QuizCore

/// The running program's own file, as the kernel names it in
/// `/proc/self/exe` (symbolic links resolved): where `quiz` finds its
/// bundled banks, `quiz-fetch` and itself to compact in the background.
public enum ExecutablePath {
    /// Nil where `/proc` is not mounted.
    public static var current: String? { LinkTarget.of("/proc/self/exe") }
}
