//===----------------------------------------------------------------------===//
// CandidateDetector+Assignments.swift: `name: value` and `name=value`, headers and URLs.
//===----------------------------------------------------------------------===//

extension CandidateDetector {
    /// What a key before `:` or `=` names.
    enum KeyKind: Equatable {
        /// `Authorization`, `Proxy-Authorization`.
        case authorization
        /// `Cookie`.
        case cookie
        /// `Set-Cookie`.
        case setCookie
        /// A password, token, secret or key (``namesAWS(_:_:_:)`` tells whether the name also says AWS).
        case secret
    }

    /// Keys that end with one of these (lowercased, `-` read as `_`) hold secrets.
    static let secretSuffixes: [StaticString] = [
        "password", "passwd", "_pwd", "passphrase", "secret", "token", "apikey", "api_key", "accesskey", "access_key",
        "secretkey", "secret_key", "privatekey", "private_key", "credential",
    ]

    // MARK: - Triggers

    /// `scheme://user:password@host`, header lines, `name: value` assignments.
    static func colon(_ line: LineView, _ index: Int, _ out: inout [RawCandidate]) {
        if line[index + 1] == UInt8(ascii: "/"), line[index + 2] == UInt8(ascii: "/") {
            urlCredentials(line, index, &out)
            return
        }
        assignment(line, index, allowHeaders: true, &out)
    }

    /// `name=value` assignments (not `==`).
    static func equals(_ line: LineView, _ index: Int, _ out: inout [RawCandidate]) {
        let before = line[index - 1]
        guard line[index + 1] != UInt8(ascii: "="), before != UInt8(ascii: "="), before != UInt8(ascii: "!") else { return }
        assignment(line, index, allowHeaders: false, &out)
    }

    // MARK: - URLs

    /// The password of `scheme://user:password@host`.
    private static func urlCredentials(_ line: LineView, _ index: Int, _ out: inout [RawCandidate]) {
        guard ByteClass.isAlphanumeric(line[index - 1]) else { return }
        let authorityStart = index + 3
        var cursor = authorityStart
        var at = -1
        let limit = min(line.count, authorityStart + 512)
        scanning: while cursor < limit {
            switch line[cursor] {
            case UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#"), UInt8(ascii: " "), UInt8(ascii: "\t"),
                UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\\"),
                UInt8(ascii: "`"):
                break scanning
            case UInt8(ascii: "@"):
                at = cursor
            default:
                break
            }
            cursor += 1
        }
        guard at > authorityStart else { return }
        var separator = authorityStart
        while separator < at, line[separator] != UInt8(ascii: ":") { separator += 1 }
        guard separator + 1 < at else { return }
        out.append(RawCandidate(rule: .urlCredentials, start: separator + 1, end: at))
    }

    // MARK: - Assignments and headers

    /// The key before `:`/`=` at `index`, and what follows it.
    private static func assignment(_ line: LineView, _ index: Int, allowHeaders: Bool, _ out: inout [RawCandidate]) {
        var cursor = index - 1
        var spaces = 0
        while spaces < 4, line[cursor] == UInt8(ascii: " ") || line[cursor] == UInt8(ascii: "\t") {
            cursor -= 1
            spaces += 1
        }
        if line[cursor] == UInt8(ascii: "\"") || line[cursor] == UInt8(ascii: "'") { cursor -= 1 }
        if line[cursor] == UInt8(ascii: "\\") { cursor -= 1 }
        guard mayEndKeyword(line, cursor) else { return }
        let keyEnd = cursor + 1
        while keyEnd - cursor <= 64, ByteClass.isWord(line[cursor]) || line[cursor] == UInt8(ascii: ".") { cursor -= 1 }
        let keyStart = cursor + 1
        guard keyStart < keyEnd, let kind = keyKind(line, keyStart, keyEnd, allowHeaders: allowHeaders) else { return }
        switch kind {
        case .authorization:
            authorizationValue(line, from: index + 1, &out)
        case .cookie, .setCookie:
            cookieValues(line, from: index + 1, onlyFirst: kind == .setCookie, &out)
        case .secret:
            let value = valueRange(line, from: index + 1)
            guard !value.isEmpty else { return }
            // The name is searched for AWS only when the value has the shape of an AWS secret.
            let isAWSShape =
                value.count == 40
                && line.run(from: value.lowerBound, classes: ByteClass.alphanumeric | ByteClass.standardExtra, limit: 40) == 40
                && namesAWS(line, keyStart, keyEnd)
            out.append(
                RawCandidate(rule: isAWSShape ? .awsSecretAccessKey : .genericSecret, start: value.lowerBound, end: value.upperBound))
        }
    }

