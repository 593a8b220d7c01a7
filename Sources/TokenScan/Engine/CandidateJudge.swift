//===----------------------------------------------------------------------===//
// CandidateJudge.swift: decides whether a candidate is reported, and if not, why.
//===----------------------------------------------------------------------===//

/// Decides whether a candidate is a secret worth reporting, by its row's ``Checks``. Runs only on
/// candidates, never on every byte, so it may allocate and decode. Order: allowlist, placeholder,
/// then the row's checks (length, checksum, format marker, the generic filters, entropy).
enum CandidateJudge {
    /// Lowercase substrings that mark a placeholder.
    private static let placeholderWords: [[UInt8]] = [String]([
        "dummy", "changeme", "change_me", "change-me", "example", "redacted", "placeholder", "fixture", "xxxx", "***",
        "...", "<", ">", "${", "$(", "{{", "your_", "your-", "notreal", "not_real", "not-a-", "fake", "sample",
        "insert", "replace_me", "replace-me", "masked", "secret_here", "token_here", "@keychain:", "@env:",
    ]).map { Array($0.utf8) }

    /// Whole values (lowercased) that are placeholders.
    private static let placeholderValues: [[UInt8]] = [String]([
        "password", "passwd", "pass", "secret", "token", "null", "nil", "none", "true", "false", "undefined",
        "x-oauth-basic", "string", "bearer", "basic", "hidden", "empty",
    ]).map { Array($0.utf8) }

    /// The reason `secret` is not reported under `rule`, or `nil` when it is a finding.
    ///
    /// - Parameters:
    ///   - judged: the part the content checks look at, when not the whole (a Basic password).
    ///   - allow: exact values never reported.
    static func reason(rule: ScanRule, secret: [UInt8], judged: [UInt8]?, allow: AllowList) -> SuppressionReason? {
        if !allow.isEmpty {
            if allow.contains(secret) { return .allowlisted }
            if let judged, allow.contains(judged) { return .allowlisted }
        }
        let value = judged ?? secret
        let checks = rule.row.checks
        if checks.placeholders, isPlaceholder(value) { return .placeholder }
        if value.count < checks.minimumLength { return .tooShort }
        if checks.checksum == .githubCRC32, !CRC32.isValidGitHubToken(value) { return .badChecksum }
        if let marker = checks.mustContain, !contains(value, Array(marker.utf8)) { return .format }
        if let end = checks.mustEnd, !value.reversed().starts(with: end.utf8.reversed()) { return .format }
        if checks.uuidPasses, isUUID(value) { return nil }
        if checks.generic { return genericReason(value) }
        return Entropy.bitsPerByte(value) < checks.minimumEntropy ? .lowEntropy : nil
    }

    /// The checks for values found by a key alone.
    private static func genericReason(_ value: [UInt8]) -> SuppressionReason? {
        if value.count < 8 { return .tooShort }
        if isUUID(value) { return .uuid }
        if isHexDigest(value) { return .hexDigest }
        if value.allSatisfy({ ByteClass.isIn($0, ByteClass.digit) || "-:.TZ+_".utf8.contains($0) }) { return .numeric }
        if isPath(value) { return .path }
        if hasDerivedDataHash(value) { return .derivedData }
        if Base64Carrier.isEncodedText(value) { return .base64Text }
        if Base64Carrier.isPublicKeyMaterial(value) { return .publicKey }
        if isSequential(value) { return .lowEntropy }
        if isIdentifier(value) { return .identifier }
        let entropy = Entropy.bitsPerByte(value)
        return entropy < (value.count < 16 ? 2.5 : 3.0) ? .lowEntropy : nil
    }

    /// Placeholder words, whole placeholder values, variable references (``isPercentReference(_:)``
    /// for `%`) and one repeated character.
    static func isPlaceholder(_ value: [UInt8]) -> Bool {
        guard let first = value.first else { return true }
        if first == UInt8(ascii: "$") || first == UInt8(ascii: "<") || first == UInt8(ascii: "{") {
            return true
        }
        if first == UInt8(ascii: "%"), isPercentReference(value) { return true }
        if value.allSatisfy({ $0 == first }) { return true }
        let lowered = value.map(ByteClass.lowercased)
        if placeholderValues.contains(lowered) { return true }
        return placeholderWords.contains { word in contains(lowered, word) }
    }

