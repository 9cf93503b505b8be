@testable import Bodies
import Content
import Foundation
import GazetteModel
@testable import Search
import Testing
import TestSupport
@testable import Site

/// The search index's tokenizer and files, without a browser (`SearchBrowserTests` runs the
/// script on built sites).
struct SearchTextTests {
    func tokens(_ text: String) -> [String] {
        SearchText.tokens(text).map { token in
            switch token {
            case .word(let word): "w:" + word
            case .run(let run): "r:" + String(String.UnicodeScalarView(run))
            }
        }
    }

    @Test func hangulMakesRunsAndOtherLettersWords() {
        #expect(tokens("기준금리는 3.5%로 동결됐다") == ["r:기준금리는", "w:3.5", "r:로", "r:동결됐다"])
        #expect(tokens("Inflationary ＡＩ반도체, don't 1,000") == ["w:inflationary", "w:ai", "r:반도체", "w:don", "w:t", "w:1", "w:000"])
        // A full stop between digits only; a version-like run stays one word.
        #expect(tokens("v1.2.3. 끝.") == ["w:v1.2.3", "r:끝"])
        #expect(tokens("Café naïve ΣΑΣ") == ["w:café", "w:naïve", "w:σασ"])
        #expect(tokens("東京 カタカナ ㅋㅋ") == ["r:東京", "r:カタカナ", "r:\u{110F}\u{110F}"])
        #expect(tokens("—…!?") == [])
        let long = String(repeating: "a", count: 40)
        #expect(tokens(long) == ["w:" + String(repeating: "a", count: SearchText.maxWord)])
    }

    @Test func everySyllableAndEveryPairIsAKey() {
        let keys = SearchText.keys("가계부채는")
        for key in ["가", "계", "부", "채", "는", "가계", "계부", "부채", "채는"] { #expect(keys.contains(key), "\(key)") }
        #expect(keys.count == 9)
        #expect(SearchText.keys("Rates RATES rates") == ["rates"])
    }

    @Test func numberedKeysSpellTheirText() {
        for word in ["a", "rates", "inflation", "inflationary123", "3.5"] {
            #expect(NumberedKey(word: ArraySlice(Array(word.unicodeScalars)))?.text == word)
        }
        #expect(NumberedKey(word: ArraySlice(Array("sixteencharacter".unicodeScalars))) == nil)
        #expect(NumberedKey(word: ArraySlice(Array("café".unicodeScalars))) == nil)
        let pair = NumberedKey(lo: 1 << 42 | UInt64(0xAE08) << 21 | 0xB9AC, hi: 0)
        #expect(pair.text == "금리")
        #expect(NumberedKey(lo: 0xAE08, hi: 0).text == "금")
        var counts = KeyCounts(capacity: 4)
        for round in 0..<3 { for n in 0..<100 { counts.add(NumberedKey(lo: 0xAC00 + UInt64(n), hi: 0), flag: round == 2 ? 1 : 0) } }
        var seen = 0
        counts.forEach { _, value in
            seen += 1
            #expect(value == 3 * 4 + 1)
        }
        #expect(seen == 100 && counts.count == 100)
    }

    @Test func gzipRoundTripsAndIsDeterministic() throws {
        let text = Array(String(repeating: "금리는 올랐다. rates rose. ", count: 500).utf8)
        let once = try #require(Deflate.compress(text))
        #expect(once == Deflate.compress(text))
        #expect(once.count < text.count / 10)
        #expect(once.prefix(2) == Data([0x1F, 0x8B]))
        #expect(Deflate.decompress(once) == Data(text))
    }
}

struct SearchIndexTests {
    static func journal(_ slug: String, title: String, body: String, tags: [String] = [], day: Int, author: String? = nil) -> Journal {
        let date = Date(timeIntervalSince1970: 1_763_000_000 + Double(day) * 86_400)
        return Journal(
            path: "content/journals/\(slug).md", slug: slug, title: title, articleReference: nil, tags: tags, author: author,
            created: date, updated: date, draft: false, body: body, bodyStartLine: 5)
    }

