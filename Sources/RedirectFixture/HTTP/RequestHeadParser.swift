//===----------------------------------------------------------------------===//
// RequestHeadParser.swift: parses one complete request head.
//===----------------------------------------------------------------------===//

import GateCore

/// Parses one complete request head, the bytes up to and including its empty line, into a
/// ``RequestHead`` or a ``HeadRejection``.
///
/// The rules (RFC 9112, read strictly; every refusal closes the connection):
/// - request line `method SP request-target SP HTTP/d.d`, single spaces, the method a token and
///   the target visible ASCII; anything else is 400; a version other than 1.0 or 1.1 is 505;
/// - header fields `name ":" OWS value OWS`, the name a token with no space before the colon,
///   the value free of control characters; obsolete line folding is 400;
/// - more than ``FixtureConfiguration/maxHeaderCount`` fields is 431;
/// - HTTP/1.1 needs exactly one `Host` (400 otherwise, as RFC 9112 §3.2 requires);
/// - one `Content-Length` of decimal digits (400 otherwise), at most
///   ``FixtureConfiguration/maxBodyBytes`` (413 otherwise);
/// - any `Transfer-Encoding` is 411: bodies are read by `Content-Length` only, so chunked
///   uploads are refused explicitly rather than guessed at;
/// - `Expect: 100-continue` gets an interim 100; any other expectation is 417.
enum RequestHeadParser {
    private static let cr = UInt8(ascii: "\r")
    private static let lf = UInt8(ascii: "\n")
    private static let space = UInt8(ascii: " ")
    private static let tab = UInt8(ascii: "\t")
    private static let colon = UInt8(ascii: ":")
    private static let httpSlash = Array("HTTP/".utf8)
    private static let httpScheme = Array("http://".utf8)
    private static let httpsScheme = Array("https://".utf8)

    /// Parses the head in `bytes[start..<end]`, which ends in CRLF CRLF.
    ///
    /// - Parameters:
    ///   - bytes: the connection's input.
    ///   - start: the head's first byte.
    ///   - end: one past its final LF.
    ///   - configuration: the header count and body limits.
    /// - Returns: the head, or why it is refused.
    static func parse(
        _ bytes: [UInt8], from start: Int, to end: Int, configuration: FixtureConfiguration
    ) -> Result<RequestHead, HeadRejection> {
        guard start >= 0, start <= end, end <= bytes.count else {
            return .failure(HeadRejection(.badRequest, "the request head is malformed"))
        }
        var lines = LineCursor(bytes: bytes, position: start, end: end)
        guard let requestLineRange = lines.next() else {
            return .failure(HeadRejection(.badRequest, "the request line is missing"))
        }
        let line: RequestLine
        switch parseRequestLine(bytes, requestLineRange) {
        case let .success(parsed): line = parsed
        case let .failure(rejection): return .failure(rejection)
        }

        var fields = FieldSummary()
        var headerNames: [String] = []
        while let range = lines.next(), !range.isEmpty {
            if headerNames.count >= configuration.maxHeaderCount {
                return .failure(
                    HeadRejection(
                        .headerFieldsTooLarge, "the request has more than \(configuration.maxHeaderCount) header fields",
                        line: line))
            }
            switch parseField(bytes, range, into: &fields) {
            case let .success(name): headerNames.append(name)
            case let .failure(rejection):
                return .failure(HeadRejection(rejection.status, rejection.message, line: line))
            }
        }
        return validate(fields, line: line, headerNames: headerNames, configuration: configuration)
    }

    // MARK: - Request line

    /// The request line at `start`, if its CRLF has arrived and it is well-formed; for counting a
    /// request refused before its head was complete (too large, a bad byte, too slow).
    ///
    /// - Parameters:
    ///   - bytes: the connection's input.
    ///   - start: the head's first byte.
    ///   - maxLength: the longest request line, CRLF included; a longer one is never counted.
    static func completeRequestLine(in bytes: [UInt8], from start: Int, maxLength: Int) -> RequestLine? {
        guard start >= 0, start < bytes.count,
            let lineFeed = bytes[start..<min(bytes.count, start + max(0, maxLength))].firstIndex(of: lf),
            lineFeed > start, bytes[lineFeed - 1] == cr,
            case let .success(line) = parseRequestLine(bytes, start..<(lineFeed - 1))
        else { return nil }
        return line
    }

