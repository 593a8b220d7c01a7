//===----------------------------------------------------------------------===//
// CandidateDetector.swift: the byte-level prefilter and the generic matcher for one line.
//===----------------------------------------------------------------------===//

/// Finds candidate secrets in one line. One pass over the bytes, 16 at a time, finds the trigger
/// bytes that ``RuleIndex`` derived from the rule table; only they start a check. A trigger that
/// anchors token prefixes looks up the prefixes whose neighbouring byte matches and checks each
/// row's shape; `:`, `=`, `-`, `J` and `L` also start the engine's structures (URLs, assignments,
/// PEM headers and carriers, options, JWTs). Lines that start like a `.netrc` entry or a fastlane
/// table row are read once per line. No regular expressions, no `String`.
enum CandidateDetector {
    /// Where a `-----BEGIN … PRIVATE KEY-----` header is: its first byte and the byte after it.
    struct PEMHeader: Equatable {
        /// The first `-` of the header.
        var start: Int
        /// The first byte after the header's closing `-----`.
        var bodyStart: Int
    }

    /// Appends every candidate in `line` to `candidates` and every PEM private key header to `pemHeaders`.
    ///
    /// A line of 16 bytes or more is read 16 bytes (two words) at a time through the index's ``TriggerMask``, and
    /// only the trigger bytes it marks are visited, in order. The last block is the line's last 16
    /// bytes with the bytes already visited masked off, so no read leaves the line. A shorter line is
    /// copied into two zero-padded words (0 is no trigger). The tests compare all of it with
    /// ``detectByteByByte(_:index:candidates:pemHeaders:)``.
    static func detect(
        _ line: LineView, index: RuleIndex = .shared, candidates: inout [RawCandidate], pemHeaders: inout [PEMHeader]
    ) {
        let count = line.count
        guard count >= 4 else { return }
        lineStart(line, index, &candidates)
        let mask = index.mask
        guard count >= 16, let base = line.bytes.baseAddress else {
            var words: (UInt64, UInt64) = (0, 0)
            for position in 0..<count {
                let byte = UInt64(line.bytes[position]) &<< UInt64((position & 7) &* 8)
                if position < 8 { words.0 |= byte } else { words.1 |= byte }
            }
            visit(mask.of(words.0), at: 0, line, index, &candidates, &pemHeaders)
            visit(mask.of(words.1), at: 8, line, index, &candidates, &pemHeaders)
            return
        }
        let raw = UnsafeRawPointer(base)
        let last = count - 16
        var offset = 0
        while offset <= last {
            let words = mask.block(raw, at: offset)
            visit(words.low, at: offset, line, index, &candidates, &pemHeaders)
            visit(words.high, at: offset &+ 8, line, index, &candidates, &pemHeaders)
            offset &+= 16
        }
        guard offset < count else { return }
        // The line's last 16 bytes, without the `seen` (1–15) already visited.
        let words = mask.block(raw, at: last)
        let seen = offset &- last
        if seen < 8 {
            visit(words.low & (UInt64.max &<< UInt64(seen &* 8)), at: last, line, index, &candidates, &pemHeaders)
            visit(words.high, at: last &+ 8, line, index, &candidates, &pemHeaders)
        } else {
            visit(words.high & (UInt64.max &<< UInt64((seen &- 8) &* 8)), at: last &+ 8, line, index, &candidates, &pemHeaders)
        }
    }

    /// Fires the trigger of each byte marked (`0x80`) in `word`, which holds the 8 bytes from `offset`;
    /// inlined into the block loop, which so costs one test for 8 bytes without a trigger.
    @inline(__always)
    private static func visit(
        _ word: UInt64, at offset: Int, _ line: LineView, _ index: RuleIndex, _ candidates: inout [RawCandidate],
        _ pemHeaders: inout [PEMHeader]
    ) {
        var marked = word
        while marked != 0 {
            let position = offset &+ (marked.trailingZeroBitCount &>> 3)
            let byte = line.bytes[position]
            if mayFire(byte, line, position, index) { fire(byte, line, position, index, &candidates, &pemHeaders) }
            marked &= marked &- 1
        }
    }

