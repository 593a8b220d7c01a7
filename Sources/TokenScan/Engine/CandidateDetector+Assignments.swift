//===----------------------------------------------------------------------===//
// CandidateDetector+Assignments.swift: assignments, headers, URLs, options and line-start shapes.
//===----------------------------------------------------------------------===//

import GateCore

extension CandidateDetector {
    /// What a key before `:` or `=` names.
    enum KeyKind: Equatable {
        /// `Authorization`, `Proxy-Authorization` (a header: no `_` in the name).
        case authorization
        /// `Cookie`.
        case cookie
        /// `Set-Cookie`.
        case setCookie
        /// A key that ends in a secret word of the rule table.
        case secret
    }

    // MARK: - Triggers

    /// `scheme://…` (webhooks, `user:password@host`), header lines, `name: value` assignments.
    static func colon(_ line: LineView, _ position: Int, _ index: RuleIndex, _ out: inout [RawCandidate]) {
        if line[position + 1] == UInt8(ascii: "/"), line[position + 2] == UInt8(ascii: "/") {
            url(line, position, index, &out)
            return
        }
        assignment(line, position, valueStart: position + 1, isColon: true, index, &out)
    }

    /// `name=value` and `name => value` assignments (not `==`, `!=`).
    static func equals(_ line: LineView, _ position: Int, _ index: RuleIndex, _ out: inout [RawCandidate]) {
        let before = line[position - 1]
        let next = line[position + 1]
        guard next != UInt8(ascii: "="), before != UInt8(ascii: "="), before != UInt8(ascii: "!") else { return }
        let valueStart = next == UInt8(ascii: ">") ? position + 2 : position + 1
        assignment(line, position, valueStart: valueStart, isColon: false, index, &out)
    }

    // MARK: - URLs

    /// A webhook of a table row's host, or the password of `scheme://user:password@host`.
    private static func url(_ line: LineView, _ position: Int, _ index: RuleIndex, _ out: inout [RawCandidate]) {
        guard ByteClass.isAlphanumeric(line[position - 1]) else { return }
        let authorityStart = position + 3
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
        if at < 0, line[cursor] == UInt8(ascii: "/") {
            webhook(line, host: authorityStart..<cursor, index, &out)
            return
        }
        guard at > authorityStart else { return }
        var separator = authorityStart
        while separator < at, line[separator] != UInt8(ascii: ":") { separator += 1 }
        guard separator + 1 < at else { return }
        out.append(RawCandidate(rule: .urlCredentials, start: separator + 1, end: at))
    }

    /// The path after `host` when the host and the path's start are a webhook row's.
    private static func webhook(_ line: LineView, host: Range<Int>, _ index: RuleIndex, _ out: inout [RawCandidate]) {
        for entry in index.webhooks {
            let hostMatches = entry.hosts.contains { name in
                if name.first == UInt8(ascii: ".") {
                    return host.count > name.count && line.matchesIgnoringCase(name, at: host.upperBound - name.count)
                }
                return host.count == name.count && line.matchesIgnoringCase(name, at: host.lowerBound)
            }
            guard hostMatches else { continue }
            for path in entry.paths where line.matches(path, at: host.upperBound) {
                let start = host.upperBound + path.count
                if let end = entry.value.match(line, from: start) {
                    out.append(RawCandidate(rule: entry.rule, start: start, end: end))
                    return
                }
            }
        }
    }

    // MARK: - Assignments and headers

