import Foundation
import Testing

@testable import QuizCore
@testable import QuizKit
@testable import QuizStore

/// `LocalTimeZone`: TZ as the C library reads it, against a stand-in for it.
@Suite struct LocalTimeZoneTests {
    @Test func aSystemZoneLinkedToUTCIsTheFixedZoneOfOffsetZero() throws {
        let folder = try TemporaryFolder()
        for name in ["Etc/UTC", "UTC", "Etc/Universal", "Zulu"] {
            let link = folder.file("localtime-\(name.count)")
            try? FileManager.default.removeItem(atPath: link)
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/usr/share/zoneinfo/" + name)
            let zone = LocalTimeZone.systemZone(localtime: link)
            #expect(zone.identifier == "GMT", "\(name)")
            #expect(zone.secondsFromGMT(for: Date(timeIntervalSince1970: 1_782_000_000)) == 0)
        }
        // Anything else is Foundation's own reading of the system's zone.
        let paris = folder.file("paris")
        try FileManager.default.createSymbolicLink(
            atPath: paris, withDestinationPath: "/usr/share/zoneinfo/Europe/Paris")
        #expect(LocalTimeZone.systemZone(localtime: paris).identifier == TimeZone.current.identifier)
        #expect(LocalTimeZone.systemZone(localtime: folder.file("missing")).identifier == TimeZone.current.identifier)
        #expect(LocalTimeZone.resolve(tz: "Etc/UTC").identifier == "GMT")
        #expect(LocalTimeZone.resolve(tz: ":UTC").identifier == "GMT")
    }

    @Test func filesKeptForOneNameOfUTCHoldForAnother() throws {
        let gmt = try #require(TimeZone(secondsFromGMT: 0))
        #expect(LocalTimeZone.sameRules("Etc/UTC", gmt))
        #expect(LocalTimeZone.sameRules("GMT", gmt))
        #expect(!LocalTimeZone.sameRules("Europe/London", gmt))
        let paris = try #require(TimeZone(identifier: "Europe/Paris"))
        #expect(LocalTimeZone.sameRules("Europe/Paris", paris))
        #expect(!LocalTimeZone.sameRules("Etc/UTC", paris))
        #expect(LocalTimeZone.named("Etc/UTC")?.secondsFromGMT() == 0)
        #expect(LocalTimeZone.named("Asia/Tokyo")?.secondsFromGMT() == 32400)
        #expect(LocalTimeZone.named("Nowhere/Atall") == nil)
    }

    @Test func theEnvironmentIsFoundationsDictionary() {
        #expect(ProcessEnvironment.current() == ProcessInfo.processInfo.environment)
    }

    @Test func databaseNamesAreFoundationsZones() {
        #expect(LocalTimeZone.resolve(tz: "Europe/Paris", offset: { _ in 999 }).identifier == "Europe/Paris")
        #expect(LocalTimeZone.resolve(tz: ":Europe/Paris", offset: { _ in 999 }).identifier == "Europe/Paris")
        #expect(LocalTimeZone.isDatabaseName("EST5EDT"))
        #expect(!LocalTimeZone.isDatabaseName("UTC-3"))
        #expect(!LocalTimeZone.isDatabaseName("<+03>-3"))
        #expect(!LocalTimeZone.isDatabaseName("../../etc/passwd"))
    }

    @Test func aPosixStringTakesTheCLibrarysOffset() {
        #expect(LocalTimeZone.resolve(tz: "UTC-3", offset: { _ in 10800 }).secondsFromGMT() == 10800)
        #expect(LocalTimeZone.resolve(tz: "<-0330>3:30", offset: { _ in -12600 }).secondsFromGMT() == -12600)
    }

    @Test func aRuleWithDaylightSavingFindsTheZoneThatKeepsIt() throws {
        let paris = try #require(TimeZone(identifier: "Europe/Paris"))
        let zone = LocalTimeZone.resolve(tz: "CET-1CEST,M3.5.0,M10.5.0/3") {
            paris.secondsFromGMT(for: Date(timeIntervalSince1970: Double($0)))
        }
        let summer = Date(timeIntervalSince1970: 1_782_000_000)  // 2026-06-21
        let winter = Date(timeIntervalSince1970: 1_797_000_000)  // 2026-12-11
        #expect(zone.secondsFromGMT(for: summer) == 7200)
        #expect(zone.secondsFromGMT(for: winter) == 3600)
    }
}

/// `ByteCount`: sizes for --max-download, read and said.
@Suite struct ByteCountTests {
    @Test func sizesAreRead() {
        #expect(ByteCount.parse("1048576") == 1 << 20)
        #expect(ByteCount.parse("32M") == 32 << 20)
        #expect(ByteCount.parse("512k") == 512 << 10)
        #expect(ByteCount.parse("2GiB") == 2 << 30)
        #expect(ByteCount.parse("10b") == 10)
        for bad in ["", "0", "-1", "M", "1.5M", "1 M", "1X", "٣", "99999999999999999999", "9999999999G"] {
            #expect(ByteCount.parse(bad) == nil, "\(bad)")
        }
    }

    @Test func sizesAreSaid() {
        #expect(ByteCount.text(32 << 20) == "32 MiB")
        #expect(ByteCount.text(1536) == "1.5 KiB")
        #expect(ByteCount.text(1) == "1 byte")
        #expect(ByteCount.text(661) == "661 bytes")
        #expect(ByteCount.text(Int.max).hasSuffix(" GiB"))
    }
}
