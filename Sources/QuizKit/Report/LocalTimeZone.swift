import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The player's time zone as `date` and the C library read `TZ`. Foundation
/// reads a POSIX TZ string its own way: `UTC-3` (three hours *ahead* of UTC in
/// POSIX, as `date` says `+03`) becomes GMT-3, and `<+03>-3`, `<-0330>3:30`,
/// `:Europe/Paris` or a rule with daylight saving fall back to UTC without a
/// word. So: a name of the time zone database (`Europe/Paris`, `EST5EDT`, with
/// or without the leading `:`) is Foundation's zone of that name; any other
/// `TZ` is asked of the C library (`localtime_r`), a fixed offset when it has
/// one, else the database zone that agrees with it all year, else its offset now.
public enum LocalTimeZone {
    /// The zone of this process's `TZ`, worked out once.
    /// (`getenv`, not `ProcessInfo.environment`, which builds a dictionary of
    /// every variable each time it is asked.)
    public static let current: TimeZone = resolve(tz: getenv("TZ").map { String(cString: $0) })

    /// The zone `tz` names; `offset(at:)` gives the C library's offset from
    /// UTC, in seconds, at a moment (seconds since 1970), for the same `TZ`.
    public static func resolve(tz: String?, offset: (Int) -> Int = cLibraryOffset) -> TimeZone {
        guard var name = tz, !name.isEmpty else { return .current }
        if name.hasPrefix(":") { name.removeFirst() }
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
