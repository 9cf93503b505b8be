import Bodies
import Content
import Foundation
import GazetteModel
import Memory

/// The site's search index: a step of the build, a pure function of the content and the parsed
/// bodies. `templates/assets/search.js` reads it on the search page (`search/`).
///
/// Files, all gzip (`Deflate`), all under `search/`:
/// - `index.<hash>.json.gz`, the manifest, named by the search page: the number of journals,
///   the version of the journal files, and each shard's first key, file and size.
/// - `k/<hash>.json.gz`, the shards: every key of the index (see `SearchText`), sorted by UTF-16
///   code units (JavaScript's string order), cut into files of about `shardBytes` of JSON, each
///   `{"k": [keys], "p": [postings]}`. A key's postings are `[doc, value, doc, value…]` with each
///   doc number the difference from the one before; value = occurrences (at most 255) × 4,
///   + 1 if the key is in the title, + 2 if in the tags, author, week or article title. Keys
///   `#t:<tag>` and `#w:<week>` list the journals of a tag and a week, for the filters.
///   A query needs one shard per key (a word's prefix may span two), so it fetches a few of them.
/// - `doc/<n>.json.gz`, one per journal, fetched for the results shown: title `t`, page `u`
///   (from the site root), date `d` and `i` (ISO), tags `g` as [name, page], the article's title
///   `a` and text `x` (the body as plain text, at most `fragmentCharacters` characters; a
///   bookmark's article title and description), from which the script cuts the passage.
///
/// Journal numbers follow `created`, oldest first (slug on a tie), so a new journal takes the
/// next number and every other journal's file keeps its bytes; a higher number is newer. The
/// bytes depend only on the input: every list is sorted and the gzip header has no time.
public struct SearchIndex: Sendable {
    /// Every file, relative to the output folder, sorted by path.
    /// Every file, with a key that changes exactly when its bytes do (the fingerprint of its
    /// JSON before compression, which is cheaper than hashing megabytes of output again).
    /// A file already in the output under the same key has no data (`inPlace`).
    public let files: [(path: String, key: Fingerprint, data: Data?)]
    /// The manifest's path, relative to the output folder (`search/index.<hash>.json.gz`).
    public let manifest: String
    /// Bytes of JSON per shard, before compression, after which a shard is closed.
    static let shardBytes = 16_000
    /// Journals analysed together when no cache keeps their keys (`init`); one batch's keys
    /// are merged while the next is analysed.
    static let analysisBatch = 256
    /// Shards compressed together, on all cores, when no cache keeps them.
    static let compressionBatch = 64
    /// Characters of a body kept for passages (the whole body is indexed).
    static let fragmentCharacters = 6_000

    /// One journal, analysed: its keys with their values, and its compressed result file.
    struct Document: Sendable {
        var runKeys: [(key: NumberedKey, value: UInt32)]
        var wordKeys: [(key: String, value: UInt32)]
        /// Nil when the output already holds the file (`inPlace`).
        var fragment: Data?
        /// The fingerprint of the fragment's JSON, before compression: the key of its file.
        var fragmentKey: Fingerprint
    }

    /// `inPlace` gives the size of a file the output already holds under a key (path, key), nil
    /// for none: without a cache (`gazette build`), a journal file or shard found there is not
    /// compressed again (after one edit, the 2,000 journal files and the shards were all the
    /// index's compression, most of them unchanged).
    public init(
        content: SiteContent, bodies: JournalBodies, cache: SearchMemo? = nil, inPlace: (@Sendable (String, Fingerprint) -> Int?)? = nil
    ) {
        self.init(content: content, bodies: bodies, cache: cache, inPlace: inPlace, check: {})
    }