    /// Whether the trigger `byte` at `position` may start a check: most (`A` of `App`, `_` of
    /// `GITHUB_SHA`, `:` of `12:34:56`, `-` of `x-request-id`) have neighbours no check starts with,
    /// and are passed over without the call. `:` and `=` also fire where a key word may end right
    /// before them, `-` where dashes follow at 5 and 10 (``structureNeed(of:)``; the tests hold the
    /// two to each other).
    @inline(__always)
    static func mayFire(_ byte: UInt8, _ line: LineView, _ position: Int, _ index: RuleIndex) -> Bool {
        if index.mayFire(byte, before: line[position &- 1], after: line[position &+ 1]) { return true }
        switch byte {
        case UInt8(ascii: ":"), UInt8(ascii: "="): return mayEndKeyword(line, position &- 1, index: index)
        case UInt8(ascii: "-"): return line[position &+ 5] == UInt8(ascii: "-") && line[position &+ 10] == UInt8(ascii: "-")
        default: return false
        }
    }

    /// The same as ``detect(_:index:candidates:pemHeaders:)``, one byte at a time.
    static func detectByteByByte(
        _ line: LineView, index: RuleIndex = .shared, candidates: inout [RawCandidate], pemHeaders: inout [PEMHeader]
    ) {
        guard line.count >= 4 else { return }
        lineStart(line, index, &candidates)
        scanByteByByte(line, index, &candidates, &pemHeaders)
    }

    /// Visits every trigger byte of `line` in order.
    private static func scanByteByByte(
        _ line: LineView, _ index: RuleIndex, _ candidates: inout [RawCandidate], _ pemHeaders: inout [PEMHeader]
    ) {
        let triggers = index.triggers
        var position = 0
        while position < line.count {
            let byte = line.bytes[position]
            if triggers.contains(byte) { fire(byte, line, position, index, &candidates, &pemHeaders) }
            position += 1
        }
    }

    /// What the structure checks of ``fire(_:_:_:_:_:_:)`` need around their trigger byte, for
    /// ``RuleIndex/mayFire(_:before:after:)``: kept beside the switch that they describe.
    struct StructureNeed: Equatable {
        /// A check may start whatever the neighbours.
        var any = false
        /// Bytes before the trigger that a check may start with (`y` of `eyJ`; the spaces, quotes
        /// and backslash an assignment's key may end in before its `:` or `=`).
        var before: [UInt8] = []
        /// Bytes after the trigger that a check may start with (`S` of `LS0tLS1CRUdJT`, `/` of `://`).
        var after: [UInt8] = []
        /// A check also starts where the four bytes before the trigger may end a key word
        /// (``mayEndKeyword(_:_:index:)``): an assignment whose key ends right before it.
        var keyBefore = false
        /// A check also starts where the 5th and 10th bytes after the trigger are `-` (the groups of
        /// an app-specific password).
        var dashesAhead = false
    }

    /// What the structure checks that `byte` triggers in ``fire(_:_:_:_:_:_:)`` need around it.
    static func structureNeed(of byte: UInt8) -> StructureNeed {
        // ``assignment`` skips spaces, a quote and a backslash back from its trigger before it
        // reads the key; any other byte before it is the key's last (``mayEndKeyword``).
        let keySkips = Array(" \t\"'\\".utf8)
        switch byte {
        // ``dash``: an option after a space, a quote or the line's start (0), `--` and PEM headers,
        // app-specific passwords.
        case UInt8(ascii: "-"):
            return StructureNeed(before: Array(" \t\"'\0".utf8), after: [UInt8(ascii: "-")], dashesAhead: true)
        case UInt8(ascii: ":"): return StructureNeed(before: keySkips, after: [UInt8(ascii: "/")], keyBefore: true)
        case UInt8(ascii: "="): return StructureNeed(before: keySkips, keyBefore: true)
        case UInt8(ascii: "J"): return StructureNeed(before: [UInt8(ascii: "y")])
        case UInt8(ascii: "L"): return StructureNeed(after: [UInt8(ascii: "S")])
        default: return StructureNeed()
        }
    }

