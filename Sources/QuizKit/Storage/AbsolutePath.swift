import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A path made absolute and standard: no `.`, `..` or trailing slash, and
/// symbolic links resolved in the longest part of it that exists, so the
/// path is the same before a folder is created and after. What names a data
/// folder (its pending files' tag) and a bank file (its parsed copy).
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
    /// then the longest leading part that exists resolved.
    static func resolvingStepByStep(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var parts: [Substring] = []
        for part in absolute.split(separator: "/") {
            switch part {
            case ".": continue
            case "..": _ = parts.popLast()
            default: parts.append(part)
            }
        }
        var rest: [Substring] = []
        while true {
            let prefix = "/" + parts.joined(separator: "/")
            if let resolved = realpath(prefix, nil) {
                defer { free(resolved) }
                let base = String(cString: resolved)
                guard !rest.isEmpty else { return base }
                return (base == "/" ? "" : base) + "/" + rest.reversed().joined(separator: "/")
            }
            guard let last = parts.popLast() else { return "/" + rest.reversed().joined(separator: "/") }
            rest.append(last)
        }
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
