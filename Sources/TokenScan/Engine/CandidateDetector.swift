//===----------------------------------------------------------------------===//
// CandidateDetector.swift: the byte-level prefilter and the rules' shape checks for one line.
//===----------------------------------------------------------------------===//

/// Finds candidate secrets in one line. One pass over the bytes, 16 at a time, finds the six trigger
/// bytes (`_ - : = A J`, each part of a documented prefix or of a keyword assignment); only they
/// start a check, and each check looks a few bytes around the trigger before doing anything costly.
/// No regular expressions, no `String`.
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
    /// A line of 16 bytes or more is read 16 bytes at a time through ``TriggerMask``, and only the
    /// trigger bytes it marks are visited, in order. The last block is the line's last 16 bytes with
    /// the bytes already visited masked off, so no read leaves the line. Shorter lines go byte by
    /// byte (``detectByteByByte(_:candidates:pemHeaders:)``, which the tests also use as the reference).
    static func detect(_ line: LineView, candidates: inout [RawCandidate], pemHeaders: inout [PEMHeader]) {
        let count = line.count
        guard count >= 4 else { return }
        guard count >= 16, let base = line.bytes.baseAddress else {
            detectByteByByte(line, candidates: &candidates, pemHeaders: &pemHeaders)
            return
        }
        let raw = UnsafeRawPointer(base)
        let last = count - 16
        var offset = 0
        while offset <= last {
            let words = TriggerMask.of(raw.loadUnaligned(fromByteOffset: offset, as: SIMD16<UInt8>.self))
            visit(words[0], at: offset, line, &candidates, &pemHeaders)
            visit(words[1], at: offset &+ 8, line, &candidates, &pemHeaders)
            offset &+= 16
        }
        guard offset < count else { return }
        // The line's last 16 bytes, without the `seen` (1–15) already visited.
        let words = TriggerMask.of(raw.loadUnaligned(fromByteOffset: last, as: SIMD16<UInt8>.self))
        let seen = offset &- last
        if seen < 8 {
            visit(words[0] & (UInt64.max &<< UInt64(seen &* 8)), at: last, line, &candidates, &pemHeaders)
            visit(words[1], at: last &+ 8, line, &candidates, &pemHeaders)
        } else {
            visit(words[1] & (UInt64.max &<< UInt64((seen &- 8) &* 8)), at: last &+ 8, line, &candidates, &pemHeaders)
        }
    }

    /// Fires the trigger of each byte marked (`0x80`) in `word`, which holds the 8 bytes from `offset`.
    @inline(__always)
    private static func visit(
        _ word: UInt64, at offset: Int, _ line: LineView, _ candidates: inout [RawCandidate], _ pemHeaders: inout [PEMHeader]
    ) {
        var marked = word
        while marked != 0 {
            let index = offset &+ (marked.trailingZeroBitCount &>> 3)
            fire(line.bytes[index], line, index, &candidates, &pemHeaders)
            marked &= marked &- 1
        }
    }

    /// The same as ``detect(_:candidates:pemHeaders:)``, one byte at a time: lowercase letters,
    /// the most common bytes, are skipped with one compare.
    static func detectByteByByte(_ line: LineView, candidates: inout [RawCandidate], pemHeaders: inout [PEMHeader]) {
        let bytes = line.bytes
        let count = bytes.count
        guard count >= 4 else { return }
        var index = 0
        while index < count {
            let byte = bytes[index]
            if byte < 0x61 { fire(byte, line, index, &candidates, &pemHeaders) }
            index += 1
        }
    }

    /// Runs the check that the trigger `byte` at `index` starts; any other byte does nothing.
    @inline(__always)
    private static func fire(
        _ byte: UInt8, _ line: LineView, _ index: Int, _ candidates: inout [RawCandidate], _ pemHeaders: inout [PEMHeader]
    ) {
        switch byte {
        case UInt8(ascii: "_"): underscore(line, index, &candidates)
        case UInt8(ascii: "-"): dash(line, index, &candidates, &pemHeaders)
        case UInt8(ascii: ":"): colon(line, index, &candidates)
        case UInt8(ascii: "="): equals(line, index, &candidates)
        case UInt8(ascii: "A"):
            if let kind = awsOrGooglePrefix(line, index) { capitalA(line, index, isAWS: kind, &candidates) }
        case UInt8(ascii: "J"): capitalJ(line, index, &candidates)
        default: return
        }
    }

    // MARK: - Provider prefixes around `_`

    /// `ghp_` & co, `github_pat_`, `sk_live_` / `rk_live_`, `npm_`.
    private static func underscore(_ line: LineView, _ index: Int, _ out: inout [RawCandidate]) {
        let before = line[index - 1]
        switch before {
        case UInt8(ascii: "p"), UInt8(ascii: "o"), UInt8(ascii: "u"), UInt8(ascii: "s"), UInt8(ascii: "r"):
            guard line[index - 3] == UInt8(ascii: "g"), line[index - 2] == UInt8(ascii: "h"),
                !ByteClass.isAlphanumeric(line[index - 4])
            else { return }
            let run = line.run(from: index + 1, classes: ByteClass.alphanumeric, limit: 37)
            if run == 36, !ByteClass.isWord(line[index + 37]) {
                out.append(RawCandidate(rule: .githubToken, start: index - 3, end: index + 37))
            }
        case UInt8(ascii: "b"):
            guard line.matches("github", at: index - 6), !ByteClass.isAlphanumeric(line[index - 7]),
                line.matches("pat_", at: index + 1)
            else { return }
            let run = line.run(from: index + 5, classes: ByteClass.alphanumeric, extra: UInt8(ascii: "_"), limit: 83)
            if run == 82, !ByteClass.isWord(line[index + 87]) {
                out.append(RawCandidate(rule: .githubFineGrainedToken, start: index - 6, end: index + 87))
            }
        case UInt8(ascii: "k"):
            let first = line[index - 2]
            guard first == UInt8(ascii: "s") || first == UInt8(ascii: "r"), !ByteClass.isAlphanumeric(line[index - 3]),
                line.matches("live_", at: index + 1)
            else { return }
            let run = line.run(from: index + 6, classes: ByteClass.alphanumeric, limit: 256)
            if run >= 16, !ByteClass.isWord(line[index + 6 + run]) {
                out.append(RawCandidate(rule: .stripeLiveKey, start: index - 2, end: index + 6 + run))
            }
        case UInt8(ascii: "m"):
            guard line.matches("npm", at: index - 3), !ByteClass.isAlphanumeric(line[index - 4]) else { return }
            let run = line.run(from: index + 1, classes: ByteClass.alphanumeric, limit: 37)
            if run == 36, !ByteClass.isWord(line[index + 37]) {
                out.append(RawCandidate(rule: .npmToken, start: index - 3, end: index + 37))
            }
        default:
            return
        }
    }

    // MARK: - `-`: PEM, GitLab, Slack, Apple app-specific passwords

    /// `-----BEGIN … PRIVATE KEY-----`, `glpat-`, `xox?-`, `abcd-efgh-ijkl-mnop`.
    private static func dash(
        _ line: LineView, _ index: Int, _ out: inout [RawCandidate], _ pemHeaders: inout [PEMHeader]
    ) {
        let before = line[index - 1]
        if before == UInt8(ascii: "-") { return }
        if line[index + 1] == UInt8(ascii: "-") {
            if let header = pemHeader(line, index) { pemHeaders.append(header) }
            return
        }
        if before == UInt8(ascii: "t"), line.matches("glpat", at: index - 5), !ByteClass.isAlphanumeric(line[index - 6]) {
            let run = line.run(from: index + 1, classes: ByteClass.alphanumeric | ByteClass.urlExtra, limit: 512)
            if run >= 20 {
                out.append(RawCandidate(rule: .gitlabToken, start: index - 5, end: index + 1 + run))
            }
            return
        }
        if line[index - 2] == UInt8(ascii: "x"), line[index - 3] == UInt8(ascii: "o"), line[index - 4] == UInt8(ascii: "x"),
            !ByteClass.isAlphanumeric(line[index - 5])
        {
            switch before {
            case UInt8(ascii: "b"), UInt8(ascii: "a"), UInt8(ascii: "p"), UInt8(ascii: "r"), UInt8(ascii: "s"):
                let run = line.run(from: index + 1, classes: ByteClass.alphanumeric, extra: UInt8(ascii: "-"), limit: 512)
                if run >= 10 {
                    out.append(RawCandidate(rule: .slackToken, start: index - 4, end: index + 1 + run))
                }
            default: break
            }
            return
        }
        // Most dashes (dates, UUIDs, flags) fail here without a call.
        guard line[index + 5] == UInt8(ascii: "-"), line[index + 10] == UInt8(ascii: "-") else { return }
        appSpecificPassword(line, index, &out)
    }

    /// `-----BEGIN <label> PRIVATE KEY-----` at `index`.
    private static func pemHeader(_ line: LineView, _ index: Int) -> PEMHeader? {
        guard line.matches("-----BEGIN ", at: index) else { return nil }
        var close = index + 11
        let limit = min(line.count, index + 64)
        while close < limit, line[close] != UInt8(ascii: "-") { close += 1 }
        guard close < limit, line.matches("-----", at: close), line.matches("PRIVATE KEY", at: close - 11) else { return nil }
        return PEMHeader(start: index, bodyStart: close + 5)
    }

    /// Four groups of four lowercase letters joined by `-`, on a line that names such passwords.
    private static func appSpecificPassword(_ line: LineView, _ index: Int, _ out: inout [RawCandidate]) {
        guard !ByteClass.isWord(line[index - 5]), line[index + 5] == UInt8(ascii: "-"),
            line[index + 10] == UInt8(ascii: "-"), !ByteClass.isWord(line[index + 15])
        else { return }
        for group in [index - 4, index + 1, index + 6, index + 11]
        where line.run(from: group, classes: ByteClass.lower, limit: 4) != 4 {
            return
        }
        guard
            line.containsIgnoringCase("password") || line.containsIgnoringCase("app-specific")
                || line.containsIgnoringCase("app_specific") || line.containsIgnoringCase("altool")
                || line.containsIgnoringCase("appspecific")
        else { return }
        out.append(RawCandidate(rule: .appleAppSpecificPassword, start: index - 4, end: index + 15))
    }

    // MARK: - `A` and `J`: AWS key IDs, Google keys, JWTs

    /// Whether the four bytes from the `A` at `index` are an AWS key ID prefix (`true`: `AKIA`,
    /// `ASIA`, `ABIA`, `ACCA`) or Google's `AIza` (`false`), compared as one little-endian word, so
    /// the many ordinary words that start with `A` (`App`, `Archive`) cost one load and a few compares.
    @inline(__always)
    private static func awsOrGooglePrefix(_ line: LineView, _ index: Int) -> Bool? {
        guard index >= 0, index + 4 <= line.count, let base = line.bytes.baseAddress else { return nil }
        switch UInt32(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt32.self)) {
        case 0x4149_4B41, 0x4149_5341, 0x4149_4241, 0x4143_4341: return true  // AKIA, ASIA, ABIA, ACCA
        case 0x617A_4941: return false  // AIza
        default: return nil
        }
    }

    /// `AKIA`/`ASIA`/`ABIA`/`ACCA` + 16 of `[A-Z2-7]` (`isAWS`); `AIza` + 35 of `[A-Za-z0-9_-]`.
    private static func capitalA(_ line: LineView, _ index: Int, isAWS: Bool, _ out: inout [RawCandidate]) {
        guard !ByteClass.isAlphanumeric(line[index - 1]) else { return }
        if isAWS {
            var run = 0
            while run < 17 {
                let byte = line[index + 4 + run]
                guard ByteClass.isIn(byte, ByteClass.upper) || (byte >= UInt8(ascii: "2") && byte <= UInt8(ascii: "7")) else {
                    break
                }
                run += 1
            }
            if run == 16, !ByteClass.isAlphanumeric(line[index + 20]) {
                out.append(RawCandidate(rule: .awsAccessKeyID, start: index, end: index + 20))
            }
        } else {
            let run = line.run(from: index + 4, classes: ByteClass.alphanumeric | ByteClass.urlExtra, limit: 36)
            if run == 35 {
                out.append(RawCandidate(rule: .googleAPIKey, start: index, end: index + 39))
            }
        }
    }

    /// `eyJ` + header `.` payload `.` signature, in base64url.
    private static func capitalJ(_ line: LineView, _ index: Int, _ out: inout [RawCandidate]) {
        let start = index - 2
        guard line[start] == UInt8(ascii: "e"), line[index - 1] == UInt8(ascii: "y"),
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
            Base64.decodesToJSONObject(line.slice(start..<(start + header)))
            && Base64.decodesToJSONObject(line.slice(payloadStart..<(payloadStart + payload)))
        out.append(
            RawCandidate(
                rule: .jsonWebToken, start: start, end: signatureStart + signature, presetReason: isJSON ? nil : .notJSON))
    }
}