    /// Whether the four bytes ending at `last` can end a keyword that ``keyKind(_:_:_:allowHeaders:)``
    /// knows. Every keyword is at least four bytes long and ends in one of fourteen four-byte tails;
    /// the tail is loaded as one little-endian word with `0x20` OR-ed into each byte, which lowercases
    /// `A`–`Z` (and turns `_` into `0x7F`, so `_` and `-` tails are listed both ways). A match only
    /// lets the exact check run; no keyword is rejected here that the exact check would accept.
    @inline(__always)
    static func mayEndKeyword(_ line: LineView, _ last: Int) -> Bool {
        guard last >= 3, last < line.count, let base = line.bytes.baseAddress else { return false }
        let tail = UInt32(littleEndian: UnsafeRawPointer(base + (last - 3)).loadUnaligned(as: UInt32.self)) | 0x2020_2020
        switch tail {
        case 0x6E6F_6974,  // tion: authorization
            0x6569_6B6F,  // okie: cookie, set_cookie
            0x6472_6F77, 0x6477_7373, 0x6477_707F, 0x6477_702D,  // word, sswd, _pwd, -pwd
            0x6573_6172, 0x7465_7263, 0x6E65_6B6F,  // rase, cret, oken: passphrase, secret, token
            0x7965_6B69, 0x7965_6B7F, 0x7965_6B2D, 0x7965_6B73,  // ikey, _key, -key, skey
            0x7965_6B74, 0x7965_6B65, 0x6C61_6974:  // tkey, ekey, tial: secretkey, privatekey, credential
            return true
        default:
            return false
        }
    }

    /// What the key `line[start..<end]` names, or `nil` for an ordinary key.
    static func keyKind(_ line: LineView, _ start: Int, _ end: Int, allowHeaders: Bool) -> KeyKind? {
        if allowHeaders {
            if hasSuffix(line, start, end, "authorization") { return .authorization }
            if end - start == 10, hasSuffix(line, start, end, "set_cookie") { return .setCookie }
            if end - start == 6, hasSuffix(line, start, end, "cookie") { return .cookie }
        }
        for suffix in secretSuffixes where hasSuffix(line, start, end, suffix) {
            return .secret
        }
        return nil
    }

    /// Whether the key `line[start..<end]` also says AWS or secret access.
    static func namesAWS(_ line: LineView, _ start: Int, _ end: Int) -> Bool {
        contains(line, start, end, "aws") || contains(line, start, end, "secret_access")
    }

    /// Whether the key ends with `suffix` (lowercase, `_` matching `-` too).
    private static func hasSuffix(_ line: LineView, _ start: Int, _ end: Int, _ suffix: StaticString) -> Bool {
        let length = suffix.utf8CodeUnitCount
        guard end - start >= length else { return false }
        return matchesKey(line, end - length, suffix)
    }

    /// Whether the key contains `word` (lowercase, `_` matching `-` too).
    private static func contains(_ line: LineView, _ start: Int, _ end: Int, _ word: StaticString) -> Bool {
        let length = word.utf8CodeUnitCount
        var position = start
        while position + length <= end {
            if matchesKey(line, position, word) { return true }
            position += 1
        }
        return false
    }

    /// Whether `word` is at `position`, ignoring case and reading `-` as `_`.
    private static func matchesKey(_ line: LineView, _ position: Int, _ word: StaticString) -> Bool {
        let pattern = word.utf8Start
        for offset in 0..<word.utf8CodeUnitCount {
            var byte = ByteClass.lowercased(line[position + offset])
            if byte == UInt8(ascii: "-") { byte = UInt8(ascii: "_") }
            if byte != pattern[offset] { return false }
        }
        return true
    }

