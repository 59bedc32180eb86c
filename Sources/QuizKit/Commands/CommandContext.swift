import QuizCore
import QuizStore

/// What every command works with: the options, the environment, the
/// settings they and the configuration file make, the history, the banks,
/// and where the command's words go. The menu and the command line make one
/// each and call the same commands with it.
public struct CommandContext {
    public private(set) var options: Options
    public let environment: [String: String]
    /// The options, then the configuration file, then the defaults.
    public let settings: Settings
    /// The history; a game that cannot be written waits in the data folder,
    /// else in the state folder, else in the temporary folder (named after
    /// the data folder there).
    public let store: HistoryStore
    public let banks: BankLocator
    public let output: any CommandOutput
    /// The clock, read from the environment once: `QUIZ_NOW` runs on from the start.
    private let quizClock: Result<QuizClock, CommandFailure>
    /// The banks always loaded, then `--questions` (`bankPaths`).
    public let bankPaths: [String]
    /// The settings' `banks` paths, as written, that are not there: skipped.
    public let missingBanks: [String]
    /// FSRS with `--fsrs-parameters` and the configured target recall, made once.
    private let quizScheduler: Result<FSRS, CommandFailure>

    /// `configuration`: the file's settings (`configuration(options:environment:)`);
    /// `fetch`: how a `--questions URL` is downloaded; `onWait`: what to do
    /// with the line that says quiz waits for another process's lock.
    public init(
        options: Options, environment: [String: String], configuration: Configuration, output: any CommandOutput,
        fetch: @escaping RemoteBankLoader.Fetch, onWait: (@Sendable (String) -> Void)? = nil
    ) {
        self.options = options
        self.environment = environment
        self.output = output
        let settings = Settings(
            count: options.count, ascii: options.ascii, colorblind: options.colorblind, file: configuration)
        self.settings = settings
        let scheduler = Result { () throws(CommandFailure) in
            try FSRSParametersFile.scheduler(path: options.fsrsParameters, retention: settings.targetRecall)
        }
        quizScheduler = scheduler
        // The store keeps history.schedule with each game recorded, made with this scheduler.
        store = HistoryStore(
            folder: DataDirectory.resolve(option: options.dataDir, environment: environment),
            pendingFolders: [
                DataDirectory.stateFolder(environment: environment),
                DataDirectory.temporaryFolder(environment: environment),
            ],
            adoptsUntaggedPending: DataDirectory.isDefault(option: options.dataDir, environment: environment),
            scheduler: try? scheduler.get(),
            syncFolder: Self.syncFolder(option: options.syncDir, environment: environment, file: configuration.sync),
            onWait: onWait)
        banks = BankLocator(environment: environment, fetch: fetch)
        let always = BankLocator.alwaysLoaded(
            folder: store.folder + "/" + BankLocator.banksFolderName, settings: settings.banks,
            home: environment["HOME"])
        bankPaths = always.paths + options.questionPaths
        missingBanks = always.missing
        quizClock = Result { () throws(CommandFailure) in try QuizClock(environment: environment) }
    }

    /// The synced folder: `--sync-dir`, else `QUIZ_SYNC_DIR`, else the
    /// file's `sync` (a leading `~/` there is `$HOME/`); nil when none says.
    static func syncFolder(option: String?, environment: [String: String], file: String?) -> String? {
        if let option, !option.isEmpty { return option }
        if let variable = environment["QUIZ_SYNC_DIR"], !variable.isEmpty { return variable }
        guard let file else { return nil }
        if file.hasPrefix("~/"), let home = environment["HOME"], !home.isEmpty {
            return home + file.dropFirst(1)
        }
        return file
    }

    /// Brings in the synced folder's games the history lacks (`SyncFolder.sync`),
    /// when there is one: what it has to say is said, and it never fails.
    /// Returns whether the journal wants a compaction now.
    public func sync() -> Bool {
        guard let sync = store.sync else { return false }
        let report = sync.sync()
        output.tell(report.diagnostics)
        return report.needsCompaction
    }

    /// The configuration file and what was wrong with it, to be said before
    /// anything else. `--help` and `--version` read no file; a background
    /// compaction has no one to tell.
    public static func configuration(options: Options, environment: [String: String]) -> (
        configuration: Configuration, problems: [Configuration.Problem]
    ) {
        let reads = ![.help, .version, .compact].contains(options.mode)
        return reads ? ConfigurationFile.load(environment: environment) : (Configuration(), [])
    }

    /// The same context with other options (the menu's commands pass their defaults).
    public func with(_ change: (inout Options) -> Void) -> CommandContext {
        var copy = self
        var options = options
        change(&options)
        copy.options = options
        return copy
    }

    /// What time it is: `QUIZ_NOW`, else the system clock.
    public var clock: QuizClock {
        get throws(CommandFailure) { try quizClock.get() }
    }

    /// FSRS with `--fsrs-parameters` and the configured retention.
    public var scheduler: FSRS {
        get throws(CommandFailure) { try quizScheduler.get() }
    }

    /// Where banks always loaded are kept: the data folder's `banks`.
    public var banksFolder: String { store.folder + "/" + BankLocator.banksFolderName }

    /// The bundled banks, those always loaded and those of `--questions`; a
    /// stale copy used for a download that failed is said.
    public func library() throws(CommandFailure) -> QuestionLibrary {
        try banks.library(extraPaths: bankPaths, maxDownload: options.maxDownloadBytes, notice: output.err)
    }

    /// Our drawings in ASCII: asked for, or the locale is not UTF-8.
    public var ascii: Bool { settings.ascii || output.ascii }

    /// The share card's squares: ASCII under a locale that is not UTF-8, whatever was chosen.
    public var squares: SquareStyle { output.ascii ? .ascii : settings.squares }

    /// The history, and whether it is whole: what could not be read is said
    /// as diagnostics (one line a file), everything that could is returned,
    /// and the command then ends with 74 after its output.
    public func loadedSessions(
        results: Bool = true, newest: Int? = nil, where include: ((Session) -> Bool)? = nil
    ) throws(CommandFailure) -> (sessions: [Session], complete: Bool) {
        // A data folder that is a file (or inside one) has no history, but the
        // games waiting to be written to it are still its own: show those, if
        // any, after the one line that says what is wrong.
        let folderProblem = DataDirectory.problem(folder: store.folder)
        let loaded: HistoryStore.Loaded
        do {
            loaded = try store.load(results: results, newest: newest, where: include)
        } catch {
            throw CommandFailure(status: .ioError, message: folderProblem ?? error.description)
        }
        if let folderProblem {
            guard !loaded.sessions.isEmpty else { throw CommandFailure(status: .ioError, message: folderProblem) }
            output.err(folderProblem)
        }
        output.tell(loaded.diagnostics)
        return (loaded.sessions, loaded.diagnostics.whole && folderProblem == nil)
    }
}