    /// The same, with `check` called between steps (and every few dozen journals or keys while
    /// the postings are merged and cut): it may throw to stop making the index — `gazette
    /// serve` stops when a newer save supersedes it. What `cache` keeps is then as a complete
    /// index left it, for the next one.
    public init(
        content: SiteContent, bodies: JournalBodies, cache: SearchMemo?, inPlace: (@Sendable (String, Fingerprint) -> Int?)? = nil,
        check: () throws -> Void
    ) rethrows {
        let journals = content.journals.sorted { a, b in
            a.created != b.created ? a.created < b.created : a.slug.utf8Precedes(b.slug)
        }
        let known = cache?.begin() ?? SearchMemo.Known()
        let fragments: [Fragment]
        let shards: [Shard]
        if let cache {
            var postings = SearchPostings()
            let entries = try Self.analyse(journals, content: content, bodies: bodies, known: known, into: &postings, check: check)
            try check()
            shards = try Self.compressShards(of: &postings, known: known, check: check)
            // Kept only once the index is whole: the entries' ids number the postings' keys.
            cache.end(entries, postings: postings, shards: shards.compactMap { shard in shard.data.map { (shard.key, $0) } }, known: known)
            fragments = entries.map { ($0.entry.document.fragment, $0.entry.document.fragmentKey) }
        } else {
            var postings = PostingArena()
            fragments = Self.analyseInBatches(journals, content: content, bodies: bodies, inPlace: inPlace, into: &postings)
            shards = Self.compressShards(draining: &postings, inPlace: inPlace)
        }
        let manifest = Self.manifest(fragments: fragments, shards: shards)
        let manifestPath = "search/index.\(Fingerprint.of(bytes: manifest).description.prefix(12)).json.gz"
        var files: [(path: String, key: Fingerprint, data: Data?)] = [(manifestPath, Fingerprint.of(bytes: manifest), Self.gzip(manifest))]
        files += shards.map { ("search/" + $0.name, $0.key, $0.data) }
        files += fragments.enumerated().map { (Self.documentPath($0.offset), $0.element.key, $0.element.data) }
        files.sort { $0.path < $1.path }
        self.files = files
        self.manifest = manifestPath
    }

    /// A journal's file of the index: its JSON compressed (nil when the output holds it) and its key.
    typealias Fragment = (data: Data?, key: Fingerprint)
    /// A shard of the postings: its first key, file name, key, compressed bytes (nil when the
    /// output holds it) and size.
    typealias Shard = (first: String, name: String, key: Fingerprint, data: Data?, size: Int)

    /// Analyses every journal whose inputs changed since the cache's last build, on all cores,
    /// and merges all postings (`gazette serve`): the entries to keep for the next build.
    static func analyse(
        _ journals: [Journal], content: SiteContent, bodies: JournalBodies, known: SearchMemo.Known,
        into postings: inout SearchPostings, check: () throws -> Void
    ) rethrows -> [SearchMemo.Kept] {
        let dates = DateStyle(language: content.config.language, timeZone: content.config.timeZone)
        var shared = FingerprintHasher()
        shared.add(content.configFingerprint)
        let config = shared.digest
        let analysed = journals.concurrentMap { journal -> (inputs: SearchMemo.Analysed, entry: SearchMemo.Entry, found: SearchMemo.Found) in
            // A journal whose inputs are all as before (the content cache hands unchanged
            // journals back as they were, so comparing is cheap) is not even read again.
            let inputs = SearchMemo.Analysed(config: config, journal: journal, article: content.article(for: journal))
            if let entry = known.journals.value(journal.slug, inputs) { return (inputs, entry, .entry) }
            let input = Self.input(journal, content: content, bodies: bodies, dates: dates)
            let key = input.key
            if let document = known.documents.value(key, NoInputs()) { return (inputs, SearchMemo.Entry(key: key, document: document), .document) }
            return (inputs, SearchMemo.Entry(key: key, document: Self.analyse(input)), .nothing)
        }
        // Postings merged by key id; ids and each key's JSON carry over from the last build.
        try check()
        let ids = try postings.merge(
            analysed.map(\.entry.document), ids: analysed.map(\.entry.ids), slugs: journals.map(\.slug), previous: known.postings, check: check)
        var entries = zip(journals, analysed).map { SearchMemo.Kept(slug: $0.slug, inputs: $1.inputs, entry: $1.entry, found: $1.found) }
        for index in entries.indices { entries[index].entry.ids = ids[index] }
        return entries
    }

