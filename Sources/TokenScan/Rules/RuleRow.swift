//===----------------------------------------------------------------------===//
// RuleRow.swift: one row of the rule table: what a rule is, how it is found, how it is judged.
//===----------------------------------------------------------------------===//

/// One rule as data: its id, texts for people and SARIF, confidence, how its candidates are found
/// (``Finder``) and the checks a candidate must pass (``Checks``). ``RuleTable/rows`` holds them all;
/// ``RuleIndex`` derives the trigger bytes and lookup tables from it.
struct RuleRow: Sendable {
    /// The stable id.
    let rule: ScanRule
    /// One line (SARIF `shortDescription`).
    let title: String
    /// What the rule finds and why it matters (SARIF `fullDescription`).
    let detail: String
    /// What to do about a finding (SARIF `help`).
    let remedy: String
    /// How sure a match is.
    let confidence: ScanConfidence
    /// GitHub's `security-severity` (0.0–10.0).
    let severity: Double
    /// How candidates are found; several finders may report the same rule.
    let finders: [Finder]
    /// What a candidate must pass to be reported.
    let checks: Checks
    /// Which rule wins when two candidates overlap (higher): by default 3 for high confidence, 2 for
    /// medium and 1 for low.
    let priority: Int

    /// A row; `priority` defaults from `confidence`.
    init(
        rule: ScanRule, title: String, detail: String, remedy: String, confidence: ScanConfidence, severity: Double,
        priority: Int? = nil, finders: [Finder], checks: Checks
    ) {
        self.rule = rule
        self.title = title
        self.detail = detail
        self.remedy = remedy
        self.confidence = confidence
        self.severity = severity
        self.priority = priority ?? (confidence == .high ? 3 : confidence == .medium ? 2 : 1)
        self.finders = finders
        self.checks = checks
    }
}

/// How a rule's candidates are found.
enum Finder: Sendable {
    /// A documented token prefix on an anchor byte, then the token's shape.
    case token(TokenFinder)
    /// The value of an assignment (`KEY=value`, `key: value`, `"key": "value"`) whose key names the provider.
    case keyed(KeyedFinder)
    /// A URL on the provider's host whose path holds the secret (webhooks).
    case webhook(WebhookFinder)
    /// A structure the engine reads itself: PEM blocks, JWTs, headers, URLs, assignments, flags.
    case engine(EngineFinder)
}

/// Literal prefixes that contain `anchor`, an optional run before them, and the value after them.
struct TokenFinder: Sendable {
    /// The prefixes (ASCII); each contains `anchor`.
    let prefixes: [String]
    /// The trigger byte; the first occurrence in each prefix anchors it.
    let anchor: UInt8
    /// A run that must stand right before the prefix (Telegram's bot id before `:`).
    var lead: ValueShape.Segment? = nil
    /// The value after the prefix.
    let value: ValueShape
}

/// The value of an assignment whose key names the provider.
struct KeyedFinder: Sendable {
    /// Lowercase words (`_` matches `-` too), one of which the key contains.
    let keywords: [String]
    /// Key endings that make a key secret-named for this row even when no generic secret word ends it.
    var keyEndings: [String] = []
    /// The shape the whole value must have; `nil` takes any value (the checks judge it).
    let value: ValueShape?
    /// Whether the value runs to the closing quote (spaces included) instead of the first space.
    var quoted = false
}

/// `https://host/path…` where `host` is the provider's and the path holds the secret.
struct WebhookFinder: Sendable {
    /// Host names, or suffixes starting with `.` (`.webhook.office.com`).
    let hosts: [String]
    /// What the path starts with (`/services/`).
    let paths: [String]
    /// The rest of the path, which is the secret.
    let value: ValueShape
}

/// The structures the engine itself reads.
enum EngineFinder: Sendable, Equatable {
    /// `-----BEGIN … PRIVATE KEY-----` blocks over lines, in JSON strings, and base64-encoded (`LS0tLS1CRUdJTi…`).
    case pemBlock
    /// `eyJ…` header, payload and signature.
    case jsonWebToken
    /// `Authorization:` and `Proxy-Authorization:` values.
    case authorizationHeader
    /// `Cookie:` and `Set-Cookie:` values.
    case cookieHeader
    /// `scheme://user:password@host`.
    case urlCredentials
    /// `abcd-efgh-ijkl-mnop` on a line that names app-specific passwords.
    case appSpecificPassword
    /// Base64 of `user:secret` assigned to an authorization or credentials key.
    case basicCredentials
    /// `--password value`, `security unlock-keychain -p value`, `curl -u user:pass`.
    case commandLine
    /// `machine host login user password secret` (.netrc).
    case netrc