    /// Runs the checks that the trigger `byte` at `position` starts: a call of its own, so that the
    /// block loop stays small.
    @inline(never)
    private static func fire(
        _ byte: UInt8, _ line: LineView, _ position: Int, _ index: RuleIndex, _ candidates: inout [RawCandidate],
        _ pemHeaders: inout [PEMHeader]
    ) {
        if index.anchorsTokens(byte) { tokens(byte, line, position, index, &candidates) }
        switch byte {
        case UInt8(ascii: ":"): colon(line, position, index, &candidates)
        case UInt8(ascii: "="): equals(line, position, index, &candidates)
        case UInt8(ascii: "-"): dash(line, position, index, &candidates, &pemHeaders)
        case UInt8(ascii: "J"): jsonWebToken(line, position, &candidates)
        case UInt8(ascii: "L"): encodedPEM(line, position, &candidates)
        default: return
        }
    }

    // MARK: - Token prefixes (table rows)

    /// Checks the token prefixes anchored on the `byte` at `position` whose neighbouring byte matches.
    @inline(__always)
    private static func tokens(_ byte: UInt8, _ line: LineView, _ position: Int, _ index: RuleIndex, _ out: inout [RawCandidate]) {
        let (before, after) = index.tokenRanges(for: byte, before: line[position - 1], after: line[position + 1])
        for entry in before where prefixMatches(index, entry, line, position) { token(index.tokens[entry], line, position, &out) }
        for entry in after where prefixMatches(index, entry, line, position) { token(index.tokens[entry], line, position, &out) }
    }

    /// Whether the prefix of token entry `entry` is in `line` around the anchor at `position`, read
    /// from the index's plain arrays (no copy of the entry).
    @inline(__always)
    private static func prefixMatches(_ index: RuleIndex, _ entry: Int, _ line: LineView, _ position: Int) -> Bool {
        let head = index.heads[entry]
        let start = position - Int(head.anchorOffset)
        let length = Int(head.prefixLength)
        guard start >= 0, start + length <= line.count else { return false }
        return index.prefixBytes.withUnsafeBufferPointer { bytes in
            let first = Int(head.prefixStart)
            for offset in 0..<length where line.bytes[start + offset] != bytes[first + offset] { return false }
            return true
        }
    }

    /// One prefix (already matched): the boundary or lead run before, the value after.
    private static func token(_ entry: RuleIndex.TokenEntry, _ line: LineView, _ position: Int, _ out: inout [RawCandidate]) {
        let start = position - entry.anchorOffset
        var first = start
        if case let .run(alphabet, length)? = entry.lead {
            var run = 0
            while run <= length.upperBound, alphabet.contains(line[start - 1 - run]) { run += 1 }
            guard length.contains(run) else { return }
            first = start - run
        } else if ByteClass.isAlphanumeric(line[start - 1]) {
            return
        }
        let valueStart = start + entry.prefix.count
        guard let end = entry.value.match(line, from: valueStart) else {
            // Word bytes from the prefix to the line's end: a token wrapping may have cut (#40).
            let rest = line.count - valueStart
            if rest >= 0, rest < RawCandidate.maximumCutLength,
                line.run(from: valueStart, classes: ByteClass.alphanumeric | ByteClass.urlExtra) == rest
            {
                out.append(RawCandidate(rule: entry.rule, start: first, end: line.count, isCut: true))
            }
            return
        }
        out.append(RawCandidate(rule: entry.rule, start: first, end: end))
    }

    // MARK: - `-`: PEM headers, options, Apple app-specific passwords

    /// `-----BEGIN … PRIVATE KEY-----`, `--password value`, `-p value`, `abcd-efgh-ijkl-mnop`.
    private static func dash(
        _ line: LineView, _ position: Int, _ index: RuleIndex, _ out: inout [RawCandidate], _ pemHeaders: inout [PEMHeader]
    ) {
        let before = line[position - 1]
        if before == UInt8(ascii: "-") { return }
        let next = line[position + 1]
        if next == UInt8(ascii: "-") {
            if let header = pemHeader(line, position) {
                pemHeaders.append(header)
            } else if isOptionStart(before) {
                longOption(line, position, index, &out)
            }
            return
        }
        if isOptionStart(before), ByteClass.isIn(next, ByteClass.lower | ByteClass.upper), line[position + 2] == UInt8(ascii: " ") {
            shortOption(line, position, &out)
            return
        }
        // Most dashes (dates, UUIDs, flags) fail here without a call.
        guard line[position + 5] == UInt8(ascii: "-"), line[position + 10] == UInt8(ascii: "-") else { return }
        appSpecificPassword(line, position, &out)
    }

