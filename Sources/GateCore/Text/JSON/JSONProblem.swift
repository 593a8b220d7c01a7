//===----------------------------------------------------------------------===//
// JSONProblem.swift: what JSONReader found wrong, without where.
//===----------------------------------------------------------------------===//

/// What ``JSONReader`` found wrong. ``JSONReadError`` adds where; callers that word problems in
/// their own vocabulary (the envelope verifier) switch over this.
package enum JSONProblem: Sendable, Equatable {
    /// A value was expected (also: the text is empty).
    case expectedValue
    /// An object key was expected.
    case expectedKey
    /// `:` was expected after the key.
    case expectedColon(key: String)
    /// `,` or `}` was expected after an object member.
    case expectedCommaOrBrace
    /// `,` or `]` was expected after an array element.
    case expectedCommaOrBracket
    /// A key appears twice in one object (compared after unescaping, as Swift strings).
    case duplicateKey(String)
    /// The text ends inside a string.
    case unterminatedString
    /// A string holds bytes that are not UTF-8 (overlong forms, surrogates, past U+10FFFF …).
    case invalidUTF8
    /// A string holds a raw control character.
    case controlCharacter(UInt8)
    /// A backslash is followed by something that is not an escape.
    case unknownEscape(UInt8)
    /// `\u` is not followed by four hex digits.
    case badUnicodeEscape
    /// A `\u` escape is half of a surrogate pair.
    case loneSurrogate
    /// A number has no digit where one is needed; `position` says where in the number.
    case expectedDigit(JSONNumberPart)
    /// A number does not fit a `Double` (`1e400`); the text of the number.
    case numberOutOfRange(String)
    /// Something other than blanks follows the value.
    case trailingText
    /// Objects and arrays nest deeper than the limit.
    case tooDeep(limit: Int)
    /// The text is larger than the limit, in bytes.
    case tooLarge(limit: Int)
    /// The text starts with a UTF-8 byte order mark where none is allowed.
    case byteOrderMark

    /// Whether the text is not JSON at all, as opposed to JSON refused all the same (a key twice,
    /// too deep, too large, a byte order mark where none is allowed): messages say "not valid JSON"
    /// only for the first.
    package var isSyntaxError: Bool {
        switch self {
        case .duplicateKey, .tooDeep, .tooLarge, .byteOrderMark: false
        default: true
        }
    }
}
