import Foundation
import Testing

@testable import QuizCore

/// `Configuration.parse`: every key, the forgiving parts of the format, and a
/// one-line problem naming the file and the line for everything it refuses.
@Suite struct ConfigurationTests {
    let path = "/home/ada/.config/quiz/config"

    func parse(_ text: String) -> (configuration: Configuration, problems: [String]) {
        let (configuration, problems) = Configuration.parse(Data(text.utf8), path: path)
        return (configuration, problems.map(\.description))
    }

    @Test func everyKeyIsRead() {
        let (configuration, problems) = parse(
            """
            # my settings
            squares = colorblind
            ascii = true
            color = never
            count = 7
            streaks = off
            """)
        #expect(problems == [])
        #expect(
            configuration
                == Configuration(squares: .colorblind, ascii: true, color: .never, count: 7, streaks: false))
    }

    @Test func anEmptyFileSetsNothing() {
        #expect(parse("") == (Configuration(), []))
        #expect(parse("\n\n   \n# only a comment\n\t\n") == (Configuration(), []))
    }

    @Test func spacesCaseQuotesCommentsAndLineEndsAreForgiven() {
        let text =
            "\u{FEFF}  SQUARES\t=\t\"Colourblind\"  # for me\r\n"
            + "Colour='never'\r\nstreaks=On\r\nascii = no # not now\ncount=12"
        let (configuration, problems) = parse(text)
        #expect(problems == [])
        #expect(
            configuration == Configuration(squares: .colorblind, ascii: false, color: .never, count: 12, streaks: true))
    }

    @Test func syncNamesAFolderAsWritten() {
        let (configuration, problems) = parse("sync = \"~/Sync/my quiz\"\nsync =\n")
        #expect(configuration.sync == "~/Sync/my quiz")
        #expect(problems == ["\(path):2: sync must name a folder; line ignored"])
    }

    @Test func standardAndAutoAreValuesToo() {
        let (configuration, problems) = parse("squares = standard\ncolor = auto\nstreaks = yes\nascii = false")
        #expect(problems == [])
        #expect(configuration == Configuration(squares: .standard, ascii: false, color: .auto, streaks: true))
    }

    @Test func anUnknownKeyIsOneLineNamingFileLineAndTheKeys() {
        let (configuration, problems) = parse("count = 4\n\nsqaures = colorblind\ntheme = dark\n")
        #expect(configuration == Configuration(count: 4))
        #expect(
            problems == [
                "\(path):3: unknown key 'sqaures' (did you mean squares?); the keys are squares, ascii, color, count, streaks, target-recall, banks, ghost, sync; line ignored",
                "\(path):4: unknown key 'theme'; the keys are squares, ascii, color, count, streaks, target-recall, banks, ghost, sync; line ignored",
            ])
    }

    @Test func everyBadValueNamesTheKeyTheValueAndWhatItMustBe() {
        let (configuration, problems) = parse(
            """
            squares = blue
            squares = ascii
            ascii = maybe
            color = always
            count = ten
            count = 0
            count = -3
            count = 99999999999999999999999
            count = ４
            streaks = sometimes
            target-recall = 0x0.e
            retention = 0.8\u{0}junk
            retention = 0.8.0
            retention = 1e-1
            """)
        #expect(configuration == Configuration())
        #expect(
            problems == [
                "\(path):1: squares must be standard or colorblind, not 'blue'; line ignored",
                "\(path):2: squares must be standard or colorblind, not 'ascii' (ASCII squares: ascii = true); line ignored",
                "\(path):3: ascii must be true/false, yes/no or on/off, not 'maybe'; line ignored",
                "\(path):4: color must be auto or never, not 'always'; line ignored",
                "\(path):5: count must be all or a whole number from 1 to 1000000, not 'ten'; line ignored",
                "\(path):6: count must be all or a whole number from 1 to 1000000, not '0'; line ignored",
                "\(path):7: count must be all or a whole number from 1 to 1000000, not '-3'; line ignored",
                "\(path):8: count must be all or a whole number from 1 to 1000000, not '99999999999999999999999'; line ignored",
                "\(path):9: count must be all or a whole number from 1 to 1000000, not '４'; line ignored",
                "\(path):10: streaks must be true/false, yes/no or on/off, not 'sometimes'; line ignored",
                "\(path):11: target-recall must be a number from 0.70 to 0.99, not '0x0.e'; line ignored",
                "\(path):12: target-recall must be a number from 0.70 to 0.99, not '0.8^@junk'; line ignored",
                "\(path):13: target-recall must be a number from 0.70 to 0.99, not '0.8.0'; line ignored",
                "\(path):14: target-recall must be a number from 0.70 to 0.99, not '1e-1'; line ignored",
            ])
    }

    /// `target-recall` is the setting's name; `retention`, its earlier one,
    /// is still read (a file written before the rename keeps its value), and
    /// the two are one key: given both, the later wins and the earlier is said.
    @Test func targetRecallIsReadUnderItsEarlierNameRetention() {
        #expect(parse("retention = 0.85") == (Configuration(targetRecall: 0.85), []))
        #expect(parse("target-recall = 0.8") == (Configuration(targetRecall: 0.8), []))
        let (both, problems) = parse("retention = 0.85\ntarget-recall = 0.8")
        #expect(both == Configuration(targetRecall: 0.8))
        #expect(problems == ["\(path):2: target-recall was already set on line 1; this line's value is used"])
        #expect(Settings(count: nil, ascii: false, colorblind: false, file: both).targetRecall == 0.8)
    }

    /// Each `banks` line adds a path (absolute or from ~/); a relative one is refused.
    @Test func everyBanksLineAddsAPath() {
        let (configuration, problems) = parse("banks = /srv/quiz\nbanks = ~/my-banks\nbanks = my-banks\n")
        #expect(configuration == Configuration(banks: ["/srv/quiz", "~/my-banks"]))
        #expect(problems == ["\(path):3: banks must be a path from / or ~/, not 'my-banks'; line ignored"])
    }

    @Test func aLineWithoutAnEqualsSignOrAKeyIsRefused() {
        let (configuration, problems) = parse("streaks off\n= 5\ncount =\n")
        #expect(configuration == Configuration())
        #expect(
            problems == [
                "\(path):1: expected 'key = value', not 'streaks off'; line ignored",
                "\(path):2: no key before '='; line ignored",
                "\(path):3: count must be all or a whole number from 1 to 1000000, not ''; line ignored",
            ])
    }

    @Test func aBadLineLeavesTheOthersAndAnEarlierValueStanding() {
        let (configuration, problems) = parse("count = 5\ncount = lots\nstreaks = off\n")
        #expect(configuration == Configuration(count: 5, streaks: false))
        #expect(problems.count == 1)
    }

    @Test func aKeyGivenTwiceTakesTheLaterValueAndSaysSo() {
        let (configuration, problems) = parse("count = 5\nascii = true\ncount = 8\n")
        #expect(configuration == Configuration(ascii: true, count: 8))
        #expect(problems == ["\(path):3: count was already set on line 1; this line's value is used"])
    }

    @Test func bytesThatAreNotUTF8SpoilOnlyTheirLine() {
        var data = Data("count = 3\n".utf8)
        data += Data([0x73, 0x71, 0xFF, 0xFE, 0x0A])
        data += Data("streaks = off\n".utf8)
        let (configuration, problems) = Configuration.parse(data, path: path)
        #expect(configuration == Configuration(count: 3, streaks: false))
        #expect(problems.map(\.description) == ["\(path):2: not UTF-8 text; line ignored"])
    }

    @Test func controlCharactersNeverReachTheTerminalAndLongValuesAreCut() {
        let (_, problems) = parse("color = \u{1B}[31mred\u{7}\u{202E}\ncount = " + String(repeating: "9x", count: 50))
        #expect(problems.count == 2)
        #expect(problems[0] == "\(path):1: color must be auto or never, not '^[[31mred^G<U+202E>'; line ignored")
        #expect(problems[1].contains("not '" + String(repeating: "9x", count: 19) + "9…'"))
        for problem in problems {
            #expect(!problem.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
            #expect(!problem.contains("\n"))
        }
    }

    @Test func parsingRandomBytesNeverCrashesAndEveryProblemIsOneLine() {
        var generator = SeededGenerator(seed: 2026)
        let alphabet = Array("squares=colorblind ascii=true count=5 streaks # \"'\r\n\t\u{0}\u{1B}é🟧".utf8)
        for _ in 0..<2_000 {
            let length = Int(generator.next() % 200)
            let bytes = (0..<length).map { _ in
                generator.next() % 4 == 0
                    ? UInt8(truncatingIfNeeded: generator.next())
                    : alphabet[
                        Int(generator.next() % UInt64(alphabet.count))]
            }
            let (configuration, problems) = Configuration.parse(Data(bytes), path: path)
            for problem in problems {
                #expect(!problem.description.contains("\n"))
                #expect(problem.description.hasPrefix(path + ":"))
            }
            if let count = configuration.count { #expect((1...Configuration.maximumCount).contains(count)) }
        }
    }
}