    /// Whether `byte` may stand before an option's dash: a space, a tab, a quote or the line's start.
    @inline(__always)
    private static func isOptionStart(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == 0 || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\"")
            || byte == UInt8(ascii: "'")
    }

    /// `-----BEGIN <label> PRIVATE KEY-----` (or `PRIVATE KEY BLOCK`) at `position`.
    static func pemHeader(_ line: LineView, _ position: Int) -> PEMHeader? {
        guard line.matches("-----BEGIN ", at: position) else { return nil }
        var close = position + 11
        let limit = min(line.count, position + 64)
        while close < limit, line[close] != UInt8(ascii: "-") { close += 1 }
        guard close < limit, line.matches("-----", at: close) else { return nil }
        guard line.matches("PRIVATE KEY", at: close - 11) || line.matches("PRIVATE KEY BLOCK", at: close - 17) else { return nil }
        return PEMHeader(start: position, bodyStart: close + 5)
    }

    /// Four groups of four lowercase letters joined by `-`, on a line that names such passwords.
    private static func appSpecificPassword(_ line: LineView, _ position: Int, _ out: inout [RawCandidate]) {
        guard !ByteClass.isWord(line[position - 5]), line[position + 5] == UInt8(ascii: "-"),
            line[position + 10] == UInt8(ascii: "-"), !ByteClass.isWord(line[position + 15])
        else { return }
        for group in [position - 4, position + 1, position + 6, position + 11]
        where line.run(from: group, classes: ByteClass.lower, limit: 4) != 4 {
            return
        }
        guard
            line.containsIgnoringCase("password") || line.containsIgnoringCase("app-specific")
                || line.containsIgnoringCase("app_specific") || line.containsIgnoringCase("altool")
                || line.containsIgnoringCase("appspecific")
        else { return }
        out.append(RawCandidate(rule: .appleAppSpecificPassword, start: position - 4, end: position + 15))
    }

    // MARK: - `J`: JWTs

    /// `eyJ` + header `.` payload `.` signature, in base64url.
    private static func jsonWebToken(_ line: LineView, _ position: Int, _ out: inout [RawCandidate]) {
        let start = position - 2
        guard line[start] == UInt8(ascii: "e"), line[position - 1] == UInt8(ascii: "y"),
            !ByteClass.isWord(line[start - 1]), line[start - 1] != UInt8(ascii: ".")
        else { return }
        let classes = ByteClass.alphanumeric | ByteClass.urlExtra
        let header = line.run(from: start, classes: classes, limit: 4096)
        guard header >= 10, line[start + header] == UInt8(ascii: ".") else { return }
        let payloadStart = start + header + 1
        let payload = line.run(from: payloadStart, classes: classes, limit: 65536)
        guard payload >= 2, line[payloadStart + payload] == UInt8(ascii: ".") else { return }
        let signatureStart = payloadStart + payload + 1
        let signature = line.run(from: signatureStart, classes: classes, limit: 4096)
        let isJSON =
            Base64Carrier.decodesToJSONObject(line.slice(start..<(start + header)))
            && Base64Carrier.decodesToJSONObject(line.slice(payloadStart..<(payloadStart + payload)))
        out.append(
            RawCandidate(
                rule: .jsonWebToken, start: start, end: signatureStart + signature, presetReason: isJSON ? nil : .notJSON))
    }

    // MARK: - `L`: base64 of a PEM private key

    /// `LS0tLS1CRUdJT…` (base64 of `-----BEGIN`) that decodes to a private key block: reported as the
    /// private key, fingerprinted like the plain block.
    private static func encodedPEM(_ line: LineView, _ position: Int, _ out: inout [RawCandidate]) {
        guard line.matches("LS0tLS1CRUdJT", at: position), !ByteClass.isAlphanumeric(line[position - 1]) else { return }
        let length = line.run(
            from: position, classes: ByteClass.alphanumeric | ByteClass.standardExtra, extra: UInt8(ascii: "="), limit: 1 << 16)
        guard
            let key = Base64Carrier.pemPrivateKey(
                encoded: line.slice(position..<(position + length)), endsLine: position + length >= line.count)
        else { return }
        out.append(
            RawCandidate(rule: .privateKey, start: position, end: position + length, presetReason: key.reason, innerSecret: key.body))
    }
}
