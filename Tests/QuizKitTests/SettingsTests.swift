import Testing

@testable import QuizCore

/// `Settings`: the command line over the configuration file over the defaults.
@Suite struct SettingsTests {
    @Test func defaultsWithNothingSaid() {
        let settings = Settings(count: nil, ascii: false, colorblind: false, file: Configuration())
        #expect(settings == Settings(count: nil, ascii: false, colorblind: false, file: Configuration()))
        #expect(settings.count == Settings.defaultCount)
        #expect(settings.squares == .standard)
        #expect(!settings.ascii)
        #expect(settings.streaks)
    }

    @Test func theFileOverTheDefaults() {
        let file = Configuration(squares: .colorblind, count: 5, streaks: false)
        let settings = Settings(count: nil, ascii: false, colorblind: false, file: file)
        #expect(settings.count == 5)
        #expect(settings.squares == .colorblind)
        #expect(!settings.streaks)
    }

    @Test func theCommandLineOverTheFile() {
        let file = Configuration(squares: .colorblind, ascii: true, count: 5)
        #expect(Settings(count: 2, ascii: false, colorblind: false, file: file).count == 2)
        // --colorblind on the command line beats ascii = true in the file.
        #expect(Settings(count: nil, ascii: false, colorblind: true, file: file).squares == .colorblind)
        #expect(
            Settings(count: nil, ascii: true, colorblind: false, file: Configuration(squares: .colorblind)).squares
                == .ascii)
    }

    @Test func asciiInTheFileDrawsASCIISquaresWhateverItsSquaresSay() {
        let settings = Settings(
            count: nil, ascii: false, colorblind: false, file: Configuration(squares: .colorblind, ascii: true))
        #expect(settings.squares == .ascii)
        #expect(settings.ascii)
        let off = Settings(
            count: nil, ascii: false, colorblind: false, file: Configuration(squares: .colorblind, ascii: false))
        #expect(off.squares == .colorblind)
        #expect(!off.ascii)
    }
}
