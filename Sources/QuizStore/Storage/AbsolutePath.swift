import Foundation
import QuizCore

#if canImport(Glibc)
    import Glibc
#endif

/// A path made absolute and standard: no `.`, `..` or trailing slash, and
/// symbolic links resolved in the longest part of it that exists, and a link
/// past that part that points nowhere yet followed to where it points, so the
/// path is the same before a folder (or a link's target: a drive not mounted)
/// is created and after. What names a data folder (its pending files' tag)
/// and a bank file (its parsed copy).
enum AbsolutePath {
    static func resolving(_ path: String) -> String {
        // The usual case, an absolute path to a folder that exists with no
        // `.` or `..` in it, is the C library's realpath of it as it is.
        if path.hasPrefix("/"), !hasDotComponent(path), let resolved = realpath(path, nil) {
            defer { free(resolved) }
            return String(cString: resolved)
        }
        return resolvingStepByStep(path)
    }

    /// `resolving` without its shortcut: `.` and `..` taken away by name,
    /// then the longest leading part that exists resolved; past it, a link
    /// that points nowhere is followed (40 links at most, as the kernel does).
    static func resolvingStepByStep(_ path: String, links: Int = 0) -> String {
        var parts = lexicalParts(path)
        var rest: [Substring] = []
        while true {
            let prefix = "/" + parts.joined(separator: "/")
            if let resolved = realpath(prefix, nil) {
                defer { free(resolved) }
                let base = String(cString: resolved)
                guard !rest.isEmpty else { return base }
                return following(rest.reversed().map(String.init), from: base, links: links)
            }
            guard let last = parts.popLast() else { return "/" + rest.reversed().joined(separator: "/") }
            rest.append(last)
        }
    }

    /// `path` made absolute, `.` and `..` taken away by name, no link resolved.
    static func lexical(_ path: String) -> String {
        // Already lexical (absolute, no `.`, `..` or empty part): as it is, not
        // split and joined (each history read asks, for the pending files'
        // tag: `--history --limit 20` took 0.94× the time without the split).
        if isLexical(path) { return path }
        return lexicalByParts(path)
    }

    /// `lexical` the long way: split into parts, `.` dropped, `..` taken back.
    static func lexicalByParts(_ path: String) -> String {
        "/" + lexicalParts(path).joined(separator: "/")
    }

    /// `path` is absolute and has no `.`, `..` or empty part (so no `//` and
    /// no `/` at its end, `/` itself apart).
    static func isLexical(_ path: String) -> Bool {
        let bytes = path.utf8
        guard bytes.first == UInt8(ascii: "/"), !hasDotComponent(path) else { return false }
        if bytes.count == 1 { return true }
        var previous: UInt8 = 0
        for byte in bytes {
            if byte == UInt8(ascii: "/") && previous == UInt8(ascii: "/") { return false }
            previous = byte
        }
        return previous != UInt8(ascii: "/")
    }

    private static func lexicalParts(_ path: String) -> [Substring] {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var parts: [Substring] = []
        for part in absolute.split(separator: "/") {
            switch part {
            case ".": continue
            case "..": _ = parts.popLast()
            default: parts.append(part)
            }
        }
        return parts
    }

    /// `parts` after `base` (which exists, resolved), lexically, but for a
    /// link among them, which is followed to its target.
    private static func following(_ parts: [String], from base: String, links: Int) -> String {
        var current = base
        for (position, part) in parts.enumerated() {
            let candidate = (current == "/" ? "" : current) + "/" + part
            var info = stat()
            if links < 40, lstat(candidate, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK,
                let target = LinkTarget.of(candidate)
            {
                let after = parts[(position + 1)...].joined(separator: "/")
                let next =
                    (target.hasPrefix("/") ? target : (current == "/" ? "" : current) + "/" + target)
                    + (after.isEmpty ? "" : "/" + after)
                return resolvingStepByStep(next, links: links + 1)
            }
            current = candidate
        }
        return current
    }

    /// Whether some component of `path` is `.` or `..`.
    static func hasDotComponent(_ path: String) -> Bool {
        var dots = 0
        var others = false
        for byte in path.utf8 {
            if byte == UInt8(ascii: "/") {
                if !others && (dots == 1 || dots == 2) { return true }
                dots = 0
                others = false
            } else if byte == UInt8(ascii: ".") {
                dots += 1
            } else {
                others = true
            }
        }
        return !others && (dots == 1 || dots == 2)
    }
}
