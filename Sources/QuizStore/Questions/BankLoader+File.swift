import QuizCore

/// Reading a bank from its file (`BankFile`); the parsing and checking are
/// the core's (`BankLoader.parse`).
extension BankLoader {
    /// Loads one bank file (a file of cards, `CardImport`, read within `ImportLimits`).
    public static func load(path: String) throws(BankError) -> QuestionBank {
        try parse(try BankFile.read(path, bounded: CardImport.importExtension(path) != nil), path: path)
    }
}
