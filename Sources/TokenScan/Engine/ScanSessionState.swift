//===----------------------------------------------------------------------===//
// ScanSessionState.swift: the state and work of one scan session, as a value.
//===----------------------------------------------------------------------===//

import GateCore

/// Scans one file or stream fed in chunks of any size, holding at most one partial line
/// (capped at ``maximumLineLength``) between chunks, plus the first 8 KiB until it has decided
/// whether the input is binary. Lines are found with `memchr`; a line with an escape byte is
/// copied once without its ANSI sequences; PEM blocks are followed across lines.
///
/// A struct so that the per-line work runs without the runtime exclusivity checks a class's
/// stored properties would need; ``ScanSession`` wraps it.
struct ScanSessionState {
    /// The longest line scanned whole; a longer one is scanned in pieces of this size (a secret
    /// across a piece boundary may be missed; a note says so).
    static let maximumLineLength = 1 << 20
    /// A NUL byte in this many leading bytes makes the input binary (skipped, with a note, unless
    /// ``ScanConfiguration/scansBinaryContent`` says to scan its text anyway).
    static let binaryProbeLength = 8192

    private let configuration: ScanConfiguration
    private let allow: AllowList
    private var result: FileScanResult
    private var head: [UInt8] = []
    private var decided = false
    private var isBinary = false
    private var carry: [UInt8] = []
    private var lineNumber = 1
    /// Bytes of the earlier pieces of a line longer than the line bound, as read.
    private var columnOffset = 0
    /// The offset in the input of the first byte of the line being scanned, so a finding carries
    /// the span the archive replaces without going back through lines and columns.
    private var lineStart = 0
    private var longLineNoted = false
    /// The PEM block still open at the end of the previous line.
    private var pem: PEMBlock? {
        didSet { pemOpen = pem != nil }
    }
    /// Whether ``pem`` is set: a flag, so the per-line check does not copy the (large) optional.
    private var pemOpen = false
    /// Where the open PEM block would end if the next line does not go on with it.
    private var pemEnd = Location(line: 1, column: 1, sarifColumn: 1, offset: 0)
    private var candidates: [RawCandidate] = []
    private var headers: [CandidateDetector.PEMHeader] = []
    private var stripped: [UInt8] = []
    /// The candidate being judged (reused; see ``emit(_:_:)``).
    private var secretScratch: [UInt8] = []
    /// The rule table's index.
    private let index = RuleIndex.shared
    /// The line being scanned as read (CR dropped, ANSI sequences kept), for SARIF's columns; valid
    /// only while it is scanned.
    private var rawLine = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    /// Whether ANSI sequences were removed from the line being scanned.
    private var rawLineStripped = false
    /// `false` when the line being scanned is known to hold no `%` or `\\` (the chunk was searched
    /// for them, as for escape bytes), so its carriers need no search of their own; `nil` when unknown.
    private var lineHasCarrierEscape: Bool? = nil
    /// UTF-16 code units of the earlier pieces of a line longer than the line bound.
    private var sarifColumnOffset = 0
    /// The prefix this file's lines share (`build_1  | `), once learnt from its first lines.
    private var learntPrefix: [UInt8] = []
    /// The prefix being learnt, and how many lines have confirmed it.
    private var learning: (prefix: [UInt8], lines: Int)? = ([], 0)
    /// The decoded text of the carrier being read (reused).
    private var decoded = DecodedRun()
    /// Candidates and PEM headers found in decoded text (reused).
    private var carrierCandidates: [RawCandidate] = []
    private var carrierHeaders: [CandidateDetector.PEMHeader] = []
    /// The token-shaped run the previous line ended in, which the next line may finish
    /// (``ScanCarrier/wrapped``), with the location of each of its bytes and of its end.
    private var pendingTail: [UInt8] = []
    /// The location of the tail's first byte; the next bytes follow it one column each, unless the
    /// line had escape sequences removed, when ``pendingTailLocations`` holds each byte's.
    private var pendingTailStart = Location(line: 1, column: 1, sarifColumn: 1, offset: 0)
    private var pendingTailLocations: [Location] = []
    private var pendingTailEnd = Location(line: 1, column: 1, sarifColumn: 1, offset: 0)
    /// The most bytes of the next line joined to a held tail.
    static let maximumTailLength = 128
    /// How far ahead of a line its chunk is searched for the bytes that ANSI sequences and carriers
    /// start with: small enough that the bytes are still in the cache when their lines are read.
    static let rareByteWindow = 16 << 10