    /// With nothing to keep for a next build, the journals are analysed a batch at a time, on
    /// all cores, and each batch's keys are merged and let go: all of them at once were most of
    /// a 10,000-journal build's memory while the index was made. Merging a batch's keys takes
    /// one core: the next batch is analysed meanwhile.
    static func analyseInBatches(
        _ journals: [Journal], content: SiteContent, bodies: JournalBodies, inPlace: (@Sendable (String, Fingerprint) -> Int?)?,
        into postings: inout PostingArena
    ) -> [Fragment] {
        let dates = DateStyle(language: content.config.language, timeZone: content.config.timeZone)
        var fragments: [Fragment] = []
        fragments.reserveCapacity(journals.count)
        var analysed: (numbers: Range<Int>, documents: [Document])?
        func merge(_ batch: (numbers: Range<Int>, documents: [Document])) {
            for (number, document) in zip(batch.numbers, batch.documents) {
                postings.add(document, number: number)
                fragments.append((document.fragment, document.fragmentKey))
            }
        }
        journals.forEachBatch(of: Self.analysisBatch) { batch in
            let analyse = {
                Array(zip(batch.indices, batch)).concurrentMap { number, journal in
                    Self.analyse(Self.input(journal, content: content, bodies: bodies, dates: dates)) { key in
                        inPlace?(Self.documentPath(number), key) != nil
                    }
                }
            }
            let documents = analysed.map { previous in concurrently({ merge(previous) }, analyse).1 } ?? analyse()
            analysed = (batch.indices, documents)
        }
        if let last = analysed { merge(last) }
        return fragments
    }

    /// The postings cut into shards and compressed on all cores (`gazette serve`): a shard the
    /// last build's postings were cut into is taken as it is when it holds the same keys and
    /// none of them changed (`SearchPostings.cutAgain`), and one whose JSON the last build
    /// compressed is not compressed again. The shards are kept with the postings.
    static func compressShards(
        of postings: inout SearchPostings, known: SearchMemo.Known, closingAt shardBytes: Int = shardBytes, check: () throws -> Void
    ) rethrows -> [Shard] {
        let pieces = try postings.cutAgain(closingAt: shardBytes, from: known.postings, check: check)
        try check()
        let shards = pieces.concurrentMap { piece -> Shard in
            switch piece {
            case .kept(_, let shard): return shard
            case .made(_, let first, let json):
                let key = Fingerprint.of(bytes: json)
                let data = known.shards.value(key, NoInputs()) ?? Self.gzip(json)
                return (first, Self.shardName(key), key, data, data.count)
            }
        }
        postings.keep(cut: zip(pieces, shards).map { ($0.span, $1) })
        return shards
    }

    /// The postings cut into shards as they are drained, a few compressed at a time on all cores
    /// so that only their gzip is kept (`gazette build`). A shard the output holds (`inPlace`)
    /// is not compressed again.
    static func compressShards(draining postings: inout PostingArena, inPlace: (@Sendable (String, Fingerprint) -> Int?)?) -> [Shard] {
        var compressed: [Shard] = []
        func compress(_ shards: [(first: String, json: [UInt8])]) {
            compressed += shards.concurrentMap { shard in
                let key = Fingerprint.of(bytes: shard.json)
                let name = Self.shardName(key)
                if let size = inPlace?("search/" + name, key) { return (shard.first, name, key, nil, size) }
                let data = Self.gzip(shard.json)
                return (shard.first, name, key, data, data.count)
            }
        }
        var pending: [(first: String, json: [UInt8])] = []
        postings.drainShards(closingAt: Self.shardBytes) { first, json in
            pending.append((first, json))
            if pending.count == Self.compressionBatch {
                compress(pending)
                pending = []
            }
        }
        compress(pending)
        return compressed
    }

    /// A shard's file, relative to `search/`, named by the fingerprint of its JSON.
    static func shardName(_ key: Fingerprint) -> String { "k/\(key.description.prefix(12)).json.gz" }

    /// The manifest's JSON: the number of journals, a version from their files' keys, and each
    /// shard's first key, file and size.
    static func manifest(fragments: [Fragment], shards: [Shard]) -> [UInt8] {
        var version = FingerprintHasher()
        for fragment in fragments { version.add(fragment.key) }
        var manifest = JSONBytes()
        manifest.raw("{\"v\":1,\"n\":")
        manifest.number(fragments.count)
        manifest.raw(",\"f\":")
        manifest.string(String(version.digest.description.prefix(12)))
        manifest.raw(",\"c\":[")
        for (index, shard) in shards.enumerated() {
            if index > 0 { manifest.raw(",") }
            manifest.raw("[")
            manifest.string(shard.first)
            manifest.raw(",")
            manifest.string(shard.name)
            manifest.raw(",")
            manifest.number(shard.size)
            manifest.raw("]")
        }
        manifest.raw("]}\n")
        return manifest.bytes
    }

