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
    /// UTF-16 code units of the earlier pieces of a line longer than the line bound.
    private var sarifColumnOffset = 0
    /// The prefix this file's lines share (`build_1  | `), once learnt from its first lines.
    private var learntPrefix: [UInt8] = []
    /// The prefix being learnt, and how many lines have confirmed it.
    private var learning: (prefix: [UInt8], lines: Int)? = ([], 0)

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
        // The next escape byte at or after `position` (`bytes.count` when none): one `memchr` per
        // escape in the chunk instead of one per line.
        var nextEscape = -1
        // The same for the trail byte of U+009B (the single-byte CSI), kept apart so a chunk
        // without one is searched for it once, not once per coloured line.
        var nextCSI = -1
        while position < bytes.count {
            guard let found = memchr(base + position, 0x0A, bytes.count - position) else {
                appendToCarry(UnsafeBufferPointer(rebasing: bytes[position...]))
                return
            }
            let end = UnsafeRawPointer(found) - UnsafeRawPointer(base)
            let piece = UnsafeBufferPointer(rebasing: bytes[position..<end])
            if carry.isEmpty {
                if nextEscape < position {
                    let escape = memchr(base + position, Int32(ANSIStripper.escape), bytes.count - position)
                    nextEscape = escape.map { UnsafeRawPointer($0) - UnsafeRawPointer(base) } ?? bytes.count
                }
                if nextCSI < position {
                    let csi = memchr(base + position, Int32(ANSIEscapes.csiTrail), bytes.count - position)
                    // Its C2 lead byte is the line's first byte at the earliest.
                    nextCSI = csi.map { max(position, UnsafeRawPointer($0) - UnsafeRawPointer(base) - 1) } ?? bytes.count
                }
                processLine(piece, knownEscapeFree: nextEscape >= end && nextCSI >= end)
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
        guard !candidates.isEmpty || !headers.isEmpty else { return }
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
        guard !candidates.isEmpty else { return }
        for candidate in Self.resolve(candidates)
        where !covered.contains(where: { $0.overlaps(candidate.start..<candidate.end) }) {
            emit(candidate, line, prefix: prefix)
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
    private mutating func emit(_ candidate: RawCandidate, _ line: LineView, prefix: Int) {
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
                result.findings.append(
                    ScanFinding(
                        file: result.file, line: start.line, column: start.column, endLine: end.line, endColumn: end.column,
                        rule: candidate.rule, fingerprint: fingerprint, preview: Preview.of(secret),
                        sarifColumn: start.sarifColumn, sarifEndColumn: end.sarifColumn, byteRange: start.bytes(to: end)))
                return
            }
        }
        if let reason {
            let line = lineNumber
            let column = column(prefix + candidate.start)
            suppress {
                SuppressedCandidate(file: $0, line: line, column: column, rule: candidate.rule, reason: reason, preview: Preview.of(secret))
            }
        }
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
