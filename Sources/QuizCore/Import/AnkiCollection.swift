internal import QuizFormats

/// What quiz reads of an Anki collection (the SQLite file inside a `.apkg`
/// or `.colpkg`): note types, decks, notes, cards and the review log, as
/// rows. QuizStore fills it from the file (`AnkiPackageFile`); making
/// questions of it is `AnkiPackageImport`'s.
public struct AnkiCollection: Sendable {
    /// A note type: its kind, its fields' names and its card templates.
    public struct Notetype: Sendable {
        public var name: String
        public var cloze: Bool
        public var fields: [String]
        /// Question and answer formats (`{{Front}}`), by template number (a card's `ord`).
        public var templates: [Int: (question: String, answer: String)]
        /// Each template's name, by number (`{{Card}}`; a cloze note type's one for all its cards).
        public var templateNames: [Int: String]

        public init(
            name: String, cloze: Bool, fields: [String], templates: [Int: (question: String, answer: String)],
            templateNames: [Int: String] = [:]
        ) {
            self.name = name
            self.cloze = cloze
            self.fields = fields
            self.templates = templates
            self.templateNames = templateNames
        }

        /// The name of the template of a card of `ord` (`{{Card}}`).
        public func templateName(ord: Int) -> String? { templateNames[cloze ? 0 : ord] }
    }

    public struct Note: Sendable {
        public var id: Int64
        /// Anki's `guid`: the note's identity, kept across edits of its fields and across collections.
        public var guid: String
        public var notetype: Int64
        public var fields: [String]
        /// Its tags, in Anki's order (`{{Tags}}`).
        public var tags: [String]

        public init(id: Int64, guid: String = "", notetype: Int64, fields: [String], tags: [String] = []) {
            self.id = id
            self.guid = guid
            self.notetype = notetype
            self.fields = fields
            self.tags = tags
        }
    }

    public struct Card: Sendable {
        public var id: Int64
        public var note: Int64
        /// Its deck (a filtered deck's card: the deck it came from).
        public var deck: Int64
        /// Its template (a cloze card: its cloze number less one).
        public var ord: Int

        public init(id: Int64, note: Int64, deck: Int64, ord: Int) {
            self.id = id
            self.note = note
            self.deck = deck
            self.ord = ord
        }
    }

    public var notetypes: [Int64: Notetype] = [:]
    /// Each deck's name, by parts (`World::Music` is ["World", "Music"]).
    public var decks: [Int64: [String]] = [:]
    /// In the order their questions are made.
    public var notes: [Note] = []
    public var cards: [Card] = []
    public var revlog: [AnkiRevlogEntry] = []

    public init() {}

    /// The newest collection schema quiz reads (`col.ver`): Anki 2.1.50 and later write 18.
    public static let newestSchema = 18
    /// The oldest: Anki 2.0's.
    public static let oldestSchema = 11

    /// What is said of a collection whose schema is `version`, or nil when quiz reads it.
    public static func schemaProblem(_ version: Int) -> String? {
        if version > newestSchema {
            return "its collection has schema \(version), newer than quiz reads (\(oldestSchema) to \(newestSchema)); "
                + "export it again with \"Support older Anki versions\" ticked"
        }
        if version < oldestSchema { return "its collection has schema \(version), older than Anki 2.0's" }
        return nil
    }

    // MARK: Legacy collections: note types and decks as JSON in `col`

    /// The note types of a legacy collection's `col.models`.
    public static func legacyNotetypes(_ json: [UInt8]) -> [Int64: Notetype] {
        guard let root = try? JSONParser.parse(json), let members = root.members else { return [:] }
        var notetypes: [Int64: Notetype] = [:]
        for member in members {
            let model = member.value
            guard let id = Int64(member.key) ?? model["id"].flatMap(number) else { continue }
            let fields = (model["flds"]?.array ?? []).sorted { (number($0["ord"]) ?? 0) < (number($1["ord"]) ?? 0) }
                .map { $0["name"]?.string ?? "" }
            var templates: [Int: (question: String, answer: String)] = [:]
            var names: [Int: String] = [:]
            for (index, template) in (model["tmpls"]?.array ?? []).enumerated() {
                let ord = number(template["ord"]).map(Int.init) ?? index
                templates[ord] = (template["qfmt"]?.string ?? "", template["afmt"]?.string ?? "")
                names[ord] = template["name"]?.string
            }
            notetypes[id] = Notetype(
                name: model["name"]?.string ?? "", cloze: number(model["type"]) == 1, fields: fields,
                templates: templates, templateNames: names)
        }
        return notetypes
    }

    /// The decks of a legacy collection's `col.decks`.
    public static func legacyDecks(_ json: [UInt8]) -> [Int64: [String]] {
        guard let root = try? JSONParser.parse(json), let members = root.members else { return [:] }
        var decks: [Int64: [String]] = [:]
        for member in members {
            guard let id = Int64(member.key), let name = member.value["name"]?.string else { continue }
            decks[id] = name.components(separatedBy: "::")
        }
        return decks
    }

    private static func number(_ node: JSONNode?) -> Int64? {
        guard case .number(let value)? = node?.value, value.isFinite, abs(value) < 9e18 else { return nil }
        return Int64(value)
    }

    // MARK: Current collections (schema 15 and later): tables of protobuf configs

    /// A note type of the `notetypes` table: its `config` says its kind (field 1: 1 is cloze).
    public static func notetype(name: String, config: [UInt8]) -> Notetype {
        Notetype(name: name, cloze: ProtobufFields(config).varints[1] == 1, fields: [], templates: [:])
    }

    /// A template's `config` of the `templates` table: question format (field 1) and answer format (field 2).
    public static func template(config: [UInt8]) -> (question: String, answer: String) {
        let fields = ProtobufFields(config)
        return (fields.string(1) ?? "", fields.string(2) ?? "")
    }

    /// A deck name of the `decks` table: parts separated by 0x1F.
    public static func deckName(_ name: String) -> [String] {
        name.split(separator: "\u{1F}", omittingEmptySubsequences: false).map(String.init)
    }

    // MARK: The package

    /// The collection members of a package, the one to read first: the
    /// current format (zstd, schema 18) before the legacy ones. A current
    /// package also holds a `collection.anki2` whose one note asks to
    /// update Anki: it is read only when nothing newer is there.
    public static let collectionMembers = ["collection.anki21b", "collection.anki21", "collection.anki2"]

    /// The newest package version quiz reads: the `meta` member's field 1
    /// (Anki's PackageMetadata.Version: 1 legacy, 2 legacy 2.1, 3 latest).
    public static let newestPackageVersion: UInt64 = 3

    /// The version a `meta` member says; 0 when it says none.
    public static func packageVersion(meta: some Collection<UInt8>) -> UInt64 {
        ProtobufFields(meta).varints[1] ?? 0
    }

    /// The largest collection inflated: a member declaring more, or
    /// inflating past it, is refused before it is written out whole.
    public static let maximumCollectionBytes: UInt64 = 512 << 20
}