    /// The key before the `:`/`=` at `position`, and what follows it from `valueStart`.
    private static func assignment(
        _ line: LineView, _ position: Int, valueStart: Int, isColon: Bool, _ index: RuleIndex, _ out: inout [RawCandidate]
    ) {
        var cursor = position - 1
        var spaces = 0
        while spaces < 4, line[cursor] == UInt8(ascii: " ") || line[cursor] == UInt8(ascii: "\t") {
            cursor -= 1
            spaces += 1
        }
        if line[cursor] == UInt8(ascii: "\"") || line[cursor] == UInt8(ascii: "'") { cursor -= 1 }
        if line[cursor] == UInt8(ascii: "\\") { cursor -= 1 }
        guard mayEndKeyword(line, cursor, index: index) else { return }
        let keyEnd = cursor + 1
        while keyEnd - cursor <= 64, ByteClass.isWord(line[cursor]) || line[cursor] == UInt8(ascii: ".") { cursor -= 1 }
        let keyStart = cursor + 1
        guard keyStart < keyEnd, let kind = keyKind(line, keyStart, keyEnd, allowHeaders: isColon, index: index) else { return }
        switch kind {
        case .authorization:
            authorizationValue(line, from: valueStart, &out)
        case .cookie, .setCookie:
            cookieValues(line, from: valueStart, onlyFirst: kind == .setCookie, &out)
        case .secret:
            // bash 3.2's `set -x` quotes the whole word: `+ export 'FASTLANE_SESSION=---…'`.
            let outer = line[keyStart - 1]
            var quotedWord: Range<Int>?
            if outer == UInt8(ascii: "'") || outer == UInt8(ascii: "\""), line[valueStart] != outer {
                quotedWord = quotedRange(line, around: valueStart..<valueStart, quote: outer)
            }
            secretValue(line, key: keyStart..<keyEnd, value: valueRange(line, from: valueStart), quotedWord: quotedWord, index, &out)
        }
    }

    /// Whether the four bytes ending at `last` can end a key word of the rule table or a header name
    /// (``RuleIndex/mayEndKeyword(tail:)``: the tail is loaded as one little-endian word with `0x20`
    /// OR-ed into each byte, which lowercases `A`–`Z` and turns `_` into `0x7F`). A match only lets the
    /// exact check run; no key is rejected here that the exact check would accept.
    @inline(__always)
    static func mayEndKeyword(_ line: LineView, _ last: Int, index: RuleIndex = .shared) -> Bool {
        guard last >= 3, last < line.count, let base = line.bytes.baseAddress else { return false }
        let tail = UInt32(littleEndian: UnsafeRawPointer(base + (last - 3)).loadUnaligned(as: UInt32.self)) | 0x2020_2020
        return index.mayEndKeyword(tail: tail)
    }

    /// What the key `line[start..<end]` names, or `nil` for an ordinary key.
    static func keyKind(_ line: LineView, _ start: Int, _ end: Int, allowHeaders: Bool, index: RuleIndex = .shared) -> KeyKind? {
        if allowHeaders {
            if end - start <= 19, hasSuffix(line, start, end, HeaderName.authorization),
                line.firstIndex(of: UInt8(ascii: "_"), in: start..<end) == nil
            {
                return .authorization
            }
            if end - start == 10, hasSuffix(line, start, end, HeaderName.setCookie) { return .setCookie }
            if end - start == 6, hasSuffix(line, start, end, HeaderName.cookie) { return .cookie }
        }
        // Every word has four bytes or more, so a shorter key (or one past the line's end) ends in
        // none. A word is compared whole only where its last four bytes are the key's, and looked
        // for inside the key only where the key has all its letter pairs: most keys are read twice,
        // not once a word.
        guard end - start >= 4 else { return nil }
        let tail = RuleIndex.keyTail(line, start..<end)
        guard tail != 0 else { return nil }
        guard
            index.secretWords.indices.contains(where: {
                index.secretWordTails[$0] == tail && hasSuffix(line, start, end, index.secretWords[$0])
            })
        else { return nil }
        let keyPairs = RuleIndex.pairs(line.bytes, max(start, 0)..<end)
        if index.publicWords.indices.contains(where: {
            index.publicWordPairs[$0] & keyPairs == index.publicWordPairs[$0] && contains(line, start, end, index.publicWords[$0])
        }) {
            return nil
        }
        return .secret
    }

