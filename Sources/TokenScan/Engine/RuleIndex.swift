//===----------------------------------------------------------------------===//
// RuleIndex.swift: what the detector needs from the rule table, derived once.
//===----------------------------------------------------------------------===//

/// The rule table turned into lookups for the detector: the trigger bytes (every token finder's
/// anchor and every structure's triggers) and their SIMD mask, token prefixes bucketed by anchor
/// and neighbouring byte, the keyed and webhook finders in table order, and the key vocabulary
/// with a bitmap of its four-byte tails. Built once (``shared``); nothing here is written by hand
/// apart from the table itself.
final class RuleIndex: Sendable {
    /// The index of ``RuleTable/rows``.
    static let shared = RuleIndex(rows: RuleTable.rows)

    /// One token prefix.
    struct TokenEntry: Sendable {
        /// The rule it reports.
        let rule: ScanRule
        /// The prefix's bytes.
        let prefix: [UInt8]
        /// Where the anchor byte is in the prefix.
        let anchorOffset: Int
        /// A run before the prefix.
        let lead: ValueShape.Segment?
        /// The value after the prefix.
        let value: ValueShape
    }

    /// A token prefix without reference-counted fields, so the hot path reads it without copies:
    /// where its bytes are in ``prefixBytes`` and which entry of ``tokens`` it is.
    struct TokenHead: Sendable {
        let prefixStart: Int32
        let prefixLength: Int16
        let anchorOffset: Int16
    }

    /// A keyed finder and the rule it reports.
    struct KeyedEntry: Sendable {
        let rule: ScanRule
        let finder: KeyedFinder
        /// The keywords as bytes.
        let keywords: [[UInt8]]
        /// The key endings as bytes.
        let keyEndings: [[UInt8]]
        /// The last four bytes of each key ending (``RuleIndex/keyTail(_:)``), compared before the ending.
        let keyEndingTails: [UInt32]
        /// Every keyword's letter pairs (``RuleIndex/pairs(_:_:)``), OR-ed: a key whose pairs lack one of
        /// them contains none of the keywords. 0 for a row without keywords.
        let keywordPairs: [UInt64]
    }

    /// A webhook finder and the rule it reports.
    struct WebhookEntry: Sendable {
        let rule: ScanRule
        let hosts: [[UInt8]]
        let paths: [[UInt8]]
        let value: ValueShape
    }

    /// The trigger bytes, sorted.
    let triggers: [UInt8]
    /// Their SIMD mask.
    let mask: TriggerMask
    /// Every token prefix, grouped by bucket.
    let tokens: [TokenEntry]
    /// The same prefixes as plain numbers, in the same order.
    let heads: [TokenHead]
    /// The bytes of every prefix, one after another.
    let prefixBytes: [UInt8]
    /// For each (trigger slot, side, neighbouring byte): `start << 16 | end` into ``tokens``. The
    /// neighbour is the byte before the anchor for prefixes where the anchor is not the first
    /// byte (side 0), else the byte after it (side 1).
    private let buckets: [UInt32]
    /// Each byte's trigger slot, or -1.
    private let slots: [Int8]
    /// Whether a byte anchors any token prefix.
    private let anchors: ByteSet
    /// The rules found by a token prefix (a provider's documented shape): the only rules applied to
    /// a decoded carrier, where a keyed or generic match would be a guess about a guess.
    let tokenRules: Set<ScanRule>
    /// Keyed finders in table order (the generic rule last).
    let keyed: [KeyedEntry]
    /// Webhook finders.
    let webhooks: [WebhookEntry]
    /// The key endings that make a key secret-named, lowercase with `_`.
    let secretWords: [[UInt8]]
    /// The last four bytes of each of ``secretWords`` (``keyTail(_:)``): a key whose own tail differs
    /// cannot end in the word, so most words are passed over without reading the key.
    let secretWordTails: [UInt32]
    /// Words that make a key not secret-named (`public`).
    let publicWords: [[UInt8]]
    /// The letter pairs (``pairs(_:_:)``) of each of ``publicWords``: a key that lacks one of a
    /// word's pairs does not contain it.
    let publicWordPairs: [UInt64]
    /// Bit `trigger << 8 | before` is set when a check may start at `trigger` with `before` before it
    /// (a token prefix's neighbour, a structure that needs it or any byte); see ``mayFire(_:before:after:)``.
    private let firesBefore: [UInt64]
    /// The same for the byte after the trigger.
    private let firesAfter: [UInt64]
    /// A 65,536-bit map of the four-byte tails (lowercased with `| 0x20`, `_` and `-` both ways)
    /// of the secret words and header names, hashed to 16 bits.
    private let tails: [UInt64]

    /// Header names read by the engine, which also pass the tail map.
    static let headerNames = ["authorization", "cookie", "set_cookie"]