    /// `%NAME%` (a Windows variable), `%{name}` or `%(name)s` (a template), or a lone printf
    /// directive (`%s`, `%@`, `%1$@`): not a password that happens to start with `%` (`%5TH…`).
    static func isPercentReference(_ value: [UInt8]) -> Bool {
        guard value.count >= 2 else { return true }
        let second = value[1]
        if second == UInt8(ascii: "{") || second == UInt8(ascii: "(") { return true }
        let body = value.dropFirst()
        if value.count >= 3, value.last == UInt8(ascii: "%"),
            body.dropLast().allSatisfy({ ByteClass.isIn($0, ByteClass.alphanumeric) || $0 == UInt8(ascii: "_") })
        {
            return true
        }
        guard value.count <= 5, let directive = body.last else { return false }
        let isLetter = ByteClass.isIn(directive, ByteClass.lower | ByteClass.upper) || directive == UInt8(ascii: "@")
        return isLetter && body.dropLast().allSatisfy { ByteClass.isIn($0, ByteClass.digit) || $0 == UInt8(ascii: "$") }
    }

    /// Whether `word` occurs in `bytes`.
    private static func contains(_ bytes: [UInt8], _ word: [UInt8]) -> Bool {
        guard let first = word.first, bytes.count >= word.count else { return false }
        var index = 0
        while index + word.count <= bytes.count {
            if bytes[index] == first, bytes[index..<(index + word.count)].elementsEqual(word) { return true }
            index += 1
        }
        return false
    }

    /// A name, not a secret: only letters, `_`, `.` and `-` (`XCTAssertEqual`, `passwordField.text`),
    /// or code (a call or subscript: `Secret(value:`, `env["TOKEN"]`).
    static func isIdentifier(_ value: [UInt8]) -> Bool {
        if value.contains(where: { $0 == UInt8(ascii: "(") || $0 == UInt8(ascii: "[") }) { return true }
        return value.allSatisfy { ByteClass.isIn($0, ByteClass.lower | ByteClass.upper) || "_.-".utf8.contains($0) }
    }

    /// Mostly runs of consecutive or equal characters (`abcdef123456`, `aaaabbbb1234`).
    static func isSequential(_ value: [UInt8]) -> Bool {
        guard value.count >= 8 else { return false }
        var steps = 0
        for index in 1..<value.count {
            let difference = Int(value[index]) - Int(value[index - 1])
            if difference == 1 || difference == 0 || difference == -1 { steps += 1 }
        }
        return steps * 4 >= (value.count - 1) * 3
    }

    /// A file path: starts with `/`, `./` or `~/`, and has a `.` or at least three `/` (random base64
    /// that starts with `/` has neither, as a rule).
    static func isPath(_ value: [UInt8]) -> Bool {
        guard value.first == UInt8(ascii: "/") || value.starts(with: "./".utf8) || value.starts(with: "~/".utf8) else { return false }
        return value.contains(UInt8(ascii: ".")) || value.filter({ $0 == UInt8(ascii: "/") }).count >= 3
    }

    /// `8-4-4-4-12` hex digits.
    static func isUUID(_ value: [UInt8]) -> Bool {
        guard value.count == 36 else { return false }
        for (index, byte) in value.enumerated() {
            if index == 8 || index == 13 || index == 18 || index == 23 {
                guard byte == UInt8(ascii: "-") else { return false }
            } else if !ByteClass.isIn(byte, ByteClass.hex) {
                return false
            }
        }
        return true
    }

    /// At least 16 hex digits, optionally after an algorithm name and a colon (`sha256:`, `md5:`,
    /// and `hmac-sha256:`, the form of the gate's own finding fingerprints, which its reports
    /// list beside the rule's name).
    static func isHexDigest(_ value: [UInt8]) -> Bool {
        var digits = value[...]
        if let colon = value.firstIndex(of: UInt8(ascii: ":")), colon <= 12,
            value[..<colon].allSatisfy({ ByteClass.isAlphanumeric($0) || $0 == UInt8(ascii: "-") })
        {
            digits = value[(colon + 1)...]
        }
        return digits.count >= 16 && digits.allSatisfy { ByteClass.isIn($0, ByteClass.hex) }
    }

    /// `-` followed by exactly 28 lowercase letters (an Xcode DerivedData folder).
    static func hasDerivedDataHash(_ value: [UInt8]) -> Bool {
        var index = 0
        while index < value.count {
            if value[index] == UInt8(ascii: "-") {
                var run = 0
                while index + 1 + run < value.count, ByteClass.isIn(value[index + 1 + run], ByteClass.lower) { run += 1 }
                let after = index + 1 + run
                if run == 28, after == value.count || !ByteClass.isAlphanumeric(value[after]) { return true }
            }
            index += 1
        }
        return false
    }
}