    // MARK: - One journal

    /// What a journal's part of the index is made from.
    struct Input {
        var title: String
        var meta: [String]
        var body: String
        var filters: [String]
        var fragment: [UInt8]

        /// Everything the journal's part of the index is made from: the key `SearchMemo`
        /// keeps it under (`gazette build`, which keeps nothing, does not hash the text).
        var key: Fingerprint {
            var key = FingerprintHasher()
            key.add(bytes: fragment)
            key.add(title)
            for item in meta + filters { key.add(item) }
            key.add(body)
            return key.digest
        }
    }

    static func input(_ journal: Journal, content: SiteContent, bodies: JournalBodies, dates: DateStyle) -> Input {
        let article = content.article(for: journal)
        let body = journal.isBookmark ? [article?.title, article?.description].compactMap { $0 }.joined(separator: " ") : bodies.plainText(journal)
        let week = content.week(of: journal)
        var meta: [String] = []
        for key in journal.tags {
            meta.append(key)
            if let name = content.config.tag(key)?.name, name != key { meta.append(name) }
        }
        if let author = journal.author {
            meta.append(author)
            if let name = content.config.author(author)?.name, name != author { meta.append(name) }
        }
        meta.append(week.description)
        if let title = article?.title { meta.append(title) }
        let filters = journal.tags.map { "#t:" + $0 } + ["#w:\(week)"]

        var fragment = JSONBytes()
        fragment.raw("{\"t\":")
        fragment.string(journal.title)
        fragment.raw(",\"u\":")
        fragment.string(SitePaths.encode(SitePaths.journal(journal.slug)))
        fragment.raw(",\"d\":")
        fragment.string(dates.day(journal.created))
        fragment.raw(",\"i\":")
        fragment.string(dates.iso(journal.created))
        fragment.raw(",\"g\":[")
        for (index, key) in journal.tags.enumerated() {
            if index > 0 { fragment.raw(",") }
            fragment.raw("[")
            fragment.string(content.config.tagName(key))
            fragment.raw(",")
            fragment.string(SitePaths.encode(SitePaths.tag(key)))
            fragment.raw("]")
        }
        fragment.raw("]")
        if let title = article?.title, !journal.isBookmark {
            fragment.raw(",\"a\":")
            fragment.string(title)
        }
        fragment.raw(",\"x\":")
        fragment.string(body, characters: fragmentCharacters)
        fragment.raw("}\n")

        // Headings are searched but, like on cards, left out of the passage text.
        let headings = journal.isBookmark ? "" : bodies.headings(journal)
        return Input(title: journal.title, meta: meta, body: headings.isEmpty ? body : headings + "\n" + body, filters: filters, fragment: fragment.bytes)
    }

    /// The file of journal `number`.
    static func documentPath(_ number: Int) -> String { "search/doc/\(number).json.gz" }

    /// `isInPlace`: whether the output holds the journal's file under its key (then it is not
    /// compressed).
    static func analyse(_ input: Input, isInPlace: (Fingerprint) -> Bool = { _ in false }) -> Document {
        // Journals of Korean text have about one key for every four bytes of text (2,000 keys
        // for a median 8.5 KB body): room for one per two bytes keeps the table at most half
        // full without growing it.
        var counter = Counter(counts: KeyCounts(capacity: KeyCounts.capacity(for: input.body.utf8.count / 2)))
        counter.add(input.title, flag: 1)
        for item in input.meta { counter.add(item, flag: 2) }
        counter.add(input.body, flag: 0)
        for filter in input.filters { counter.words[filter] = 0 }
        func capped(_ value: UInt32) -> UInt32 { min(value >> 2, 255) << 2 | value & 3 }
        var runKeys: [(key: NumberedKey, value: UInt32)] = []
        runKeys.reserveCapacity(counter.counts.count)
        counter.counts.forEach { runKeys.append(($0, capped($1))) }
        // Level 1: journal files are most of the index's bytes and of its compression time. On
        // 2,000 journals of Korean text, level 6 made them 3 % smaller (7.75 MB, not 7.99) and
        // took twice as long.
        let fragmentKey = Fingerprint.of(bytes: input.fragment)
        return Document(
            runKeys: runKeys, wordKeys: counter.words.map { ($0.key, capped($0.value)) },
            fragment: isInPlace(fragmentKey) ? nil : gzip(input.fragment, level: 1), fragmentKey: fragmentKey)
    }

