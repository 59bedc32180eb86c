import QuizCore

/// Reading a bank from its file (`BankFile`); the parsing and checking are
/// the core's (`BankLoader.parse`).
extension BankLoader {
    /// Loads one bank file (a file of cards, `CardImport`, read within
    /// `ImportLimits`; an Anki package, `AnkiPackageFile`, made the bank
    /// `quiz --import` would write; a file of another name that starts as
    /// a zip is taken for a package, as `--import` takes it).
    public static func load(path: String) throws(BankError) -> QuestionBank {
        let isPackage =
            AnkiPackageFile.isNamedPackage(path)
            || (!path.lowercased().hasSuffix(".json") && CardImport.importExtension(path) == nil
                && AnkiPackageFile.startsAsZip(path))
        guard isPackage else {
            return try parse(try BankFile.read(path, bounded: CardImport.importExtension(path) != nil), path: path)
        }
        // A package of another name (`deck.zip`) is known, as any bank, by its name without its extension.
        var id = quizID(forPath: path)
        if !AnkiPackageFile.isNamedPackage(path), let dot = id.lastIndex(of: "."), dot > id.startIndex {
            id = String(id[..<dot])
        }
        do {
            return try parseJSON(try CardImport.package(path).json, path: path, id: id)
        } catch let failure as CardImport.FileFailure {
            switch failure {
            case .bank(let error): throw error
            case .write(let message), .sameFile(let message), .separatorUnused(let message):
                throw .unreadable(path: path, reason: message)
            }
        } catch let error as BankError {
            throw error
        } catch {
            throw .unreadable(path: path, reason: "\(error)")
        }
    }
}
