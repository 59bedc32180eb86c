/// What one run of quiz uses, each setting from the first that says: the
/// command line, then the environment, then the configuration file, then the
/// built-in default. (Colour, the one setting the environment speaks to
/// today, through `NO_COLOR`, `TERM` and `CLICOLOR_FORCE`, is decided where
/// the terminal is known; the file's `color = never` comes after them.)
public struct Settings: Sendable, Equatable {
    /// Questions a game deals unless `-n` or the file says.
    public static let defaultCount = 10
    /// Questions per game: `-n` (`-n all` is `Int.max`, every question), else
    /// the file's `count`, else `defaultCount`.
    public var count: Int
    /// The share card's squares: `--ascii`, else `--colorblind`, else the
    /// file's `ascii = true`, else its `squares`, else standard.
    public var squares: SquareStyle
    /// ASCII on the stats screen: `--ascii`, else the file's `ascii`, else false.
    public var ascii: Bool
    /// The daily streak shown (in --stats and after a game): the file's
    /// `streaks`, else on.
    public var streaks: Bool
    /// The recall reviews aim for (FSRS's desired retention): the file's
    /// `target-recall` (or `retention`), else FSRS's 0.9.
    public var targetRecall: Double
    /// Bank files and folders the file says are always loaded, as written.
    public var banks: [String]
    /// A daily's share card carries its answers' times (`ghost = on`), for
    /// `quiz --daily --ghost`: the file's `ghost`, else off.
    public var ghost: Bool

    /// The settings from the command line's values (`ascii` and `colorblind`
    /// true only when the option was given) and the file.
    public init(count: Int?, ascii: Bool, colorblind: Bool, file: Configuration) {
        self.count = count ?? file.count ?? Self.defaultCount
        if ascii || colorblind {
            squares = SquareStyle(ascii: ascii, colorblind: colorblind)
        } else if file.ascii == true {
            squares = .ascii
        } else {
            squares = file.squares == .colorblind ? .colorblind : .standard
        }
        self.ascii = ascii || file.ascii == true
        streaks = file.streaks ?? true
        targetRecall = file.targetRecall ?? FSRS.defaultDesiredRetention
        banks = file.banks
        ghost = file.ghost ?? false
    }
}