    /// Counts a journal's keys: runs' characters and pairs, and short ASCII words, as numbers
    /// (`KeyCounts`); other words as strings.
    struct Counter: TokenSink {
        var counts: KeyCounts
        var words: [String: UInt32] = [:]
        var flag: UInt32 = 0

        mutating func add(_ text: String, flag: UInt32) {
            self.flag = flag
            SearchText.tokenize(SearchText.normalized(text), into: &self)
        }

        mutating func word(_ word: ArraySlice<Unicode.Scalar>) {
            if let key = NumberedKey(word: word) {
                counts.add(key, flag: flag)
            } else {
                let key = SearchText.wordKey(word)
                words[key] = ((words[key] ?? 0) &+ 4) | flag
            }
        }

        mutating func run(_ run: ArraySlice<Unicode.Scalar>) {
            var previous: UInt64 = 0
            for scalar in run {
                let unigram = UInt64(scalar.value)
                counts.add(NumberedKey(lo: unigram, hi: 0), flag: flag)
                if previous != 0 { counts.add(NumberedKey(lo: 1 << 42 | previous << 21 | unigram, hi: 0), flag: flag) }
                previous = unigram
            }
        }
    }

    /// Shards at level 3: on 2,000 journals of Korean text, 5.42 MB in 0.20 s of processor time
    /// (zlib's level 4 made 5.50 MB in 0.33 s; libdeflate's 6, 5.07 MB in 0.42 s).
    static func gzip(_ bytes: [UInt8], level: Int32 = 3) -> Data { Deflate.compress(bytes, level: level) ?? Data(bytes) }
}

/// A key as two numbers, which costs far less to count than a string: a run's character
/// (`lo` = its code point) or pair (`lo` = 1 << 42 | first << 21 | second), or a word of at most
/// 15 ASCII characters (`lo` = its bytes 0–7, `hi` = 1 << 63 | length << 56 | bytes 8–14).
struct NumberedKey: Hashable, Sendable {
    var lo: UInt64
    var hi: UInt64

    init(lo: UInt64, hi: UInt64) {
        self.lo = lo
        self.hi = hi
    }

    @inline(__always)
    init?(word: ArraySlice<Unicode.Scalar>) {
        guard word.count <= 15 else { return nil }
        var lo: UInt64 = 0
        var hi: UInt64 = 1 << 63 | UInt64(word.count) << 56
        var shift: UInt64 = 0
        for scalar in word {
            guard scalar.value < 0x80 else { return nil }
            if shift < 64 { lo |= UInt64(scalar.value) << shift } else { hi |= UInt64(scalar.value) << (shift - 64) }
            shift += 8
        }
        self.lo = lo
        self.hi = hi
    }

    var text: String {
        if hi >> 63 == 1 {
            let length = Int(hi >> 56 & 15)
            var bytes: [UInt8] = []
            for index in 0..<length {
                let word: UInt64 = index < 8 ? lo : hi
                let shift = UInt64(8 * (index % 8))
                bytes.append(UInt8(truncatingIfNeeded: word >> shift))
            }
            return String(decoding: bytes, as: UTF8.self)
        }
        var view = String.UnicodeScalarView()
        if lo >> 42 == 1 { view.append(Unicode.Scalar(UInt32(lo >> 21 & 0x1F_FFFF)) ?? "?") }
        view.append(Unicode.Scalar(UInt32(lo & 0x1F_FFFF)) ?? "?")
        return String(view)
    }
}