    /// A place in the input: line, byte column of the line without ANSI sequences (the contract's
    /// column) and UTF-16 column of the line as read (SARIF's), both 1-based, and the 0-based byte
    /// offset in the input as read (the archive's).
    struct Location {
        var line: Int
        var column: Int
        var sarifColumn: Int
        var offset: Int

        /// The bytes from here to `end`; never a reversed range, which would trap, whatever the
        /// input (an end is never before its start, but a log is hostile input).
        func bytes(to end: Location) -> Range<Int> { offset..<max(offset, end.offset) }
    }

    /// A session for the input displayed as `displayPath`.
    init(configuration: ScanConfiguration, displayPath: String) {
        self.configuration = configuration
        allow = AllowList(configuration.allow)
        result = FileScanResult(file: displayPath)
    }

    // MARK: - Input

    /// Scans the next bytes of the input.
    mutating func feed(_ chunk: UnsafeRawBufferPointer) {
        guard !isBinary, !chunk.isEmpty else { return }
        guard decided else {
            head.append(contentsOf: chunk)
            guard head.count >= Self.binaryProbeLength else { return }
            decide()
            return
        }
        consume(chunk.assumingMemoryBound(to: UInt8.self))
    }

    /// Scans what is left (a last line without a newline, an open PEM block) and returns the
    /// result, findings sorted by line and column. The session must not be fed afterwards.
    mutating func finish() -> FileScanResult {
        if !decided { decide() }
        if !isBinary {
            if !carry.isEmpty {
                let line = carry
                line.withUnsafeBufferPointer { processLine($0) }
                carry.removeAll()
                endLine(nextStart: result.byteCount)
            }
            if let block = pem {
                pem = nil
                close(block, end: pemEnd)
            }
        }
        secretScratch.removeAll()
        result.findings.sort()
        return result
    }

    /// Decides binary or text from the head, then scans the head if it is text.
    private mutating func decide() {
        decided = true
        let binary = head.prefix(Self.binaryProbeLength).contains(0)
        if binary, !configuration.scansBinaryContent {
            isBinary = true
            result.notes.append(
                ScanNote(file: result.file, kind: .binary, message: "binary file (a NUL byte in the first 8 KiB); not scanned"))
        } else {
            if binary {
                result.notes.append(
                    ScanNote(
                        file: result.file, kind: .binaryScanned,
                        message: "binary content (a NUL byte in the first 8 KiB); the text in it was scanned"))
            }
            let bytes = head
            head = []
            bytes.withUnsafeBufferPointer { consume($0) }
        }
        head = []
    }