    /// The value of a secret-named key: base64 `user:secret`, a bare base64 DER private key, or the
    /// first keyed row (in table order, the generic rule last) whose keywords the key names and whose
    /// shape the value has.
    static func secretValue(
        _ line: LineView, key: Range<Int>, value: Range<Int>, quotedWord: Range<Int>? = nil, _ index: RuleIndex,
        _ out: inout [RawCandidate]
    ) {
        guard !value.isEmpty else { return }
        // Decoded only when every byte is standard base64 and the length is padded (what `base64`
        // and fastlane write): most values are not.
        if value.count >= 8, value.count % 4 == 0,
            line.run(from: value.lowerBound, classes: standardBase64, extra: UInt8(ascii: "="), limit: value.count) == value.count
        {
            let bytes = line.slice(value)
            if let candidate = basicCredentials(bytes, range: value, index) {
                out.append(candidate)
                return
            }
            if value.count >= 64, Base64Carrier.der(bytes) == .privateKey {
                out.append(RawCandidate(rule: .privateKey, start: value.lowerBound, end: value.upperBound))
                return
            }
        } else if value.count >= 64, line[value.lowerBound] == UInt8(ascii: "M"), Base64Carrier.der(line.slice(value)) == .privateKey {
            out.append(RawCandidate(rule: .privateKey, start: value.lowerBound, end: value.upperBound))
            return
        }
        let keyPairs = line.bytes.baseAddress == nil ? 0 : RuleIndex.pairs(line.bytes, key.clamped(to: 0..<line.count))
        let keyTail = RuleIndex.keyTail(line, key)
        // Read in place: a copy of each entry would retain and release its arrays.
        let match = index.keyed.withUnsafeBufferPointer { entries -> (rule: ScanRule, range: Range<Int>)? in
            for position in entries.indices {
                // The key's letter pairs first (one AND per keyword), then the value's shape, then the exact words.
                let pairs = entries[position].keywordPairs
                if !pairs.isEmpty, !pairs.contains(where: { $0 & keyPairs == $0 }) { continue }
                let range = entries[position].finder.quoted ? (quotedWord ?? quotedRange(line, around: value)) : value
                if let shape = entries[position].finder.value {
                    guard shape.match(line, from: range.lowerBound) == range.upperBound else { continue }
                }
                let keywords = entries[position].keywords
                let keyEndings = entries[position].keyEndings
                let endingTails = entries[position].keyEndingTails
                guard keywords.isEmpty || keywords.contains(where: { contains(line, key.lowerBound, key.upperBound, $0) }),
                    keyEndings.isEmpty
                        || keyEndings.indices.contains(where: {
                            endingTails[$0] == keyTail && hasSuffix(line, key.lowerBound, key.upperBound, keyEndings[$0])
                        })
                else { continue }
                return (entries[position].rule, range)
            }
            return nil
        }
        guard let match, !match.range.isEmpty else { return }
        out.append(RawCandidate(rule: match.rule, start: match.range.lowerBound, end: match.range.upperBound))
    }

    /// Bytes of the standard base64 alphabet.
    private static let standardBase64 = ByteClass.alphanumeric | ByteClass.standardExtra

    /// Base64 of `user:secret`: a provider token inside is reported under its own rule (fingerprinted as
    /// the token), anything else as basic credentials judged by the secret.
    static func basicCredentials(_ bytes: [UInt8], range: Range<Int>, _ index: RuleIndex) -> RawCandidate? {
        guard let (decoded, colon) = Base64Carrier.userSecret(bytes) else { return nil }
        let secret = Array(decoded[(colon + 1)...])
        var inner: [RawCandidate] = []
        var headers: [PEMHeader] = []
        decoded.withUnsafeBufferPointer { detect(LineView(bytes: $0), index: index, candidates: &inner, pemHeaders: &headers) }
        if let token = inner.first(where: { $0.start > colon && $0.rule.priority >= 3 }) {
            let tokenBytes = Array(decoded[token.start..<token.end])
            return RawCandidate(
                rule: token.rule, start: range.lowerBound, end: range.upperBound, judgedBytes: tokenBytes, innerSecret: tokenBytes)
        }
        return RawCandidate(rule: .basicCredentials, start: range.lowerBound, end: range.upperBound, judgedBytes: secret)
    }

    /// Whether the key ends with `suffix` (lowercase, `_` matching `-` too).
    private static func hasSuffix(_ line: LineView, _ start: Int, _ end: Int, _ suffix: [UInt8]) -> Bool {
        guard end - start >= suffix.count else { return false }
        return matchesKey(line, end - suffix.count, suffix)
    }

    /// The header names the engine reads, as key words.
    private enum HeaderName {
        static let authorization = Array("authorization".utf8)
        static let setCookie = Array("set_cookie".utf8)
        static let cookie = Array("cookie".utf8)
    }