    /// The index of `rows`.
    init(rows: [RuleRow]) {
        var triggerSet = Set<UInt8>()
        var entries: [(slotKey: Int, entry: TokenEntry)] = []
        var keyed: [KeyedEntry] = []
        var webhooks: [WebhookEntry] = []
        var anchors = ByteSet()
        for row in rows {
            for finder in row.finders {
                switch finder {
                case let .token(token):
                    triggerSet.insert(token.anchor)
                    anchors.insert(token.anchor)
                    for prefix in token.prefixes {
                        let bytes = Array(prefix.utf8)
                        guard let offset = bytes.firstIndex(of: token.anchor) else {
                            preconditionFailure("\(row.rule.id): prefix \(prefix) lacks its anchor")
                        }
                        entries.append(
                            (0, TokenEntry(rule: row.rule, prefix: bytes, anchorOffset: offset, lead: token.lead, value: token.value)))
                    }
                case let .keyed(finder):
                    triggerSet.formUnion([UInt8(ascii: ":"), UInt8(ascii: "=")])
                    let keywords = finder.keywords.map { Array($0.utf8) }
                    let keyEndings = finder.keyEndings.map { Array($0.utf8) }
                    keyed.append(
                        KeyedEntry(
                            rule: row.rule, finder: finder, keywords: keywords, keyEndings: keyEndings,
                            keyEndingTails: keyEndings.map { ending in ending.withUnsafeBufferPointer { Self.keyTail($0) } },
                            keywordPairs: keywords.map { word in word.withUnsafeBufferPointer { Self.pairs($0, 0..<word.count) } }))
                case let .webhook(finder):
                    triggerSet.insert(UInt8(ascii: ":"))
                    webhooks.append(
                        WebhookEntry(
                            rule: row.rule, hosts: finder.hosts.map { Array($0.utf8) }, paths: finder.paths.map { Array($0.utf8) },
                            value: finder.value))
                case let .engine(engine):
                    triggerSet.formUnion(engine.triggers)
                }
            }
        }
        triggers = triggerSet.sorted()
        mask = TriggerMask(triggers)
        var slots = [Int8](repeating: -1, count: 256)
        for (slot, byte) in triggers.enumerated() { slots[Int(byte)] = Int8(slot) }
        // Bucket key: slot * 512 + side * 256 + neighbour.
        for index in entries.indices {
            let entry = entries[index].entry
            let slot = Int(slots[Int(entry.prefix[entry.anchorOffset])])
            let side = entry.anchorOffset > 0 ? 0 : 1
            let neighbour = side == 0 ? entry.prefix[entry.anchorOffset - 1] : entry.prefix.count > 1 ? entry.prefix[1] : 0
            entries[index].slotKey = slot * 512 + side * 256 + Int(neighbour)
        }
        entries.sort { $0.slotKey < $1.slotKey }
        var buckets = [UInt32](repeating: 0, count: triggers.count * 512)
        var position = 0
        while position < entries.count {
            let key = entries[position].slotKey
            var end = position
            while end < entries.count, entries[end].slotKey == key { end += 1 }
            buckets[key] = UInt32(position) << 16 | UInt32(end)
            position = end
        }
        var firesBefore = [UInt64](repeating: 0, count: 1024)
        var firesAfter = [UInt64](repeating: 0, count: 1024)
        func set(_ table: inout [UInt64], _ trigger: UInt8, _ neighbour: Int) {
            let bit = Int(trigger) << 8 | neighbour
            table[bit >> 6] |= 1 << UInt64(bit & 63)
        }
        for (slot, trigger) in triggers.enumerated() {
            let need = CandidateDetector.structureNeed(of: trigger)
            if need.any { for neighbour in 0..<256 { set(&firesBefore, trigger, neighbour) } }
            for byte in need.before { set(&firesBefore, trigger, Int(byte)) }
            for byte in need.after { set(&firesAfter, trigger, Int(byte)) }
            // A prefix's bucket is empty (0) or holds its entries (`start << 16 | end`, end > start).
            for neighbour in 0..<256 {
                if buckets[slot * 512 + neighbour] != 0 { set(&firesBefore, trigger, neighbour) }
                if buckets[slot * 512 + 256 + neighbour] != 0 { set(&firesAfter, trigger, neighbour) }
            }
        }
        self.firesBefore = firesBefore
        self.firesAfter = firesAfter
        tokens = entries.map(\.entry)
        tokenRules = Set(tokens.map(\.rule))
        var prefixBytes: [UInt8] = []
        heads = tokens.map { entry in
            defer { prefixBytes += entry.prefix }
            return TokenHead(
                prefixStart: Int32(prefixBytes.count), prefixLength: Int16(entry.prefix.count), anchorOffset: Int16(entry.anchorOffset))
        }
        self.prefixBytes = prefixBytes
        self.buckets = buckets
        self.slots = slots
        self.anchors = anchors
        self.keyed = keyed
        self.webhooks = webhooks
        let words = Set(keyed.flatMap(\.finder.keyEndings))
        secretWords = words.sorted().map { Array($0.utf8) }
        secretWordTails = secretWords.map { word in word.withUnsafeBufferPointer { Self.keyTail($0) } }
        publicWords = RuleTable.publicKeyWords.map { Array($0.utf8) }
        publicWordPairs = publicWords.map { word in word.withUnsafeBufferPointer { Self.pairs($0, 0..<word.count) } }
        var tails = [UInt64](repeating: 0, count: 1024)
        for word in words.union(Self.headerNames) {
            for tail in Self.tails(of: Array(word.utf8)) {
                let bit = Self.hash(tail)
                tails[bit >> 6] |= 1 << UInt64(bit & 63)
            }
        }
        self.tails = tails
    }