    /// Splits `bytes` into lines, joining the partial line held from the previous chunk.
    private mutating func consume(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress else { return }
        let chunkStart = result.byteCount
        result.byteCount += bytes.count
        var position = 0
        // The rare bytes a line is checked for are searched once a window (``rareByteWindow``), not
        // once a line: the escape byte and the trail byte of U+009B (the single-byte CSI), for ANSI
        // sequences, and the escapes of URL and JSON carriers (`%`, `\`). Each of `nextEscape`,
        // `nextCSI`, `nextPercent`, `nextBackslash` is the index of the next such byte at or after
        // `position`, or `searched` when there is none before it. The window keeps the bytes just
        // searched in the cache for the lines read from them (four searches of the whole 1 MiB
        // chunk ahead of its lines read it from memory four more times).
        var searched = 0
        var nextEscape = 0
        var nextCSI = 0
        var nextPercent = 0
        var nextBackslash = 0
        // The least of the four (a U+009B's lead byte for `nextCSI`): a line that ends before it
        // and before `searched` holds none of them.
        var nextRare = 0
        func search(_ byte: UInt8, from start: Int, to limit: Int) -> Int {
            guard start < limit, let found = memchr(base + start, Int32(byte), limit - start) else { return limit }
            return UnsafeRawPointer(found) - UnsafeRawPointer(base)
        }
        while position < bytes.count {
            guard let found = memchr(base + position, 0x0A, bytes.count - position) else {
                appendToCarry(UnsafeBufferPointer(rebasing: bytes[position...]))
                return
            }
            let end = UnsafeRawPointer(found) - UnsafeRawPointer(base)
            let piece = UnsafeBufferPointer(rebasing: bytes[position..<end])
            if carry.isEmpty, searched >= end, nextRare >= end {
                // Most lines: searched, and none of the four bytes in them.
                lineHasCarrierEscape = false
                processLine(piece, knownEscapeFree: true)
                lineHasCarrierEscape = nil
            } else if carry.isEmpty {
                if searched < end {
                    // Those with none before the old limit go on from there (or from here, past it).
                    let from = max(searched, position)
                    let limit = min(bytes.count, max(end, position + Self.rareByteWindow))
                    if nextEscape == searched { nextEscape = search(ANSIStripper.escape, from: from, to: limit) }
                    if nextCSI == searched { nextCSI = search(ANSIEscapes.csiTrail, from: from, to: limit) }
                    if nextPercent == searched { nextPercent = search(UInt8(ascii: "%"), from: from, to: limit) }
                    if nextBackslash == searched { nextBackslash = search(UInt8(ascii: "\\"), from: from, to: limit) }
                    searched = limit
                }
                if nextEscape < position { nextEscape = search(ANSIStripper.escape, from: position, to: searched) }
                if nextCSI < position { nextCSI = search(ANSIEscapes.csiTrail, from: position, to: searched) }
                if nextPercent < position { nextPercent = search(UInt8(ascii: "%"), from: position, to: searched) }
                if nextBackslash < position { nextBackslash = search(UInt8(ascii: "\\"), from: position, to: searched) }
                nextRare = min(nextEscape, nextCSI - 1, nextPercent, nextBackslash)
                // A U+009B's C2 lead byte is the byte before its trail, the line's first at the earliest.
                let csi = nextCSI < searched ? max(position, nextCSI - 1) : nextCSI
                lineHasCarrierEscape = nextPercent >= end && nextBackslash >= end ? false : nil
                processLine(piece, knownEscapeFree: nextEscape >= end && csi >= end)
                lineHasCarrierEscape = nil
            } else {
                appendToCarry(piece)
                let line = carry
                line.withUnsafeBufferPointer { processLine($0) }
                carry.removeAll(keepingCapacity: true)
            }
            endLine(nextStart: chunkStart + end + 1)
            position = end + 1
        }
    }

    /// Holds part of a line until its newline arrives; scans it in pieces past the line bound.
    private mutating func appendToCarry(_ piece: UnsafeBufferPointer<UInt8>) {
        var rest = piece[...]
        while carry.count + rest.count > Self.maximumLineLength {
            let take = Self.maximumLineLength - carry.count
            carry.append(contentsOf: rest.prefix(take))
            rest = rest.dropFirst(take)
            let line = carry
            line.withUnsafeBufferPointer {
                processLine($0)
                sarifColumnOffset += UTF16Columns.count($0[...])
            }
            columnOffset += carry.count
            carry.removeAll(keepingCapacity: true)
            if !longLineNoted {
                longLineNoted = true
                result.notes.append(
                    ScanNote(
                        file: result.file, kind: .longLine,
                        message: "line \(lineNumber) is longer than 1 MiB; scanned in 1 MiB pieces, so a secret across "
                            + "a piece boundary may be missed"))
            }
        }
        carry.append(contentsOf: rest)
    }

    /// Moves to the next line, which starts at offset `nextStart` of the input.
    private mutating func endLine(nextStart: Int) {
        result.lineCount += 1
        lineNumber += 1
        lineStart = nextStart
        columnOffset = 0
        sarifColumnOffset = 0
        longLineNoted = false
    }

    // MARK: - One line

