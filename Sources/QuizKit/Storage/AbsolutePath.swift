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
}
