import Foundation

/// The character set text is shown in, decided once at start-up from the
/// locale (`LC_ALL`, `LC_CTYPE`, `LANG`). Under a locale whose character set
/// is not UTF-8 (C and POSIX, the default of services and containers, or no
/// locale at all), libedit cannot decode non-ASCII text: a prompt holding `é`
/// made its `prompt_print` follow a null pointer (SIGSEGV), and typed `á` was
/// dropped. So the program switches LC_CTYPE to C.UTF-8, as modern terminal
/// tools do, and draws its own squares, bars and rules in ASCII; when no UTF-8
/// locale can be had, everything it prints is ASCII.
enum TerminalLocale: Equatable {
    /// The user's locale is UTF-8: Unicode everywhere.
    case utf8
    /// The user's locale is not UTF-8; LC_CTYPE is now a UTF-8 one: text is
    /// UTF-8, our own drawings ASCII.
    case switchedToUTF8
    /// No UTF-8 locale is available: everything printed is ASCII.
    case ascii

    /// Set up on first use: the first `Console` does so, before libedit starts.
    static let current: TerminalLocale = setUp()

    /// Our own drawings (squares, bars, rules, ✓ and ·) may be Unicode.
    var drawsUnicode: Bool { self == .utf8 }

    private static func setUp() -> TerminalLocale {
        setlocale(LC_CTYPE, "")
        if isUTF8 { return .utf8 }
        for name in ["C.UTF-8", "C.utf8", "en_US.UTF-8"] where setlocale(LC_CTYPE, name) != nil && isUTF8 {
            return .switchedToUTF8
        }
        setlocale(LC_CTYPE, "C")
        return .ascii
    }

    private static var isUTF8: Bool {
        guard let codeset = nl_langinfo(nl_item(CODESET)) else { return false }
        let name = String(cString: codeset).uppercased()
        return name == "UTF-8" || name == "UTF8"
    }
}