    /// Drops a trailing CR, removes ANSI sequences when there is an escape byte, and scans.
    ///
    /// - Parameter knownEscapeFree: the caller already knows `raw` holds no escape byte.
    private mutating func processLine(_ raw: UnsafeBufferPointer<UInt8>, knownEscapeFree: Bool = false) {
        var line = raw
        if line.last == 0x0D { line = UnsafeBufferPointer(rebasing: line.dropLast()) }
        rawLine = line
        defer { rawLine = UnsafeBufferPointer(start: nil, count: 0) }
        guard line.baseAddress != nil, !line.isEmpty else {
            rawLineStripped = false
            // An empty line ends a cut token: the line after it does not finish it.
            if !pendingTail.isEmpty { pendingTail.removeAll(keepingCapacity: true) }
            if pemOpen { scan(LineView(bytes: line)) }
            return
        }
        if !knownEscapeFree, ANSIEscapes.mayContainSequence(line) {
            rawLineStripped = true
            let length = ANSIStripper.strip(line, into: &stripped)
            let plain = stripped
            plain.withUnsafeBufferPointer { scan(LineView(bytes: UnsafeBufferPointer(rebasing: $0.prefix(length)))) }
        } else {
            rawLineStripped = false
            scan(LineView(bytes: line))
        }
    }

    /// The location of byte `offset` of the (stripped) line being scanned; `isEnd` for one past a
    /// range, which maps to the raw line before any escape sequence that follows it.
    private func location(_ offset: Int, isEnd: Bool = false) -> Location {
        let raw = rawLineStripped ? ANSIStripper.rawIndex(of: offset, in: rawLine, isEnd: isEnd) : min(offset, rawLine.count)
        return Location(
            line: lineNumber, column: columnOffset + offset + 1,
            sarifColumn: sarifColumnOffset + UTF16Columns.count(rawLine[..<raw]) + 1, offset: lineStart + columnOffset + raw)
    }

    /// The contract's column of byte `offset` of the line being scanned (no SARIF column: for
    /// suppressed candidates, which need none).
    private func column(_ offset: Int) -> Int { columnOffset + offset + 1 }