    private static func parseRequestLine(_ bytes: [UInt8], _ range: Range<Int>) -> Result<RequestLine, HeadRejection> {
        let malformed = HeadRejection(.badRequest, "the request line is not 'METHOD target HTTP/1.1'")
        guard let firstSpace = bytes[range].firstIndex(of: space),
            let secondSpace = bytes[(firstSpace + 1)..<range.upperBound].firstIndex(of: space)
        else { return .failure(malformed) }
        let method = bytes[range.lowerBound..<firstSpace]
        let target = bytes[(firstSpace + 1)..<secondSpace]
        let version = bytes[(secondSpace + 1)..<range.upperBound]
        guard !method.isEmpty, method.allSatisfy(isTokenByte),
            !target.isEmpty, target.allSatisfy({ $0 > 0x20 && $0 < 0x7F })
        else { return .failure(malformed) }

        // "HTTP/" DIGIT "." DIGIT, and nothing else (no trailing spaces or extra words).
        guard version.count == 8, version.starts(with: httpSlash),
            let major = version.dropFirst(5).first, let dot = version.dropFirst(6).first, let minor = version.last,
            isDigit(major), dot == UInt8(ascii: "."), isDigit(minor)
        else { return .failure(malformed) }
        let parsedVersion: HTTPVersion
        switch (major, minor) {
        case (UInt8(ascii: "1"), UInt8(ascii: "1")): parsedVersion = .http11
        case (UInt8(ascii: "1"), UInt8(ascii: "0")): parsedVersion = .http10
        default:
            return .failure(HeadRejection(.versionNotSupported, "only HTTP/1.0 and HTTP/1.1 are supported"))
        }
        return .success(
            RequestLine(
                method: String(decoding: method, as: UTF8.self), path: path(of: target), version: parsedVersion))
    }

