import Foundation
import QuizCore

#if canImport(Glibc)
    import Glibc
#endif

/// The names in a folder, read with `opendir` and `readdir`:
/// `FileManager.contentsOfDirectory` (and making `FileManager.default`
/// the first time) was 2% of the menu's start, for one folder of 13 files.
package enum FolderListing {
    /// The names in the folder at `path` (not `.` or `..`), in no order;
    /// the system's reason when it cannot be listed.
    package static func names(in path: String) throws(FileFailure) -> [String] {
        guard let folder = opendir(path) else {
            throw FileFailure(.read, file: path, reason: SystemReason.current)
        }
        defer { closedir(folder) }
        var names: [String] = []
        while true {
            errno = 0
            guard let entry = readdir(folder) else {
                if errno != 0 { throw FileFailure(.read, file: path, reason: SystemReason.current) }
                return names
            }
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
    }
}