    /// Whether the key contains `word` (lowercase, `_` matching `-` too).
    private static func contains(_ line: LineView, _ start: Int, _ end: Int, _ word: [UInt8]) -> Bool {
        var position = start
        while position + word.count <= end {
            if matchesKey(line, position, word) { return true }
            position += 1
        }
        return false
    }

    /// Whether `word` is at `position`, ignoring case and reading `-` as `_`.
    private static func matchesKey(_ line: LineView, _ position: Int, _ word: [UInt8]) -> Bool {
        for offset in 0..<word.count {
            var byte = ByteClass.lowercased(line[position + offset])
            if byte == UInt8(ascii: "-") { byte = UInt8(ascii: "_") }
            if byte != word[offset] { return false }
        }
        return true
    }

    /// `Bearer <credential>`, `Basic <base64>`, `token <credential>`, or a bare credential.
    private static func authorizationValue(_ line: LineView, from position: Int, _ out: inout [RawCandidate]) {
        let first = valueRange(line, from: position)
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
        if isBasic, let decoded = Base64.decodeLeniently(line.slice(credential)),
            let colon = decoded.firstIndex(of: UInt8(ascii: ":"))
        {
            judged = Array(decoded[(colon + 1)...])
        }
        out.append(
            RawCandidate(rule: .authorizationHeader, start: credential.lowerBound, end: credential.upperBound, judgedBytes: judged))
    }