    /// The four-byte tails of `word` as a key would load them, with each `_` read both as `_` and `-`.
    static func tails(of word: [UInt8]) -> [UInt32] {
        precondition(word.count >= 4, "key words are at least four bytes long")
        var variants: [[UInt8]] = [Array(word.suffix(4))]
        for position in 0..<4 where variants[0][position] == UInt8(ascii: "_") {
            variants += variants.map { variant in
                var dashed = variant
                dashed[position] = UInt8(ascii: "-")
                return dashed
            }
        }
        return variants.map { bytes in
            (UInt32(bytes[0]) | UInt32(bytes[1]) << 8 | UInt32(bytes[2]) << 16 | UInt32(bytes[3]) << 24) | 0x2020_2020
        }
    }

    /// The letter pairs of `bytes[range]` (lowercased, `-` read as `_`) as bits of a 64-bit set: a
    /// word can only be inside a key whose pairs include all of its own.
    @inline(__always)
    static func pairs(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> UInt64 {
        var set: UInt64 = 0
        var previous: UInt8 = 0
        for index in range {
            var byte = ByteClass.lowercased(bytes[index])
            if byte == UInt8(ascii: "-") { byte = UInt8(ascii: "_") }
            if index > range.lowerBound { set |= 1 << UInt64((previous &* 31 &+ byte) & 63) }
            previous = byte
        }
        return set
    }

    /// The last four bytes of the key `range` of `line` (``keyTail(_:)``), or 0 when the key is shorter
    /// or not all in the line (it then ends in no key word).
    @inline(__always)
    static func keyTail(_ line: LineView, _ range: Range<Int>) -> UInt32 {
        guard range.count >= 4, range.upperBound >= 4, range.upperBound <= line.count, let base = line.bytes.baseAddress else { return 0 }
        return keyTail(UnsafeBufferPointer(start: base + (range.upperBound - 4), count: 4))
    }

    /// The last four bytes of `bytes` as a key word spells them (lowercased, `-` read as `_`), as one
    /// little-endian number; 0 when there are fewer than four (every key word has four or more).
    @inline(__always)
    static func keyTail(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        guard bytes.count >= 4 else { return 0 }
        var tail: UInt32 = 0
        for index in (bytes.count - 4)..<bytes.count {
            var byte = ByteClass.lowercased(bytes[index])
            if byte == UInt8(ascii: "-") { byte = UInt8(ascii: "_") }
            tail = tail >> 8 | UInt32(byte) << 24
        }
        return tail
    }

    /// A 16-bit hash of a tail.
    @inline(__always)
    static func hash(_ tail: UInt32) -> Int { Int((tail &* 0x9E37_79B1) >> 16) }

    /// Whether a key whose last four bytes load (little-endian, `| 0x2020_2020`) as `tail` may end in
    /// a secret word or header name; `false` means it cannot.
    @inline(__always)
    func mayEndKeyword(tail: UInt32) -> Bool {
        let bit = Self.hash(tail)
        return (tails[bit >> 6] >> UInt64(bit & 63)) & 1 != 0
    }

    /// Whether a check may start at the trigger `byte` between `before` and `after` (0 outside the
    /// line, as ``LineView`` reads it): `false` only when no token prefix has those neighbours and no
    /// structure of ``CandidateDetector/structureNeed(of:)`` starts there, so the trigger finds
    /// nothing (apart from a key word ending before it, which the detector tests itself).
    @inline(__always)
    func mayFire(_ byte: UInt8, before: UInt8, after: UInt8) -> Bool {
        let row = Int(byte) &<< 8
        let first = row | Int(before)
        let second = row | Int(after)
        return (firesBefore[first &>> 6] &>> UInt64(first & 63)) & 1 | (firesAfter[second &>> 6] &>> UInt64(second & 63)) & 1 != 0
    }

    /// Whether `byte` anchors a token prefix.
    @inline(__always)
    func anchorsTokens(_ byte: UInt8) -> Bool { anchors.contains(byte) }

    /// The token entries for the trigger `byte` with the neighbouring bytes `before` and `after`.
    @inline(__always)
    func tokenRanges(for byte: UInt8, before: UInt8, after: UInt8) -> (Range<Int>, Range<Int>) {
        let slot = Int(slots[Int(byte)])
        guard slot >= 0 else { return (0..<0, 0..<0) }
        let first = buckets[slot * 512 + Int(before)]
        let second = buckets[slot * 512 + 256 + Int(after)]
        return (Int(first >> 16)..<Int(first & 0xFFFF), Int(second >> 16)..<Int(second & 0xFFFF))
    }
}