    static func site(_ journals: [Journal]) throws -> (SiteContent, JournalBodies) {
        let config = SiteConfig(title: "검색 시험", authors: [Author(key: "heedon", name: "함희돈")], tags: [Tag(key: "economy", name: "경제"), Tag(key: "science", name: "과학")])
        let content = SiteContent(root: URL(fileURLWithPath: "/nonexistent"), config: config, journals: journals.sorted(by: Journal.newestFirst), articles: [], diagnostics: [])
        return (content, try JournalBodies(content))
    }

    static let journals = [
        journal("rate", title: "기준금리 동결", body: "한국은행이 **기준금리를** 동결했다. 가계부채가 걱정이다.", tags: ["economy"], day: 1, author: "heedon"),
        journal("debt", title: "Household debt", body: "가계부채는 inflationary pressure와 함께 늘었다.", tags: ["economy", "science"], day: 2),
        journal("chip", title: "반도체 수출", body: "## 반도체\n\n메모리 수요가 늘었다. Zephyrine.", tags: ["science"], day: 3),
    ]

    func json(_ data: Data) throws -> [String: Any] {
        let inflated = try #require(Deflate.decompress(data))
        return try #require(try JSONSerialization.jsonObject(with: inflated) as? [String: Any])
    }

    /// key → [(doc, value)] from every shard.
    func postings(_ index: SearchIndex) throws -> [String: [(Int, Int)]] {
        var all: [String: [(Int, Int)]] = [:]
        let manifest = try json(try #require(index.files.first { $0.path == index.manifest }?.data))
        for shard in try #require(manifest["c"] as? [[Any]]) {
            let name = try #require(shard[1] as? String)
            let file = try #require(index.files.first { $0.path == "search/" + name })
            let data = try #require(file.data)
            #expect(data.count == shard[2] as? Int)
            let body = try json(data)
            let keys = try #require(body["k"] as? [String])
            let lists = try #require(body["p"] as? [[Int]])
            #expect(keys.first == shard[0] as? String)
            for (key, list) in zip(keys, lists) {
                var doc = 0
                all[key] = stride(from: 0, to: list.count, by: 2).map { i in
                    doc += list[i]
                    return (doc, list[i + 1])
                }
            }
        }
        return all
    }

