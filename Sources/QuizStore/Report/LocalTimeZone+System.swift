import Foundation
import QuizCore

#if canImport(Glibc)
    import Glibc
#endif

/// The zone of this process's `TZ`, as `date` and the C library read it:
/// what `LocalTimeZone` asks of the environment, the file system (the time
/// zone database, `/etc/localtime`) and the clock.
extension LocalTimeZone {
    /// The zone of this process's `TZ`, worked out once.
    /// (`getenv`, not `ProcessInfo.environment`, which builds a dictionary of
    /// every variable each time it is asked.)
    public static let current: TimeZone = resolve(tz: getenv("TZ").map { String(cString: $0) })

    /// The zone `tz` names; `offset(at:)` gives the C library's offset from
    /// UTC, in seconds, at a moment (seconds since 1970), for the same `TZ`.
    public static func resolve(tz: String?, offset: (Int) -> Int = cLibraryOffset) -> TimeZone {
        guard var name = tz, !name.isEmpty else { return systemZone() }
        if name.hasPrefix(":") { name.removeFirst() }
        if universalNames.contains(name), let utc = TimeZone(secondsFromGMT: 0) { return utc }
        if isDatabaseName(name), let zone = TimeZone(identifier: name) { return zone }
        // A POSIX rule: the C library's offsets through this year and the next.
        let now = Int(Date().timeIntervalSince1970)
        let samples = (0..<25).map { now + $0 * 15 * 86400 }
        let offsets = samples.map(offset)
        if Set(offsets).count == 1, let fixed = TimeZone(secondsFromGMT: offsets[0]) { return fixed }
        let matching = TimeZone.knownTimeZoneIdentifiers.lazy.compactMap { TimeZone(identifier: $0) }.first { zone in
            zip(samples, offsets).allSatisfy {
                zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double($0)))
                    == $1
            }
        }
        return matching ?? TimeZone(secondsFromGMT: offsets[0]) ?? .current
    }

    /// `TZ` unset or empty: the system's zone, `/etc/localtime`. When that is
    /// a link to one of UTC's names (servers and containers, mostly), the zone
    /// is Foundation's fixed zone of offset zero, made without ICU, whose
    /// `TimeZone.current` weighs on every command that shows a date
    /// (CONTRIBUTING.md, "Start-up: what costs what"). Its identifier is
    /// then `GMT`, not `Etc/UTC`: files kept for one zone (`history.summary`,
    /// `history.statistics`) are rebuilt once, as when the zone changes.
    static func systemZone(localtime: String = "/etc/localtime") -> TimeZone {
        if let target = LinkTarget.of(localtime), let range = target.range(of: "zoneinfo/", options: .backwards),
            universalNames.contains(String(target[range.upperBound...])), let utc = TimeZone(secondsFromGMT: 0)
        {
            return utc
        }
        return .current
    }

    /// Whether `name` is a file of the time zone database (`Europe/Paris`,
    /// `EST5EDT`, `UTC`), not a POSIX rule that Foundation would misread.
    static func isDatabaseName(_ name: String) -> Bool {
        guard !name.contains(".."), !name.hasPrefix("/"), name.first?.isLetter == true else { return false }
        let folders = ["/usr/share/zoneinfo/", "/usr/lib/zoneinfo/", "/usr/share/lib/zoneinfo/"]
        let inDatabase = folders.contains { folder in
            var info = stat()
            return stat(folder + name, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
        }
        return inDatabase || TimeZone.knownTimeZoneIdentifiers.contains(name)
    }

    /// The C library's offset from UTC at `seconds` since 1970, in the zone of
    /// this process's `TZ`.
    public static func cLibraryOffset(at seconds: Int) -> Int {
        var moment = time_t(seconds)
        var parts = tm()
        guard localtime_r(&moment, &parts) != nil else { return 0 }
        return Int(parts.tm_gmtoff)
    }
}