    /// Skips the line's CI prefix, continues an open PEM block, then runs the detector and judges
    /// its candidates.
    private mutating func scan(_ whole: LineView) {
        // A CI prefix starts a line, not a later piece of a long one.
        var prefix = columnOffset == 0 ? LinePrefix.length(of: whole) : 0
        if columnOffset == 0 {
            if learning != nil { learn(from: whole, after: prefix) }
            if !learntPrefix.isEmpty, whole.matches(learntPrefix, at: prefix) { prefix += learntPrefix.count }
        }
        let line = prefix == 0 ? whole : LineView(bytes: UnsafeBufferPointer(rebasing: whole.bytes[prefix...]))
        var consumed = 0
        if pemOpen, var block = pem {
            pem = nil
            let start = block.linePrefix.isEmpty || !line.matches(block.linePrefix, at: 0) ? 0 : block.linePrefix.count
            switch block.read(line, from: start) {
            case .lineEnd:
                pemEnd = location(prefix + line.count, isEnd: true)
                if block.isOverlong {
                    close(block, end: pemEnd)
                } else {
                    pem = block
                }
                if !pendingTail.isEmpty { pendingTail.removeAll(keepingCapacity: true) }
                return
            case let .footer(end):
                close(block, end: location(prefix + end, isEnd: true))
                consumed = end
            case let .interrupted(at):
                if at == start {
                    close(block, end: pemEnd)
                } else {
                    close(block, end: location(prefix + at, isEnd: true))
                }
                consumed = at
            }
        }
        if !candidates.isEmpty { candidates.removeAll(keepingCapacity: true) }
        if !headers.isEmpty { headers.removeAll(keepingCapacity: true) }
        CandidateDetector.detect(line, index: index, candidates: &candidates, pemHeaders: &headers)
        let firstFinding = result.findings.count
        // A token prefix whose value the line's end cut: held for the next line, not judged here.
        var cut: Int? = nil
        // Read by index: a closure over the elements copies each candidate (its inner secret too).
        for position in candidates.indices where candidates[position].isCut {
            cut = min(cut ?? Int.max, candidates[position].start)
        }
        if cut != nil { candidates.removeAll { $0.isCut } }
        guard !candidates.isEmpty || !headers.isEmpty else {
            // No array for most lines (an empty one still costs a retain and a release a line).
            if consumed > 0 {
                scanCarriers(line, prefix: prefix, covered: [0..<consumed], firstFinding: firstFinding, cut: cut)
            } else {
                scanCarriers(line, prefix: prefix, covered: nil, firstFinding: firstFinding, cut: cut)
            }
            return
        }
        var covered: [Range<Int>] = consumed > 0 ? [0..<consumed] : []
        for header in headers where header.start >= consumed {
            // Bytes before the header that the block's later lines repeat (a learnt prefix).
            let learnt = header.start > 0 && header.start <= 64 ? line.slice(0..<header.start) : []
            var block = PEMBlock(start: location(prefix + header.start), key: configuration.fingerprintKey, linePrefix: learnt)
            switch block.read(line, from: header.bodyStart) {
            case let .footer(end):
                close(block, end: location(prefix + end, isEnd: true))
                covered.append(header.start..<end)
                consumed = end
            case let .interrupted(at):
                close(block, end: location(prefix + at, isEnd: true))
                covered.append(header.start..<at)
                consumed = at
            case .lineEnd:
                pem = block
                pemEnd = location(prefix + line.count, isEnd: true)
                covered.append(header.start..<line.count)
                consumed = line.count
            }
        }
        // What the carriers leave alone: PEM blocks and what this line reported under a specific
        // rule (a generic `token=` finding gives way to the token decoded inside it).
        var reported = covered
        for candidate in Self.resolve(candidates)
        where !covered.contains(where: { $0.overlaps(candidate.start..<candidate.end) }) {
            if let rule = emit(candidate, line, prefix: prefix), rule != .genericSecret { reported.append(candidate.start..<candidate.end) }
        }
        if pem == nil {
            scanCarriers(line, prefix: prefix, covered: reported, firstFinding: firstFinding, cut: cut)
        } else {
            // A PEM block runs on: its body lines are no cut token's rest.
            if !pendingTail.isEmpty { pendingTail.removeAll(keepingCapacity: true) }
        }
    }

    // MARK: - Carriers

    /// Decodes what the line may carry in disguise and reports the tokens in it: the end of the
    /// previous line's cut token, then each run long enough to carry a token (``CarrierDecoder``):
    /// `%XX` or `\\uXXXX` escapes, base64 or hex; then holds the
    /// token-shaped run the line ends in for the next line. Only token rules (a provider's prefix
    /// and shape) apply to decoded text, and a match that overlaps `covered` (what the line's own
    /// scan matched, a PEM block) is left to that scan.
    ///
    /// - Parameters:
    ///   - covered: the covered bytes, `nil` for none.
    ///   - firstFinding: the index of this line's first finding in the result.
    ///   - cut: where a token prefix starts whose value the line's end cut short.
    private mutating func scanCarriers(_ line: LineView, prefix: Int, covered: [Range<Int>]?, firstFinding: Int, cut: Int?) {
        // Most lines: nothing held, nothing cut, too short for a run.
        guard !pendingTail.isEmpty || cut != nil || line.count >= CarrierDecoder.minimumRunLength else { return }
        let isWhole = columnOffset == 0
        let firstCarried = result.findings.count
        defer { if result.findings.count > firstCarried { dropGenericFindings(in: firstFinding..<firstCarried) } }
        if !pendingTail.isEmpty {
            if isWhole { joinWrapped(line, prefix: prefix) }
            pendingTail.removeAll(keepingCapacity: true)
        }
        var position = 0
        var escapes = lineHasCarrierEscape
        while let run = CarrierDecoder.nextRun(in: line, from: position, escapes: &escapes) {
            if CarrierDecoder.decode(line, run, into: &decoded) { reportDecoded(line, prefix: prefix, covered: covered ?? []) }
            position = run.upperBound
        }
        if isWhole, let cut { holdTail(line, from: cut, prefix: prefix, covered: covered ?? []) }
    }