/// Occurrences of numbered keys in one journal: open addressing on plain arrays, a fraction of
/// the cost of a `Dictionary`. A value is occurrences × 4 with the field flags in the low two
/// bits, as in the shards.
struct KeyCounts {
    private var los: [UInt64]
    private var his: [UInt64]
    private var values: [UInt32]
    private var mask: Int
    private(set) var count = 0

    /// A power of two, at least 1,024, for `keys` keys.
    static func capacity(for keys: Int) -> Int { max(1024, 1 << (Int.bitWidth - max(keys - 1, 1).leadingZeroBitCount)) }

    // No key is (0, 0): a run key's `lo` holds a code point above 0x7F, a word's `hi` bit 63.
    /// `capacity` must be a power of two.
    init(capacity: Int = 1024) {
        los = [UInt64](repeating: 0, count: capacity)
        his = [UInt64](repeating: 0, count: capacity)
        values = [UInt32](repeating: 0, count: capacity)
        mask = capacity - 1
    }

    @inline(__always)
    private static func slot(_ key: NumberedKey, _ mask: Int) -> Int {
        Int(truncatingIfNeeded: ((key.lo ^ (key.hi &* 0xC2B2_AE3D_27D4_EB4F)) &* 0x9E37_79B9_7F4A_7C15) >> 40) & mask
    }

    @inline(__always)
    mutating func add(_ key: NumberedKey, flag: UInt32) {
        var slot = Self.slot(key, mask)
        while true {
            if los[slot] == key.lo && his[slot] == key.hi {
                values[slot] = (values[slot] &+ 4) | flag
                return
            }
            if los[slot] == 0 && his[slot] == 0 {
                los[slot] = key.lo
                his[slot] = key.hi
                values[slot] = 4 | flag
                count += 1
                if count * 2 > los.count { grow() }
                return
            }
            slot = (slot + 1) & mask
        }
    }

    private mutating func grow() {
        let oldLos = los, oldHis = his, oldValues = values
        los = [UInt64](repeating: 0, count: oldLos.count * 2)
        his = [UInt64](repeating: 0, count: oldLos.count * 2)
        values = [UInt32](repeating: 0, count: oldLos.count * 2)
        mask = los.count - 1
        for index in oldLos.indices where oldLos[index] != 0 || oldHis[index] != 0 {
            var slot = Self.slot(NumberedKey(lo: oldLos[index], hi: oldHis[index]), mask)
            while los[slot] != 0 || his[slot] != 0 { slot = (slot + 1) & mask }
            los[slot] = oldLos[index]
            his[slot] = oldHis[index]
            values[slot] = oldValues[index]
        }
    }

    func forEach(_ body: (NumberedKey, UInt32) -> Void) {
        for index in los.indices where los[index] != 0 || his[index] != 0 { body(NumberedKey(lo: los[index], hi: his[index]), values[index]) }
    }
}

/// Journals analysed by earlier builds of the same process (`gazette serve`): by slug, with the
/// journal, article and config they were made from, and by everything their part of the index is
/// made from (a renamed journal). An edit to one journal analyses one journal again. Memos,
/// forgotten by `Memo`'s rule at the end of each index (made after the build, on request).
public final class SearchMemo: Sendable {
    /// What a journal's part of the index is made from.
    struct Analysed: Equatable, Sendable {
        var config: Fingerprint
        var journal: Journal
        var article: Article?
    }

    struct Entry: Sendable {
        var key: Fingerprint
        var document: SearchIndex.Document
        /// The document's keys as ids of the last build's key table (id << 32 | value).
        var ids: [UInt64]?
    }

    private let journals = Memo<String, Analysed, Entry>()
    private let documents = Memo<Fingerprint, NoInputs, SearchIndex.Document>()
    /// Compressed shards by the fingerprint of their JSON.
    private let shards = Memo<Fingerprint, NoInputs, Data>()
    /// The last index's postings, whose key table the entries' ids number.
    private let postings = Locked<SearchPostings?>(nil)

    /// What an index starts from: none without a cache.
    struct Known: Sendable {
        var journals = Memo<String, Analysed, Entry>.Known()
        var documents = Memo<Fingerprint, NoInputs, SearchIndex.Document>.Known()
        var shards = Memo<Fingerprint, NoInputs, Data>.Known()
        var postings: SearchPostings?
    }

    public init() {}

