//===----------------------------------------------------------------------===//
// PercentEncoder.swift: path, query and fragment text to RFC 3986 characters.
//===----------------------------------------------------------------------===//

/// Writes the path, query or fragment of a URL with only RFC 3986 characters.
///
/// Characters RFC 3986 allows are kept; a `%` must start a valid escape and the escape is kept
/// as written; anything else (spaces inside, `"`, `<`, `|`, non-ASCII) is percent-encoded as
/// UTF-8, as browsers do. None of this can change an origin: it only makes the URL one that
/// every client reads the same way.
enum PercentEncoder {
    /// Which component is being written; each allows a few more characters.
    enum Component {
        case path
        case query
        case fragment
        case userinfo
    }

    /// The encoded text of `scalars`.
    ///
    /// - Parameters:
    ///   - scalars: the component's characters.
    ///   - component: which component they are.
    ///   - offset: the position of the first scalar in the whole input, for messages (from 1).
    /// - Throws: ``RedirectPolicyError/invalidPercentEncoding(position:)``.
    static func encode(
        _ scalars: ArraySlice<Unicode.Scalar>, as component: Component, offset: Int
    ) throws(RedirectPolicyError) -> String {
        var output = ""
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let scalar = scalars[index]
            if scalar == "%" {
                let next = scalars.index(after: index)
                guard next + 1 < scalars.endIndex, isHexDigit(scalars[next]), isHexDigit(scalars[next + 1]) else {
                    throw .invalidPercentEncoding(position: offset + index - scalars.startIndex)
                }
                output.unicodeScalars.append(contentsOf: scalars[index...(next + 1)])
                index = next + 2
                continue
            }
            if isAllowed(scalar, in: component) {
                output.unicodeScalars.append(scalar)
            } else {
                for byte in String(scalar).utf8 {
                    output += "%" + hexByte(byte)
                }
            }
            index += 1
        }
        return output
    }

    /// RFC 3986: unreserved, sub-delims, `:` and `@` (and `/` outside userinfo; `?` in query and
    /// fragment; no `@` in userinfo).
    static func isAllowed(_ scalar: Unicode.Scalar, in component: Component) -> Bool {
        switch scalar.value {
        case 0x41...0x5A, 0x61...0x7A, 0x30...0x39: return true
        case 0x2D, 0x2E, 0x5F, 0x7E: return true  // - . _ ~
        case 0x21, 0x24, 0x26, 0x27, 0x28, 0x29, 0x2A, 0x2B, 0x2C, 0x3B, 0x3D: return true  // sub-delims
        case 0x3A: return true  // :
        case 0x40: return component != .userinfo  // @
        case 0x2F: return component != .userinfo  // /
        case 0x3F: return component == .query || component == .fragment  // ?
        default: return false
        }
    }

    static func isHexDigit(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x30...0x39, 0x41...0x46, 0x61...0x66: return true
        default: return false
        }
    }

    private static func hexByte(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return digits.count == 1 ? "0" + digits : digits
    }
}