    /// Removes the generic findings among `range` (this line's own) whose bytes a carrier's finding
    /// (after it) reports as a token: `access_token=%67%68…` is the token, not a generic secret.
    private mutating func dropGenericFindings(in range: Range<Int>) {
        guard !range.isEmpty else { return }
        let carried = result.findings[range.upperBound...].compactMap(\.byteRange)
        var index = range.upperBound - 1
        while index >= range.lowerBound {
            let finding = result.findings[index]
            if finding.rule == .genericSecret, let bytes = finding.byteRange, carried.contains(where: { $0.overlaps(bytes) }) {
                result.findings.remove(at: index)
            }
            index -= 1
        }
    }

    /// Runs the token rules over ``decoded`` and reports each match that stands on no covered bytes
    /// (what the line's own scan reported), at the encoded bytes. A match on no escaped byte is still
    /// new: its escaped neighbours hid it (`%22ghp_…%22` has no boundary before the prefix).
    private mutating func reportDecoded(_ line: LineView, prefix: Int, covered: [Range<Int>]) {
        let run = decoded
        if !carrierCandidates.isEmpty { carrierCandidates.removeAll(keepingCapacity: true) }
        if !carrierHeaders.isEmpty { carrierHeaders.removeAll(keepingCapacity: true) }
        run.bytes.withUnsafeBufferPointer {
            CandidateDetector.detect(LineView(bytes: $0), index: index, candidates: &carrierCandidates, pemHeaders: &carrierHeaders)
        }
        carrierCandidates.removeAll(where: \.isCut)
        guard !carrierCandidates.isEmpty else { return }
        for candidate in Self.resolve(carrierCandidates) where index.tokenRules.contains(candidate.rule) {
            guard let source = run.source(of: candidate.start..<candidate.end),
                !covered.contains(where: { $0.overlaps(source) })
            else { continue }
            let secret = Array(run.bytes[candidate.start..<candidate.end])
            report(
                candidate, secret: secret, start: location(prefix + source.lowerBound),
                end: location(prefix + source.upperBound, isEnd: true), carrier: run.carrier)
        }
    }

