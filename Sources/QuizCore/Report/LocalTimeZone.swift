import Foundation

/// The player's time zone as `date` and the C library read `TZ`. Foundation
/// reads a POSIX TZ string its own way: `UTC-3` (three hours *ahead* of UTC in
/// POSIX, as `date` says `+03`) becomes GMT-3, and `<+03>-3`, `<-0330>3:30`,
/// `:Europe/Paris` or a rule with daylight saving fall back to UTC without a
/// word. So: a name of the time zone database (`Europe/Paris`, `EST5EDT`, with
/// or without the leading `:`) is Foundation's zone of that name; any other
/// `TZ` is asked of the C library (`localtime_r`), a fixed offset when it has
/// one, else the database zone that agrees with it all year, else its offset now.
public enum LocalTimeZone {
    /// The database's names of UTC itself (`Etc/UTC`, `UTC`, `Zulu`, …): no
    /// daylight saving and no change of offset, ever.
    package static let universalNames: Set<String> = [
        "UTC", "UCT", "GMT", "GMT0", "GMT+0", "GMT-0", "Greenwich", "Universal", "Zulu",
        "Etc/UTC", "Etc/UCT", "Etc/GMT", "Etc/GMT0", "Etc/GMT+0", "Etc/GMT-0", "Etc/Greenwich",
        "Etc/Universal", "Etc/Zulu",
    ]

    /// The zone of a stored identifier (`history.summary`,
    /// `history.statistics`): UTC's names without ICU, as `systemZone`.
    public static func named(_ identifier: String) -> TimeZone? {
        if universalNames.contains(identifier) { return TimeZone(secondsFromGMT: 0) }
        return TimeZone(identifier: identifier)
    }

    /// Whether a file kept for the zone `stored` holds for `zone`: the same
    /// identifier, or two of UTC's names (a summary written as `Etc/UTC`
    /// before `systemZone` said `GMT` stays good).
    public static func sameRules(_ stored: String, _ zone: TimeZone) -> Bool {
        stored == zone.identifier || (universalNames.contains(stored) && universalNames.contains(zone.identifier))
    }
}