    /// The bytes that start this finder's check (line-start finders have none).
    var triggers: [UInt8] {
        switch self {
        case .pemBlock: [UInt8(ascii: "-"), UInt8(ascii: "L")]
        case .jsonWebToken: [UInt8(ascii: "J")]
        case .authorizationHeader, .cookieHeader, .urlCredentials: [UInt8(ascii: ":")]
        case .appSpecificPassword, .commandLine: [UInt8(ascii: "-")]
        case .basicCredentials: [UInt8(ascii: ":"), UInt8(ascii: "=")]
        case .netrc: []
        }
    }
}

/// A value as segments: runs of an alphabet with a length range, and literal bytes.
struct ValueShape: Sendable {
    /// One part of a value.
    enum Segment: Sendable {
        /// Bytes of `alphabet`, as many as there are (a longer run fails), within `length`.
        case run(ByteSet, ClosedRange<Int>)
        /// These exact bytes.
        case literal([UInt8])
    }

    /// The segments, in order.
    let segments: [Segment]
    /// Bytes that may not follow the value (a token inside a longer word is not the token).
    var endBoundary: ByteSet = .word

    /// A value of one run.
    static func run(_ alphabet: ByteSet, _ length: ClosedRange<Int>) -> ValueShape {
        ValueShape(segments: [.run(alphabet, length)])
    }

    /// This shape followed by `literal` and a run.
    func then(_ literal: String, _ alphabet: ByteSet, _ length: ClosedRange<Int>) -> ValueShape {
        var shape = self
        shape = ValueShape(
            segments: segments + [.literal(Array(literal.utf8)), .run(alphabet, length)], endBoundary: endBoundary)
        return shape
    }

    /// This shape with another end boundary.
    func ending(_ boundary: ByteSet) -> ValueShape {
        ValueShape(segments: segments, endBoundary: boundary)
    }

    /// The shape `8-4-4-4-12` of a UUID in `alphabet`.
    static func uuid(_ alphabet: ByteSet = .hex) -> ValueShape {
        run(alphabet, 8...8).then("-", alphabet, 4...4).then("-", alphabet, 4...4).then("-", alphabet, 4...4)
            .then("-", alphabet, 12...12)
    }

    /// The end of the value if it starts at `start` in `line`, else `nil`.
    func match(_ line: LineView, from start: Int) -> Int? {
        var position = start
        for segment in segments {
            switch segment {
            case let .run(alphabet, length):
                var run = 0
                let limit = length.upperBound + 1
                while run < limit, alphabet.contains(line[position + run]), position + run < line.count { run += 1 }
                guard length.contains(run) else { return nil }
                position += run
            case let .literal(bytes):
                for byte in bytes {
                    guard line[position] == byte, position < line.count else { return nil }
                    position += 1
                }
            }
        }
        guard position < line.count else { return position }
        return endBoundary.contains(line[position]) ? nil : position
    }
}

/// What a candidate must pass, beyond the placeholder check every rule applies.
struct Checks: Sendable {
    /// The least Shannon entropy in bits per byte.
    var minimumEntropy = 0.0
    /// The fewest bytes.
    var minimumLength = 0
    /// A provider checksum the value must carry.
    var checksum: Checksum? = nil
    /// Bytes the value must contain (OpenAI's `T3BlbkFJ`).
    var mustContain: String? = nil
    /// Bytes the value must end with (Anthropic's `AA`).
    var mustEnd: String? = nil
    /// A UUID passes without the entropy check (cookie session ids).
    var uuidPasses = false
    /// The generic filters: UUIDs, digests, numbers, paths, DerivedData, base64 of text, public keys,
    /// identifiers; the entropy bound depends on the length.
    var generic = false
    /// Whether the placeholder check applies.
    var placeholders = true

    /// No checks beyond placeholders.
    static let none = Checks()
    /// A documented provider shape: enough entropy to not be a made-up example.
    static let provider = Checks(minimumEntropy: 3.0)
}

/// A checksum a provider builds into its tokens.
enum Checksum: Sendable, Equatable {
    /// GitHub's: the last 6 characters are the base62 CRC32 of the 30 before them.
    case githubCRC32
}