    func begin() -> Known {
        Known(journals: journals.known(), documents: documents.known(), shards: shards.known(), postings: postings.withLock { $0 })
    }

    /// What an index found of a journal in `known`: its entry (its inputs were as before), its
    /// document (it was renamed, or made as before again), or nothing.
    enum Found: Sendable {
        case entry, document, nothing
    }

    /// A journal's entry as the index keeps it, and what of it was found.
    struct Kept: Sendable {
        var slug: String
        var inputs: Analysed
        var entry: Entry
        var found: Found
    }

    /// Keeps what a whole index used, and only that: the entries carry ids of `postings`' table,
    /// and its compressed shards. What was found in `known` is only marked as used: a save that
    /// changes one journal stores one entry, not two thousand.
    func end(_ entries: [Kept], postings: SearchPostings, shards made: [(key: Fingerprint, data: Data)], known: Known) {
        journals.record(
            found: entries.lazy.filter { $0.found == .entry }.map(\.slug),
            made: entries.lazy.filter { $0.found != .entry }.map { ($0.slug, .init(inputs: $0.inputs, value: $0.entry)) })
        documents.record(
            found: entries.lazy.filter { $0.found != .nothing }.map(\.entry.key),
            made: entries.lazy.filter { $0.found == .nothing }.map { ($0.entry.key, .init(inputs: NoInputs(), value: $0.entry.document)) })
        var foundShards: [Fingerprint] = []
        var madeShards: [(Fingerprint, Memo<Fingerprint, NoInputs, Data>.Entry)] = []
        for shard in made {
            if known.shards.value(shard.key, NoInputs()) != nil {
                foundShards.append(shard.key)
            } else {
                madeShards.append((shard.key, .init(inputs: NoInputs(), value: shard.data)))
            }
        }
        shards.record(found: foundShards, made: madeShards)
        journals.endBuild()
        documents.endBuild()
        shards.endBuild()
        self.postings.withLock { $0 = postings }
    }
}

/// JSON written straight into bytes: numbers, strings (escaped as `JSONString` does) and
/// punctuation, with no intermediate strings.
struct JSONBytes {
    var bytes: [UInt8] = []

    mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func number(_ value: Int) {
        if value < 0 { bytes.append(0x2D) }
        var rest = value.magnitude
        // Most numbers of the index are deltas and counts of one or two digits.
        if rest < 10 {
            bytes.append(UInt8(truncatingIfNeeded: 0x30 + rest))
            return
        }
        if rest < 100 {
            bytes.append(UInt8(truncatingIfNeeded: 0x30 + rest / 10))
            bytes.append(UInt8(truncatingIfNeeded: 0x30 + rest % 10))
            return
        }
        var power: UInt = 100
        while power <= rest / 10 { power *= 10 }
        while power > 0 {
            bytes.append(UInt8(truncatingIfNeeded: 0x30 + rest / power))
            rest %= power
            power /= 10
        }
    }

    /// `text` as a JSON string, or only its first `characters` code points.
    mutating func string(_ text: String, characters: Int = .max) {
        bytes.append(0x22)
        var text = text
        text.withUTF8 { utf8 in
            // Runs with nothing to escape are copied whole: journal text is megabytes.
            var start = 0
            var started = 0
            for index in utf8.indices {
                let byte = utf8[index]
                // A code point starts at every byte but a continuation byte (10xxxxxx).
                if byte & 0xC0 != 0x80 {
                    if started == characters {
                        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
                        start = utf8.count
                        break
                    }
                    started += 1
                }
                guard byte == 0x22 || byte == 0x5C || byte < 0x20 else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
                start = index + 1
                switch byte {
                case 0x22: bytes += [0x5C, 0x22]
                case 0x5C: bytes += [0x5C, 0x5C]
                case 0x0A: bytes += [0x5C, 0x6E]
                case 0x0D: bytes += [0x5C, 0x72]
                case 0x09: bytes += [0x5C, 0x74]
                default: bytes += [0x5C, 0x75, 0x30, 0x30, Self.hex[Int(byte >> 4)], Self.hex[Int(byte & 15)]]
                }
            }
            if start < utf8.count { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<utf8.count])) }
        }
        bytes.append(0x22)
    }

    private static let hex = Array("0123456789abcdef".utf8)
}