    @Test func postingsNumberJournalsOldestFirstAndFlagTitleAndMeta() throws {
        let (content, bodies) = try Self.site(Self.journals)
        let index = SearchIndex(content: content, bodies: bodies)
        let keys = try postings(index)
        // 0 rate, 1 debt, 2 chip (created order).
        #expect(keys["부채"]?.map(\.0) == [0, 1])
        #expect(keys["금리"]?.map(\.0) == [0])
        // 금리 twice (title and body), in the title: 2 × 4 + 1.
        #expect(keys["금리"]?.first?.1 == 2 * 4 + 1)
        // The author's name is meta (+2); a heading is indexed.
        #expect(keys["희돈"]?.first?.1 == 1 * 4 + 2)
        #expect(keys["반도"]?.map(\.0) == [2])
        #expect(keys["zephyrine"]?.map(\.0) == [2])
        #expect(keys["inflationary"]?.map(\.0) == [1])
        #expect(keys["#t:economy"]?.map(\.0) == [0, 1])
        #expect(keys["#t:science"]?.map(\.0) == [1, 2])
        let week = content.week(of: Self.journals[0]).description
        #expect(keys["#w:\(week)"]?.contains { $0.0 == 0 } == true)
        // Keys are sorted as JavaScript compares strings.
        let manifest = try json(try #require(index.files.first { $0.path == index.manifest }?.data))
        let firsts = try #require(manifest["c"] as? [[Any]]).compactMap { $0[0] as? String }
        #expect(firsts == firsts.sorted { $0.utf16.lexicographicallyPrecedes($1.utf16) })
    }

    @Test func eachJournalHasAResultFile() throws {
        let (content, bodies) = try Self.site(Self.journals)
        let index = SearchIndex(content: content, bodies: bodies)
        let fragment = try json(try #require(index.files.first { $0.path == "search/doc/1.json.gz" }?.data))
        #expect(fragment["t"] as? String == "Household debt")
        #expect(fragment["u"] as? String == "journals/debt/")
        #expect(fragment["x"] as? String == "가계부채는 inflationary pressure와 함께 늘었다.")
        #expect((fragment["g"] as? [[String]])?.first == ["경제", "tags/economy/"])
        #expect((fragment["i"] as? String)?.hasPrefix("2025-11-") == true)
    }

    /// A key's postings, kept as LEB128 bytes, give back each journal's difference and value
    /// as appended: one-byte and many-byte numbers, a first journal far from 0, the largest value.
    @Test func postingListsGiveBackWhatWasAppended() {
        let postings: [(document: UInt32, value: UInt32)] = [(0, 4), (1, 1023), (127, 5), (128, 127), (16_511, 128), (2_000_000, 6), (2_000_000, 7)]
        var list = PostingList()
        #expect(list.isEmpty)
        for posting in postings { list.append(document: posting.document, value: posting.value) }
        var read: [(UInt32, UInt32)] = []
        list.forEach { read.append(($0, $1)) }
        let expected = zip(postings, [0] + postings.map(\.document)).map { ($0.document - $1, $0.value) }
        #expect(read.map(\.0) == expected.map(\.0))
        #expect(read.map(\.1) == expected.map(\.1))
        #expect(SearchPostings.json(key: "금리", postings: list).bytes == Array("\"금리\"[0,4,1,1023,126,5,1,127,16383,128,1983489,6,0,7]".utf8))
    }

    /// The arena a build merges into makes each key's JSON as a `PostingList` of the same
    /// appends does (keys of one posting and of thousands: chunks up to the largest size, numbers
    /// of several bytes running from one chunk into the next), and the shards `SearchPostings`
    /// cuts, though it frees each band of keys' slabs as it goes.
    @Test func anArenaMakesTheJSONAndShardsOfPostingLists() throws {
        var seed: UInt64 = 11
        func random(_ bound: UInt64) -> UInt64 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return (seed >> 33) % bound
        }
        var arena = PostingArena()
        var lists: [NumberedKey: PostingList] = [:]
        var documents: [SearchIndex.Document] = []
        // 3,000 documents: a few common keys in each (long lists, values of one and two bytes),
        // one every 700 documents (differences of two bytes), and a hundred of each document's
        // own, pairs of syllables whose first is the document's (a dozen bands; 300,000 first
        // chunks, many slabs).
        for number in 0..<3_000 {
            var keys: [(key: NumberedKey, value: UInt32)] = []
            for common in 0..<4 where random(3) > 0 {
                keys.append((NumberedKey(lo: 0xAC00 + UInt64(common), hi: 0), UInt32(random(1_024))))
            }
            for own in 0..<100 { keys.append((NumberedKey(lo: 1 << 42 | UInt64(0xAC00 + number) << 21 | UInt64(0xAC00 + own), hi: 0), 4)) }
            if number % 700 == 0 { keys.append((NumberedKey(lo: 0xB000, hi: 0), UInt32(random(1_024)))) }
            for (key, value) in keys { lists[key, default: PostingList()].append(document: UInt32(number), value: value) }
            let document = SearchIndex.Document(runKeys: keys, wordKeys: [], fragment: nil, fragmentKey: Fingerprint())
            arena.add(document, number: number)
            documents.append(document)
        }
        #expect(arena.table.count == lists.count)
        #expect(lists.count * 16 > 4 * PostingArena.slabBytes)
        #expect(lists.values.contains { $0.byteCount > 2_000 })
        var table = arena.table  // a copy: looking a known key up gives its id and adds nothing
        for (key, list) in lists {
            var writer = JSONBytes()
            let split = arena.appendJSON(table.id(key), to: &writer)
            let json = SearchPostings.json(key: key.text, postings: list)
            #expect(writer.bytes == json.bytes && split == json.split, "\(key.text)")
        }
        #expect(table.count == arena.table.count)
        var postings = SearchPostings()
        _ = try postings.merge(documents, ids: documents.map { _ in nil }, slugs: documents.indices.map { "j\($0)" }, previous: nil)
        let cut = postings.cutAgain(closingAt: SearchIndex.shardBytes, from: nil, check: {}).map { piece -> (String, [UInt8]) in
            guard case .made(_, let first, let json) = piece else { return ("", []) }
            return (first, json)
        }
        var drained: [(String, [UInt8])] = []
        arena.drainShards(closingAt: SearchIndex.shardBytes) { drained.append(($0, $1)) }
        #expect(drained.count == cut.count)
        #expect(drained.count > 20)
        #expect(drained.map(\.0) == cut.map(\.0))
        #expect(drained.map(\.1) == cut.map(\.1))
    }

    /// `merge` from the last build's postings (serve's save: a journal edited, added as the
    /// newest, deleted, or two trading places) makes the shards merging everything again makes,
    /// and its ids number the same keys; too many changes merge everything again.
    @Test func postingsMergedFromTheLastBuildsAreThoseMergedAnew() throws {
        var random = SeededGenerator(seed: 52)
        let words = (0..<400).map { index in String(Character(Unicode.Scalar(0xAC00 + UInt32(index * 5))!)) }
        func document() -> SearchIndex.Document {
            var runKeys: [(key: NumberedKey, value: UInt32)] = []
            var seen = Set<UInt64>()
            for _ in 0..<Int.random(in: 1...40, using: &random) {
                let scalar = UInt64(0xAC00 + Int.random(in: 0..<600, using: &random))
                if seen.insert(scalar).inserted { runKeys.append((NumberedKey(lo: scalar, hi: 0), UInt32.random(in: 1...255, using: &random) << 2)) }
            }
            let wordKeys = Set((0..<Int.random(in: 0...5, using: &random)).map { _ in words.randomElement(using: &random)! + "어" }).sorted().map { ($0, UInt32(4)) }
            return SearchIndex.Document(runKeys: runKeys, wordKeys: wordKeys, fragment: nil, fragmentKey: Fingerprint.of(bytes: [0]))
        }
        // Shards of 400 bytes: a few dozen of them, most of which an edit leaves alone.
        func shards(_ postings: inout SearchPostings, from previous: SearchPostings?) -> [SearchIndex.Shard] {
            SearchIndex.compressShards(of: &postings, known: SearchMemo.Known(postings: previous), closingAt: 400, check: {})
        }
        var journals = (0..<120).map { (slug: "j\($0)", document: document()) }
        var last = SearchPostings()
        _ = last.merge(journals.map(\.document), ids: journals.map { _ in nil }, slugs: journals.map(\.slug), previous: nil, check: {})
        _ = shards(&last, from: nil)
        // The ids the memo holds for a journal left as it was.
        var kept: [String: [UInt64]] = Dictionary(uniqueKeysWithValues: zip(last.slugs, last.documentIDs).map { ($0, $1) })
        var updates = 0
        var taken = 0
        for round in 0..<60 {
            var edited = Set<String>()
            switch round % 5 {
            case 0, 1:
                let index = Int.random(in: journals.indices, using: &random)
                journals[index].document = document()
                edited.insert(journals[index].slug)
            case 2: journals.append((slug: "new\(round)", document: document()))
            case 3:
                let (a, b) = (Int.random(in: journals.indices, using: &random), Int.random(in: journals.indices, using: &random))
                journals.swapAt(a, b)
            default:
                // Deleted: the newest (nothing renumbered), or one in the middle (all after it are).
                journals.remove(at: round % 10 == 4 ? journals.count - 1 : journals.count / 2)
            }
            let known = journals.map { edited.contains($0.slug) ? nil : kept[$0.slug] }
            var merged = SearchPostings()
            let ids = merged.merge(journals.map(\.document), ids: known, slugs: journals.map(\.slug), previous: last, check: {})
            var anew = SearchPostings()
            _ = anew.merge(journals.map(\.document), ids: journals.map { _ in nil }, slugs: journals.map(\.slug), previous: nil, check: {})
            let pieces = merged.cutAgain(closingAt: 400, from: last, check: {})
            let keptShards = pieces.filter { if case .kept = $0 { true } else { false } }.count
            taken += keptShards
            let (made, again) = (shards(&merged, from: last), shards(&anew, from: nil))
            #expect(made.count > 20 && made.count == pieces.count)
            let sameShards = made.map(\.first) == again.map(\.first) && made.map(\.key) == again.map(\.key) && made.map(\.data) == again.map(\.data)
            #expect(sameShards, "round \(round): the shards differ from those of merging everything again")
            #expect(merged.order.map { merged.table.texts[Int($0)] } == anew.order.map { anew.table.texts[Int($0)] }, "round \(round)")
            #expect(ids == merged.documentIDs && merged.slugs == journals.map(\.slug))
            // Each id names its key in the table the postings kept.
            for (journal, documentIDs) in zip(journals, ids) {
                let texts = Set(documentIDs.map { merged.table.texts[Int($0 >> 32)] })
                #expect(texts == Set(journal.document.runKeys.map(\.key.text) + journal.document.wordKeys.map(\.key)))
            }
            // All but a journal deleted in the middle (which renumbers half of them) start from
            // the last build's postings.
            #expect((merged.remade == nil) == (round % 10 == 9), "round \(round)")
            if merged.remade != nil { updates += 1 } else { #expect(keptShards == 0) }
            kept = Dictionary(uniqueKeysWithValues: zip(merged.slugs, merged.documentIDs).map { ($0, $1) })
            last = merged
        }
        #expect(updates == 54)
        // Most shards are taken from the last build's: only those with a changed key are made.
        #expect(taken > 54 * 10, "\(taken) shards taken")
    }

    /// More keys than `PostingArena.drainKeys` (the keys whose JSON a build without a cache
    /// makes at once) and journals than two analysis batches: the shards cut across chunks, of
    /// postings merged batch by batch, are those a cached build makes in one go.
    @Test func shardsCutAcrossChunksAreTheSameAsInOneGo() throws {
        var seed: UInt64 = 7
        func syllable() -> Character {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Character(Unicode.Scalar(0xAC00 + UInt32(seed >> 33) % 2_350) ?? "가")
        }
        // More journals than two `analysisBatch`es: batches merged while the next is analysed.
        let journals = (0..<(2 * SearchIndex.analysisBatch + 40)).map { number in
            Self.journal("j\(number)", title: "저널 \(number)", body: String((0..<60).map { $0 % 7 == 6 ? " " : syllable() }), day: number % 28 + 1)
        }
        let (content, bodies) = try Self.site(journals)
        let drained = SearchIndex(content: content, bodies: bodies)
        let cached = SearchIndex(content: content, bodies: bodies, cache: SearchMemo())
        #expect(try postings(drained).count > 2 * PostingArena.drainKeys)
        #expect(drained.files.map(\.path) == cached.files.map(\.path))
        #expect(drained.files.map(\.data) == cached.files.map(\.data))
    }

    /// A journal's file or a shard the output already holds under the same key is not
    /// compressed again; every other file is, and the keys and the manifest are those of a build
    /// with nothing in place.
    @Test func aJournalFileInPlaceIsNotMadeAgain() throws {
        let (content, bodies) = try Self.site(Self.journals)
        let all = SearchIndex(content: content, bodies: bodies)
        let keys = Dictionary(uniqueKeysWithValues: all.files.map { ($0.path, $0.key) })
        let sizes = Dictionary(uniqueKeysWithValues: all.files.map { ($0.path, $0.data?.count ?? -1) })
        let shard = try #require(all.files.first { $0.path.hasPrefix("search/k/") }?.path)
        let held = ["search/doc/1.json.gz", shard]
        let inPlace = SearchIndex(content: content, bodies: bodies) { path, key in held.contains(path) && keys[path] == key ? sizes[path] : nil }
        #expect(inPlace.files.map(\.key) == all.files.map(\.key))
        for file in inPlace.files {
            #expect((file.data == nil) == held.contains(file.path), "\(file.path)")
            if file.data != nil { #expect(file.data == all.files.first { $0.path == file.path }?.data, "\(file.path)") }
        }
        // The manifest gives the held shard's size all the same: the same manifest.
        #expect(inPlace.manifest == all.manifest)
        // A key that is not the file's: made.
        let stale = SearchIndex(content: content, bodies: bodies) { path, key in held.contains(path) && key != keys[path] ? sizes[path] : nil }
        #expect(stale.files.allSatisfy { $0.data != nil })
    }

    @Test func sameInputSameBytesAndANewJournalKeepsTheOthersFiles() throws {
        let (content, bodies) = try Self.site(Self.journals)
        let first = SearchIndex(content: content, bodies: bodies)
        let again = SearchIndex(content: content, bodies: bodies, cache: SearchMemo())
        #expect(first.files.map(\.path) == again.files.map(\.path))
        #expect(first.files.map(\.data) == again.files.map(\.data))
        let (grown, grownBodies) = try Self.site(Self.journals + [Self.journal("new", title: "새 저널", body: "새로운 내용", day: 9)])
        let next = SearchIndex(content: grown, bodies: grownBodies)
        let before = Dictionary(uniqueKeysWithValues: first.files.map { ($0.path, $0.data) })
        for number in 0..<3 {
            let path = "search/doc/\(number).json.gz"
            #expect(next.files.first { $0.path == path }?.data == before[path], "\(path)")
        }
        #expect(next.manifest != first.manifest)
    }

    @Test func aCacheGivesTheSameBytes() throws {
        let cache = SearchMemo()
        let (content, bodies) = try Self.site(Self.journals)
        _ = SearchIndex(content: content, bodies: bodies, cache: cache)
        var edited = Self.journals
        edited[2].setBody((edited[2].body ?? "") + "\n\n새 문단")
        let (changed, changedBodies) = try Self.site(edited)
        let cached = SearchIndex(content: changed, bodies: changedBodies, cache: cache)
        let fresh = SearchIndex(content: changed, bodies: changedBodies)
        #expect(cached.files.map(\.data) == fresh.files.map(\.data))
    }

    @Test func shardsStayNearTheirSize() throws {
        // 300 journals with many distinct words: several shards, none far beyond the target.
        let many = (0..<300).map { n in
            Self.journal("j\(n)", title: "저널 \(n)", body: (0..<60).map { "word\(n * 60 + $0) 단어\(n % 17)" }.joined(separator: " "), day: n)
        }
        let (content, bodies) = try Self.site(many)
        let index = SearchIndex(content: content, bodies: bodies)
        let shards = index.files.filter { $0.path.hasPrefix("search/k/") }
        #expect(shards.count > 10)
        for shard in shards {
            let compressed = try #require(shard.data)
            let raw = try #require(Deflate.decompress(compressed))
            #expect(raw.count < SearchIndex.shardBytes * 2, "\(shard.path): \(raw.count) bytes")
        }
    }
}