    /// The path the ledger records: the target up to `?` (queries may carry secrets), and for an
    /// absolute-form target (`http://host:port/p?q`) the part from the first `/` after the host.
    static func path(of target: ArraySlice<UInt8>) -> String {
        var rest = target
        if target.first == UInt8(ascii: "h") || target.first == UInt8(ascii: "H") {
            for scheme in [httpScheme, httpsScheme] where startsCaseInsensitively(target, with: scheme) {
                let afterAuthority = target.dropFirst(scheme.count)
                guard let slash = afterAuthority.firstIndex(where: { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") }),
                    afterAuthority[slash] == UInt8(ascii: "/")
                else { return "/" }
                rest = afterAuthority[slash...]
                break
            }
        }
        let path = rest.prefix { $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") }
        return path.isEmpty ? "/" : String(decoding: path, as: UTF8.self)
    }

    // MARK: - Header fields

    /// What the header fields say about framing and the connection.
    private struct FieldSummary {
        var hostCount = 0
        var contentLength: Int?
        var hasTransferEncoding = false
        var connectionClose = false
        var connectionKeepAlive = false
        var expectsContinue = false
        var unknownExpectation = false
    }

    /// Parses one field line, returns its lowercased name and notes what matters in `fields`.
    private static func parseField(
        _ bytes: [UInt8], _ range: Range<Int>, into fields: inout FieldSummary
    ) -> Result<String, HeadRejection> {
        guard let first = bytes[safe: range.lowerBound], first != space, first != tab else {
            return .failure(HeadRejection(.badRequest, "obsolete line folding is not accepted"))
        }
        guard let colonIndex = bytes[range].firstIndex(of: colon) else {
            return .failure(HeadRejection(.badRequest, "a header line has no colon"))
        }
        let nameBytes = bytes[range.lowerBound..<colonIndex]
        guard !nameBytes.isEmpty, nameBytes.allSatisfy(isTokenByte) else {
            return .failure(HeadRejection(.badRequest, "a header field name is not a token"))
        }
        let value = trimmed(bytes[(colonIndex + 1)..<range.upperBound])
        guard value.allSatisfy({ $0 == tab || $0 >= 0x20 && $0 != 0x7F }) else {
            return .failure(HeadRejection(.badRequest, "a header field value contains a control character"))
        }

        // Built in place: names up to 15 bytes become small strings, with no allocation.
        let name = String(unsafeUninitializedCapacity: nameBytes.count) { buffer in
            for (offset, byte) in zip(buffer.indices, nameBytes) { buffer[offset] = lowercased(byte) }
            return min(buffer.count, nameBytes.count)
        }
        switch name {
        case "host":
            fields.hostCount += 1
        case "content-length":
            guard fields.contentLength == nil else {
                return .failure(HeadRejection(.badRequest, "the request has more than one Content-Length"))
            }
            guard (1...18).contains(value.count), value.allSatisfy(isDigit),
                let length = Int(String(decoding: value, as: UTF8.self))
            else {
                return .failure(HeadRejection(.badRequest, "Content-Length is not a decimal number"))
            }
            fields.contentLength = length
        case "transfer-encoding":
            fields.hasTransferEncoding = true
        case "connection":
            for option in value.split(separator: UInt8(ascii: ",")) {
                let word = String(decoding: trimmed(option).map(lowercased), as: UTF8.self)
                if word == "close" { fields.connectionClose = true }
                if word == "keep-alive" { fields.connectionKeepAlive = true }
            }
        case "expect":
            if value.map(lowercased).elementsEqual("100-continue".utf8) {
                fields.expectsContinue = true
            } else {
                fields.unknownExpectation = true
            }
        default:
            break
        }
        return .success(name)
    }

    /// The checks that need every field: Host, framing, expectations.
    private static func validate(
        _ fields: FieldSummary, line: RequestLine, headerNames: [String], configuration: FixtureConfiguration
    ) -> Result<RequestHead, HeadRejection> {
        if line.version == .http11 ? fields.hostCount != 1 : fields.hostCount > 1 {
            return .failure(HeadRejection(.badRequest, "an HTTP/1.1 request needs exactly one Host header", line: line))
        }
        if fields.hasTransferEncoding {
            return .failure(
                HeadRejection(
                    .lengthRequired, "Transfer-Encoding is not supported; send the body with Content-Length", line: line))
        }
        let length = fields.contentLength ?? 0
        if length > configuration.maxBodyBytes {
            return .failure(
                HeadRejection(
                    .contentTooLarge, "the body is larger than \(configuration.maxBodyBytes) bytes", line: line))
        }
        if fields.unknownExpectation {
            return .failure(HeadRejection(.expectationFailed, "only Expect: 100-continue is supported", line: line))
        }
        let keepAlive =
            line.version == .http11 ? !fields.connectionClose : fields.connectionKeepAlive && !fields.connectionClose
        return .success(
            RequestHead(
                line: line, headerNames: headerNames, contentLength: length, keepAlive: keepAlive,
                expectsContinue: fields.expectsContinue && line.version == .http11))
    }

    // MARK: - Bytes

    /// Whether `byte` may appear in a token (RFC 9110 §5.6.2 `tchar`).
    static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }

    /// Whether `bytes` starts with the lowercase ASCII `prefix`, ignoring the case of letters.
    private static func startsCaseInsensitively(_ bytes: ArraySlice<UInt8>, with prefix: [UInt8]) -> Bool {
        bytes.count >= prefix.count && zip(bytes, prefix).allSatisfy { lowercased($0) == $1 }
    }

    /// `bytes` without leading and trailing spaces and tabs (optional whitespace, `OWS`).
    private static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var result = bytes
        while let byte = result.first, byte == space || byte == tab { result = result.dropFirst() }
        while let byte = result.last, byte == space || byte == tab { result = result.dropLast() }
        return result
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
    }
}
