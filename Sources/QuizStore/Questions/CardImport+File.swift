import QuizCore

#if canImport(Glibc)
    import Glibc
#endif

/// `quiz --import`'s files: the cards read (`BankFile`, within
/// `ImportLimits`; an Anki package, `AnkiPackageFile`), the bank made (`CardImport.convert`) and checked as
/// `--validate` checks it under the output's name, then written with an
/// atomic replace (`DurableFile`): nothing is written unless all of that
/// succeeded, and a failed write leaves the output as it was (its mode
/// kept, a link written through).
extension CardImport {
    /// Why an import wrote nothing.
    public enum FileFailure: Error, Sendable {
        /// The output is the file imported.
        case sameFile(String)
        /// A separator given for a format that does not take it: the message.
        case separatorUnused(String)
        /// The input not there or unreadable, or its cards (or the bank made) bad.
        case bank(BankError)
        /// The bank could not be written: the output's message.
        case write(String)

        public var description: String {
            switch self {
            case .sameFile(let path): "\(path): the output is the file being imported; name another file"
            case .separatorUnused(let message): message
            case .bank(let error): error.description
            case .write(let message): message
            }
        }
    }

    /// The cards of `input` made the bank that `output` will hold, checked
    /// under the output's name, nothing written yet (`stage`).
    public struct Prepared: Sendable {
        public var result: Result
        /// The bank as it will be read from `output` (its id the output's name).
        public var bank: QuestionBank
    }

    /// Reads and converts `input` for the bank file `output` (`Prepared`).
    public static func prepare(_ input: String, to output: String, settings: Settings) throws(FileFailure)
        -> Prepared
    {
        var inputInfo = stat()
        var outputInfo = stat()
        if stat(input, &inputInfo) == 0, stat(output, &outputInfo) == 0, inputInfo.st_dev == outputInfo.st_dev,
            inputInfo.st_ino == outputInfo.st_ino
        {
            throw .sameFile(output)
        }
        do {
            let result: Result
            if settings.format == .ankiPackage || AnkiPackageFile.isNamedPackage(input)
                || (settings.format == nil && AnkiPackageFile.startsAsZip(input))
            {
                try checkSeparators(settings, format: .ankiPackage, input: input)
                result = try package(input)
            } else {
                let bytes = try BankFile.read(input, bounded: true)
                try checkSeparators(
                    settings, format: settings.format ?? format(path: input, bytes: bytes), input: input)
                result = try convert(bytes, path: input, settings: settings)
            }
            return Prepared(result: result, bank: try BankLoader.parseJSON(result.json, path: output))
        } catch let failure as FileFailure {
            throw failure
        } catch let error as BankError {
            throw .bank(error)
        } catch {
            throw .write("\(error)")
        }
    }

    /// A bank written beside `output`, not yet in its place: `commit()`
    /// puts it there (atomically), `abandon()` removes it.
    public struct Staged: Sendable {
        let file: DurableFile.Staged
        let output: String
        let through: String

        public func commit() throws(FileFailure) {
            do {
                try file.commit()
            } catch {
                throw .write("cannot write \(output)\(through): \(error.reason)")
            }
        }

        public func abandon() { file.abandon() }
    }

    /// A separator given for a format that does not take it
    /// (`separatorProblem`) is bad usage.
    static func checkSeparators(_ settings: Settings, format: Format?, input: String) throws(FileFailure) {
        if let problem = separatorProblem(settings, format: format, input: input) { throw .separatorUnused(problem) }
    }

    /// Writes the prepared bank beside `output` (`Staged`); the command
    /// commits it once an Anki package's reviews are in the history, so a
    /// bank that cannot be written adds no review, and a history that
    /// cannot take them leaves the output as it was. A bank is the user's
    /// file, not quiz's own: it keeps the mode of the file it replaces (a
    /// new one gets what the umask allows, as an editor's would), and a
    /// symbolic link is written through, to the file it names.
    public static func stage(_ prepared: Prepared, to output: String) throws(FileFailure) -> Staged {
        // Through each link (a dangling one too: its file is made), at most
        // 40, as the kernel follows them; more is a loop, refused.
        var target = output
        var info = stat()
        for hop in 0...40 {
            guard lstat(target, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { break }
            if hop == 40 { throw .write("cannot write \(output): too many levels of symbolic links (a loop?)") }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(target, &buffer, buffer.count - 1)
            guard count > 0 else { break }
            let named = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if named.hasPrefix("/") {
                target = named
            } else if let slash = target.lastIndex(of: "/") {
                target = String(target[...slash]) + named
            } else {
                target = named
            }
        }
        let mode: mode_t
        if stat(target, &info) == 0 {
            mode = info.st_mode & 0o7777
        } else {
            let mask = umask(0o022)
            umask(mask)
            mode = 0o666 & ~mask
        }
        let through = target == output ? "" : " (a link to \(target))"
        do {
            // An import killed between staging and committing left its file.
            DurableFile(target).removeAbandonedTemporaries()
            let file = try DurableFile(target).stage(prepared.result.json, mode: mode)
            return Staged(file: file, output: output, through: through)
        } catch {
            throw .write("cannot write \(output)\(through): \(error.reason)")
        }
    }

    /// The bank of the Anki package at `path` (`AnkiPackageFile`), with its
    /// cards' ids and review log.
    static func package(_ path: String) throws(FileFailure) -> Result {
        do {
            return try convert(try AnkiPackageFile.read(path), path: path)
        } catch let failure as AnkiPackageFile.Failure {
            switch failure {
            case .bank(let error): throw .bank(error)
            case .io(let message): throw .write(message)
            }
        } catch let error as BankError {
            throw .bank(error)
        } catch {
            throw .write("\(error)")
        }
    }
}