    /// Holds the bytes from `first` to the line's end, a token prefix and the start of its value that
    /// the line's end cut (the detector's ``RawCandidate/isCut``), for the next line to finish, unless
    /// this line already matched them.
    private mutating func holdTail(_ line: LineView, from first: Int, prefix: Int, covered: [Range<Int>]) {
        let bytes = line.bytes
        guard first >= 0, bytes.count - first >= 4, !covered.contains(where: { $0.upperBound > first }) else { return }
        pendingTail.removeAll(keepingCapacity: true)
        pendingTail.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[first...]))
        pendingTailStart = location(prefix + first)
        // A word byte is one UTF-16 unit, so only removed escape sequences break the one-column step.
        pendingTailLocations = rawLineStripped ? (first..<bytes.count).map { location(prefix + $0) } : []
        pendingTailEnd = location(prefix + bytes.count, isEnd: true)
    }

    /// Joins the held tail of the previous line with the word bytes this line starts with and
    /// reports each token that crosses the join (``ScanCarrier/wrapped``): at its bytes on both lines.
    private mutating func joinWrapped(_ line: LineView, prefix: Int) {
        let head = line.run(from: 0, classes: ByteClass.alphanumeric | ByteClass.urlExtra, limit: Self.maximumTailLength)
        guard head > 0 else { return }
        let joined = pendingTail + line.slice(0..<head)
        let cut = pendingTail.count
        if !carrierCandidates.isEmpty { carrierCandidates.removeAll(keepingCapacity: true) }
        if !carrierHeaders.isEmpty { carrierHeaders.removeAll(keepingCapacity: true) }
        joined.withUnsafeBufferPointer {
            CandidateDetector.detect(LineView(bytes: $0), index: index, candidates: &carrierCandidates, pemHeaders: &carrierHeaders)
        }
        carrierCandidates.removeAll(where: \.isCut)
        for candidate in Self.resolve(carrierCandidates)
        where index.tokenRules.contains(candidate.rule) && candidate.start < cut && candidate.end > cut
            && candidate.start >= 0 && candidate.end <= joined.count
        {
            var start = pendingTailStart
            if candidate.start < pendingTailLocations.count {
                start = pendingTailLocations[candidate.start]
            } else {
                start.column += candidate.start
                start.sarifColumn += candidate.start
                start.offset += candidate.start
            }
            let end = location(prefix + candidate.end - cut, isEnd: true)
            report(
                candidate, secret: Array(joined[candidate.start..<candidate.end]), start: start, end: end, carrier: .wrapped,
                byteRange: start.bytes(to: pendingTailEnd), continuation: location(prefix).bytes(to: end))
        }
    }

    /// Learns the prefix that the first lines share after their CI prefix: the common start of the
    /// first four non-empty lines, cut back to a delimiter and its spaces (`| `, `] `, `: `, `> `).
    private mutating func learn(from line: LineView, after start: Int) {
        guard var (candidate, lines) = learning, line.count > start else { return }
        if lines == 0 {
            candidate = line.slice(start..<min(line.count, start + 48))
        } else {
            var common = 0
            while common < candidate.count, line[start + common] == candidate[common], start + common < line.count { common += 1 }
            candidate.removeLast(candidate.count - common)
        }
        // Cut back to just after `delimiter space…`.
        var end = candidate.count
        while end > 0, !(candidate[end - 1] == UInt8(ascii: " ") && end >= 2 && "|]:>".utf8.contains(candidate[end - 2])) { end -= 1 }
        while end < candidate.count, candidate[end] == UInt8(ascii: " ") { end += 1 }
        candidate.removeLast(candidate.count - end)
        lines += 1
        if candidate.count < 3 {
            learning = nil
        } else if lines == 4 {
            learntPrefix = candidate
            learning = nil
        } else {
            learning = (candidate, lines)
        }
    }

    /// Keeps, of overlapping candidates, the one of the most specific rule (the earlier on a tie).
    static func resolve(_ candidates: [RawCandidate]) -> [RawCandidate] {
        guard candidates.count > 1 else { return candidates }
        var kept: [RawCandidate] = []
        let ordered = candidates.enumerated().sorted { left, right in
            left.element.start != right.element.start ? left.element.start < right.element.start : left.offset < right.offset
        }
        for (_, candidate) in ordered {
            let rivals = kept.filter { $0.overlaps(candidate) }
            if rivals.isEmpty {
                kept.append(candidate)
            } else if rivals.allSatisfy({ $0.rule.priority < candidate.rule.priority }) {
                kept.removeAll { $0.overlaps(candidate) }
                var winner = candidate
                winner.keyedFallback = winner.keyedFallback || rivals.contains { $0.rule == .genericSecret }
                kept.append(winner)
            } else if candidate.rule == .genericSecret {
                for index in kept.indices where kept[index].overlaps(candidate) && kept[index].rule.priority > candidate.rule.priority {
                    kept[index].keyedFallback = true
                }
            }
        }
        return kept
    }

    // MARK: - Results

    /// Judges one candidate: a finding, or a suppressed candidate with its reason.
    /// Returns the rule it was reported under, or `nil` when it was suppressed.
    @discardableResult @inline(__always)
    private mutating func emit(_ candidate: RawCandidate, _ line: LineView, prefix: Int) -> ScanRule? {
        // The secret goes into a reused buffer: no allocation per candidate once it has grown.
        line.copy(candidate.start..<candidate.end, into: &secretScratch)
        let secret = secretScratch
        var candidate = candidate
        var reason =
            candidate.presetReason
            ?? CandidateJudge.reason(rule: candidate.rule, secret: secret, judged: candidate.judgedBytes, allow: allow)
        if reason == .badChecksum, candidate.keyedFallback {
            candidate.rule = .genericSecret
            reason = CandidateJudge.reason(rule: .genericSecret, secret: secret, judged: candidate.judgedBytes, allow: allow)
        }
        if reason == nil {
            let fingerprint = Fingerprint.make(
                key: configuration.fingerprintKey, rule: candidate.rule, secret: candidate.innerSecret ?? secret)
            if configuration.baseline.contains(fingerprint) {
                reason = .baseline
            } else {
                let start = location(prefix + candidate.start)
                let end = location(prefix + candidate.end, isEnd: true)
                append(candidate.rule, fingerprint: fingerprint, secret: secret, start: start, end: end)
                return candidate.rule
            }
        }
        if let reason {
            let line = lineNumber
            let column = column(prefix + candidate.start)
            suppress {
                SuppressedCandidate(file: $0, line: line, column: column, rule: candidate.rule, reason: reason, preview: Preview.of(secret))
            }
        }
        return nil
    }

    /// Adds a finding of `rule` for `secret` from `start` to `end`.
    private mutating func append(
        _ rule: ScanRule, fingerprint: String, secret: [UInt8], start: Location, end: Location, carrier: ScanCarrier? = nil,
        byteRange: Range<Int>? = nil, continuation: Range<Int>? = nil
    ) {
        result.findings.append(
            ScanFinding(
                file: result.file, line: start.line, column: start.column, endLine: end.line, endColumn: end.column, rule: rule,
                fingerprint: fingerprint, preview: Preview.of(secret), sarifColumn: start.sarifColumn,
                sarifEndColumn: end.sarifColumn, byteRange: byteRange ?? start.bytes(to: end), carrier: carrier,
                continuationRange: continuation))
    }

    /// Judges a token decoded from a carrier: a finding when it passes its rule's checks and is not
    /// in the baseline, fingerprinted as the decoded secret (so it matches the same token printed
    /// plainly). What fails is dropped, not listed as suppressed: decoded text is not what the log
    /// shows, and its misses are noise for `--explain`.
    private mutating func report(
        _ candidate: RawCandidate, secret: [UInt8], start: Location, end: Location, carrier: ScanCarrier,
        byteRange: Range<Int>? = nil, continuation: Range<Int>? = nil
    ) {
        guard candidate.presetReason == nil,
            CandidateJudge.reason(rule: candidate.rule, secret: secret, judged: candidate.judgedBytes, allow: allow) == nil
        else { return }
        let fingerprint = Fingerprint.make(key: configuration.fingerprintKey, rule: candidate.rule, secret: candidate.innerSecret ?? secret)
        guard !configuration.baseline.contains(fingerprint) else { return }
        append(
            candidate.rule, fingerprint: fingerprint, secret: secret, start: start, end: end, carrier: carrier, byteRange: byteRange,
            continuation: continuation)
    }

    /// Reports or suppresses a finished PEM block that ends at `end`.
    private mutating func close(_ block: PEMBlock, end: Location) {
        var block = block
        let preview = Preview.of(block.head)
        var reason = block.suppressionReason
        if reason == nil {
            let fingerprint = block.fingerprint()
            if configuration.baseline.contains(fingerprint) {
                reason = .baseline
            } else {
                result.findings.append(
                    ScanFinding(
                        file: result.file, line: block.start.line, column: block.start.column, endLine: end.line,
                        endColumn: end.column, rule: .privateKey, fingerprint: fingerprint, preview: preview,
                        sarifColumn: block.start.sarifColumn, sarifEndColumn: end.sarifColumn,
                        byteRange: block.start.bytes(to: end)))
                return
            }
        }
        if let reason {
            suppress {
                SuppressedCandidate(
                    file: $0, line: block.start.line, column: block.start.column, rule: .privateKey, reason: reason, preview: preview)
            }
        }
    }

    /// Counts a suppressed candidate and keeps it (the first ``FileScanResult/suppressedLimit``);
    /// `make` (given the file) runs only for those kept, so the rest cost no preview.
    private mutating func suppress(_ make: (String) -> SuppressedCandidate) {
        result.suppressedCount += 1
        if result.suppressed.count < FileScanResult.suppressedLimit {
            result.suppressed.append(make(result.file))
        } else if result.suppressedCount == FileScanResult.suppressedLimit + 1 {
            result.notes.append(
                ScanNote(
                    file: result.file, kind: .suppressedTruncated,
                    message: "more than \(FileScanResult.suppressedLimit) suppressed candidates; only the first are listed"))
        }
    }
}
