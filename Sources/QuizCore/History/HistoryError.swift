/// Why the history could not be read or written; each names the path at fault
/// and the system's reason, on one line.
public enum HistoryError: Error, Sendable, CustomStringConvertible {
    case cannotCreateFolder(path: String, reason: String)
    case cannotRead(path: String, reason: String)
    case cannotWrite(path: String, reason: String)
    case cannotLock(path: String, reason: String)
    /// The archive (or the journal) could not be read at all; it was renamed
    /// to `movedTo` (nil if even that failed or was not tried).
    case damaged(path: String, movedTo: String?, reason: String)

    public var description: String {
        switch self {
        case .cannotCreateFolder(let path, let reason): "cannot create the data folder \(path): \(reason)"
        case .cannotRead(let path, let reason): "cannot read the history \(path): \(reason)"
        case .cannotWrite(let path, let reason): "cannot write the history \(path): \(reason)"
        case .cannotLock(let path, let reason): "cannot lock the history \(path): \(reason)"
        case .damaged(let path, let movedTo, let reason):
            if let movedTo, path.hasSuffix(".journal") {
                "the history's journal \(path) is damaged (\(reason)); it was kept as \(movedTo), "
                    + "and the games in the archive are kept"
            } else if let movedTo {
                "the history \(path) is damaged (\(reason)) and cannot be read; it was kept as \(movedTo), "
                    + "and the games recorded since (in the journal) are kept"
            } else {
                "the history \(path) is damaged (\(reason)) and could not be moved aside"
            }
        }
    }
}
