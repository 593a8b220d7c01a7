//===----------------------------------------------------------------------===//
// CandidateDetector.swift: the byte-level prefilter and the rules' shape checks for one line.
//===----------------------------------------------------------------------===//

/// Finds candidate secrets in one line. One pass over the bytes skips lowercase letters with one
/// compare; only the six trigger bytes (`_ - : = A J`, each part of a documented prefix
/// or of a keyword assignment) start a check, and each check looks a few bytes around the trigger
/// before doing anything costly. No regular expressions, no `String`.
enum CandidateDetector {
    /// Where a `-----BEGIN … PRIVATE KEY-----` header is: its first byte and the byte after it.
    struct PEMHeader: Equatable {
        /// The first `-` of the header.
        var start: Int
        /// The first byte after the header's closing `-----`.
        var bodyStart: Int
    }

    /// Appends every candidate in `line` to `candidates` and every PEM private key header to `pemHeaders`.
    static func detect(_ line: LineView, candidates: inout [RawCandidate], pemHeaders: inout [PEMHeader]) {
        let bytes = line.bytes
        let count = bytes.count
        guard count >= 4 else { return }
        var index = 0
        while index < count {
            let byte = bytes[index]
            index += 1
            // Lowercase letters, the most common bytes, never trigger.
            if byte >= 0x61 { continue }
            switch byte {
            case UInt8(ascii: "_"): underscore(line, index - 1, &candidates)
            case UInt8(ascii: "-"): dash(line, index - 1, &candidates, &pemHeaders)
            case UInt8(ascii: ":"): colon(line, index - 1, &candidates)
            case UInt8(ascii: "="): equals(line, index - 1, &candidates)
            case UInt8(ascii: "A"): capitalA(line, index - 1, &candidates)
            case UInt8(ascii: "J"): capitalJ(line, index - 1, &candidates)
            default: continue
            }
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
        if line.matches("xox", at: index - 4), !ByteClass.isAlphanumeric(line[index - 5]) {
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

    /// `AKIA`/`ASIA`/`ABIA`/`ACCA` + 16 of `[A-Z2-7]`; `AIza` + 35 of `[A-Za-z0-9_-]`.
    private static func capitalA(_ line: LineView, _ index: Int, _ out: inout [RawCandidate]) {
        guard !ByteClass.isAlphanumeric(line[index - 1]) else { return }
        let second = line[index + 1]
        let third = line[index + 2]
        let fourth = line[index + 3]
        let isAWS =
            (third == UInt8(ascii: "I") && fourth == UInt8(ascii: "A")
                && (second == UInt8(ascii: "K") || second == UInt8(ascii: "S") || second == UInt8(ascii: "B")))
            || (second == UInt8(ascii: "C") && third == UInt8(ascii: "C") && fourth == UInt8(ascii: "A"))
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
        } else if second == UInt8(ascii: "I"), third == UInt8(ascii: "z"), fourth == UInt8(ascii: "a") {
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