    /// Each `name=value` of a `Cookie` header (only the first of a `Set-Cookie`).
    private static func cookieValues(_ line: LineView, from position: Int, onlyFirst: Bool, _ out: inout [RawCandidate]) {
        var cursor = position
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
    static func valueRange(_ line: LineView, from position: Int, skipQuote: Bool = true) -> Range<Int> {
        var start = position
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
                UInt8(ascii: "`"), UInt8(ascii: "|"):
                return start..<end
            default:
                end += 1
            }
        }
        return start..<end
    }

    /// The whole quoted string that `value` starts (up to the same quote, spaces included), or `value`.
    static func quotedRange(_ line: LineView, around value: Range<Int>, quote opening: UInt8? = nil) -> Range<Int> {
        let quote = opening ?? line[value.lowerBound - 1]
        guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else { return value }
        var end = value.lowerBound
        let limit = min(line.count, value.lowerBound + 16384)
        while end < limit, line[end] != quote {
            end += line[end] == UInt8(ascii: "\\") ? 2 : 1
        }
        return value.lowerBound..<min(end, line.count)
    }

    // MARK: - Options

    /// `--password value`, `--api-key=value`, `--user user:pass` (curl): an option whose name ends in a
    /// secret word of the table.
    static func longOption(_ line: LineView, _ position: Int, _ index: RuleIndex, _ out: inout [RawCandidate]) {
        let nameStart = position + 2
        let length = line.run(from: nameStart, classes: ByteClass.alphanumeric | ByteClass.urlExtra, limit: 41)
        guard length >= 4, length <= 40 else { return }
        let nameEnd = nameStart + length
        let separator = line[nameEnd]
        guard separator == UInt8(ascii: " ") || separator == UInt8(ascii: "=") else { return }
        if length == 4, line.matches("user", at: nameStart) {
            if let option = RuleTable.passwordOptions.first(where: { $0.option == "--user" }) {
                optionValue(line, from: nameEnd + 1, option, &out)
            }
            return
        }
        guard index.secretWords.contains(where: { hasSuffix(line, nameStart, nameEnd, $0) }),
            !index.publicWords.contains(where: { contains(line, nameStart, nameEnd, $0) })
        else { return }
        let value = valueRange(line, from: nameEnd + 1)
        guard !value.isEmpty, line[value.lowerBound] != UInt8(ascii: "-") else { return }
        out.append(RawCandidate(rule: .commandLinePassword, start: value.lowerBound, end: value.upperBound))
    }

    /// `-p value` of `security unlock-keychain` and `altool`, `-P value` of `security import`,
    /// `-u user:pass` of `curl`: the table's single-letter password options, on lines of their command.
    static func shortOption(_ line: LineView, _ position: Int, _ out: inout [RawCandidate]) {
        let letter = line[position + 1]
        for option in RuleTable.passwordOptions {
            let spelled = Array(option.option.utf8)
            guard spelled.count == 2, spelled[1] == letter else { continue }
            guard option.commands.contains(where: { line.containsIgnoringCase(Array($0.utf8)) }) else { continue }
            optionValue(line, from: position + 3, option, &out)
            return
        }
    }

    /// The value of a password option (the part after `:` for `user:password`).
    private static func optionValue(
        _ line: LineView, from position: Int, _ option: (option: String, commands: [String], userColonSecret: Bool),
        _ out: inout [RawCandidate]
    ) {
        var value = valueRange(line, from: position)
        // `-p -k chain` is the next option; `-p '-7iU…'` is a password that starts with a dash.
        let quoted =
            value.lowerBound > position
            && (line[value.lowerBound - 1] == UInt8(ascii: "'") || line[value.lowerBound - 1] == UInt8(ascii: "\""))
        guard !value.isEmpty, quoted || line[value.lowerBound] != UInt8(ascii: "-") else { return }
        if option.userColonSecret {
            guard let colon = line.firstIndex(of: UInt8(ascii: ":"), in: value), colon + 1 < value.upperBound else { return }
            value = (colon + 1)..<value.upperBound
        }
        out.append(RawCandidate(rule: .commandLinePassword, start: value.lowerBound, end: value.upperBound))
    }

    // MARK: - Line-start shapes

    /// `.netrc` entries (`machine … password …`, `password …`) and fastlane's `| key | value |` rows:
    /// one look at the line's first and last bytes.
    static func lineStart(_ line: LineView, _ index: RuleIndex, _ out: inout [RawCandidate]) {
        var last = line.count - 1
        while line[last] == UInt8(ascii: " ") { last -= 1 }
        if line[last] == UInt8(ascii: "|") { tableRow(line, endingAt: last, index, &out) }
        var start = 0
        while start < line.count, line[start] == UInt8(ascii: " ") || line[start] == UInt8(ascii: "\t") { start += 1 }
        switch line[start] {
        case UInt8(ascii: "m"), UInt8(ascii: "d"), UInt8(ascii: "p"):
            guard line.matches("machine ", at: start) || line.matches("default ", at: start) || line.matches("password ", at: start)
            else { return }
            netrc(line, from: start, &out)
        default:
            return
        }
    }

    /// The word after `password` in a `.netrc` entry.
    private static func netrc(_ line: LineView, from start: Int, _ out: inout [RawCandidate]) {
        var position = start
        while position + 9 <= line.count {
            if line.matches("password ", at: position), position == start || line[position - 1] == UInt8(ascii: " ") {
                let value = valueRange(line, from: position + 9)
                if !value.isEmpty, line[value.lowerBound] != UInt8(ascii: "="), line[value.lowerBound] != UInt8(ascii: ":") {
                    out.append(RawCandidate(rule: .netrcPassword, start: value.lowerBound, end: value.upperBound))
                }
                return
            }
            position += 1
        }
    }

    /// `| key | value |`: a fastlane options or environment table row (the line's last two cells)
    /// whose key is secret-named; `bar` is the row's final `|`.
    private static func tableRow(_ line: LineView, endingAt bar: Int, _ index: RuleIndex, _ out: inout [RawCandidate]) {
        var middle = bar - 1
        while middle >= 0, line[middle] != UInt8(ascii: "|") { middle -= 1 }
        var keyEnd = middle - 1
        while line[keyEnd] == UInt8(ascii: " ") { keyEnd -= 1 }
        keyEnd += 1
        var keyStart = keyEnd
        while ByteClass.isWord(line[keyStart - 1]) || line[keyStart - 1] == UInt8(ascii: ".") { keyStart -= 1 }
        guard middle > 0, keyEnd > keyStart, keyEnd - keyStart <= 64, line[keyStart - 1] == UInt8(ascii: " "),
            line[keyStart - 2] == UInt8(ascii: "|"),
            keyKind(line, keyStart, keyEnd, allowHeaders: false, index: index) == .secret
        else { return }
        secretValue(line, key: keyStart..<keyEnd, value: valueRange(line, from: middle + 1), index, &out)
    }
}