    /// `Bearer <credential>`, `Basic <base64>`, `token <credential>`, or a bare credential.
    private static func authorizationValue(_ line: LineView, from index: Int, _ out: inout [RawCandidate]) {
        let first = valueRange(line, from: index)
        guard !first.isEmpty else { return }
        var credential = first
        var isBasic = false
        let schemeLength = line.run(from: first.lowerBound, classes: ByteClass.lower | ByteClass.upper, limit: 32)
        if schemeLength == first.count, line[first.upperBound] == UInt8(ascii: " ") {
            if line.matchesIgnoringCase("digest", at: first.lowerBound) && schemeLength == 6 { return }
            isBasic = schemeLength == 5 && line.matchesIgnoringCase("basic", at: first.lowerBound)
            let second = valueRange(line, from: first.upperBound, skipQuote: false)
            guard !second.isEmpty else { return }
            credential = second
        }
        var judged: [UInt8]?
        if isBasic, let decoded = Base64.decode(line.slice(credential)),
            let colon = decoded.firstIndex(of: UInt8(ascii: ":"))
        {
            judged = Array(decoded[(colon + 1)...])
        }
        out.append(
            RawCandidate(rule: .authorizationHeader, start: credential.lowerBound, end: credential.upperBound, judgedBytes: judged))
    }

    /// Each `name=value` of a `Cookie` header (only the first of a `Set-Cookie`).
    private static func cookieValues(_ line: LineView, from index: Int, onlyFirst: Bool, _ out: inout [RawCandidate]) {
        var cursor = index
        while line[cursor] == UInt8(ascii: " ") || line[cursor] == UInt8(ascii: "\"") { cursor += 1 }
        var pairs = 0
        while cursor < line.count, pairs < 32 {
            while cursor < line.count, line[cursor] != UInt8(ascii: "="), line[cursor] != UInt8(ascii: ";"),
                line[cursor] != UInt8(ascii: " "), line[cursor] != UInt8(ascii: "\"")
            {
                cursor += 1
            }
            guard line[cursor] == UInt8(ascii: "=") else { return }
            let valueStart = cursor + 1
            cursor = valueStart
            while cursor < line.count, line[cursor] != UInt8(ascii: ";"), line[cursor] != UInt8(ascii: " "),
                line[cursor] != UInt8(ascii: "\""), line[cursor] != UInt8(ascii: "'"), line[cursor] != UInt8(ascii: ",")
            {
                cursor += 1
            }
            if cursor > valueStart {
                out.append(RawCandidate(rule: .cookieHeader, start: valueStart, end: cursor))
            }
            pairs += 1
            guard !onlyFirst, line[cursor] == UInt8(ascii: ";") else { return }
            cursor += 1
            while line[cursor] == UInt8(ascii: " ") { cursor += 1 }
        }
    }

    /// The value after `:`/`=`: spaces and one opening quote skipped (also `\"` inside JSON), then
    /// printable bytes up to a space, quote, `,`, `;`, `&`, `\`, or a closing bracket.
    static func valueRange(_ line: LineView, from index: Int, skipQuote: Bool = true) -> Range<Int> {
        var start = index
        var spaces = 0
        while spaces < 8, line[start] == UInt8(ascii: " ") || line[start] == UInt8(ascii: "\t") {
            start += 1
            spaces += 1
        }
        if skipQuote {
            if line[start] == UInt8(ascii: "\\"), line[start + 1] == UInt8(ascii: "\"") {
                start += 2
            } else if line[start] == UInt8(ascii: "\"") || line[start] == UInt8(ascii: "'") {
                start += 1
            }
        }
        var end = start
        let limit = min(line.count, start + 1024)
        while end < limit {
            let byte = line[end]
            guard byte > 0x20, byte < 0x7F else { break }
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "&"),
                UInt8(ascii: "\\"), UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: ">"),
                UInt8(ascii: "`"):
                return start..<end
            default:
                end += 1
            }
        }
        return start..<end
    }
}
