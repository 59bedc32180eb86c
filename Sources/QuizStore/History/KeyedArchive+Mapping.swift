import QuizCore
internal import QuizFormats

/// Opening the archive file itself; reading it is the core's (`ArchiveSource`).
extension KeyedArchive {
    /// Reads the archive file at `path` through a memory mapping, so that only
    /// what is read is loaded; nil when it cannot be mapped (read it as Data).
    public static func mapped<T>(_ path: String, _ body: (ArchiveSource) throws(ArchiveError) -> T)
        throws(ArchiveError) -> T?
    {
        let reader: BinaryPropertyListReader?
        do {
            reader = try BinaryPropertyListReader(mappingFileAt: path)
        } catch {
            throw .notAnArchive(error.description)
        }
        guard let reader else { return nil }
        return try body(ArchiveSource(reader: reader))
    }
}
