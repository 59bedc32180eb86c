import QuizCore

#if canImport(Glibc)
    import Glibc
#endif

/// `quiz --import`'s files: the cards read (`BankFile`, within
/// `ImportLimits`), the bank made (`CardImport.convert`) and checked as
/// `--validate` checks it under the output's name, then written with an
/// atomic replace (`DurableFile`): nothing is written unless all of that
/// succeeded, and a failed write leaves the output as it was.
extension CardImport {
    /// Why an import wrote nothing.
    public enum FileFailure: Error, Sendable {
        /// The output is the file imported.
        case sameFile(String)
        /// The input not there or unreadable, or its cards (or the bank made) bad.
        case bank(BankError)
        /// The bank could not be written: the output's message.
        case write(String)

        public var description: String {
            switch self {
            case .sameFile(let path): "\(path): the output is the file being imported; name another file"
            case .bank(let error): error.description
            case .write(let message): message
            }
        }
    }

    /// Imports the cards of `input` into the bank file `output`.
    public static func importFile(_ input: String, to output: String, settings: Settings) throws(FileFailure)
        -> Result
    {
        var inputInfo = stat()
        var outputInfo = stat()
        if stat(input, &inputInfo) == 0, stat(output, &outputInfo) == 0, inputInfo.st_dev == outputInfo.st_dev,
            inputInfo.st_ino == outputInfo.st_ino
        {
            throw .sameFile(output)
        }
        let result: Result
        do {
            result = try convert(try BankFile.read(input, bounded: true), path: input, settings: settings)
            _ = try BankLoader.parseJSON(result.json, path: output)
        } catch {
            throw .bank(error)
        }
        do {
            try DurableFile(output).replace(with: result.json)
        } catch {
            throw .write("cannot write \(output): \(error.reason)")
        }
        return result
    }
}
