//===----------------------------------------------------------------------===//
// SBPLReader.swift: reads a profile back as the sandbox's Scheme reader would, for the tests.
//===----------------------------------------------------------------------===//

/// A reader of the sandbox profile language's syntax (TinyScheme's): `;` comments to the end of
/// the line, `"…"` strings with `\` escapes, parentheses, and atoms. The tests read a generated
/// profile back with it, so a path that broke out of its string literal shows up as extra forms
/// or a string that is not the path.
enum SBPLReader {
    /// A form: a list, a string literal (decoded), or an atom.
    indirect enum Form: Equatable, CustomStringConvertible {
        case list([Form])
        case string(String)
        case atom(String)

        var description: String {
            switch self {
            case .list(let items): return "(" + items.map(\.description).joined(separator: " ") + ")"
            case .string(let text): return "\"" + text + "\""
            case .atom(let text): return text
            }
        }

        /// Every decoded string in this form and below.
        var strings: [String] {
            switch self {
            case .list(let items): return items.flatMap(\.strings)
            case .string(let text): return [text]
            case .atom: return []
            }
        }
    }

    /// A malformed profile: an unclosed string or list, or a `)` too many.
    struct Malformed: Error, CustomStringConvertible {
        var description: String
    }

    /// The top-level forms of `text`.
    static func read(_ text: String) throws -> [Form] {
        var scalars = Array(text.unicodeScalars)[...]
        var stack: [[Form]] = [[]]
        while let scalar = scalars.popFirst() {
            switch scalar {
            case ";":
                while let next = scalars.first, next != "\n" { scalars.removeFirst() }
            case "(":
                stack.append([])
            case ")":
                guard stack.count > 1, let items = stack.popLast() else { throw Malformed(description: "a ')' too many") }
                stack[stack.count - 1].append(.list(items))
            case "\"":
                var decoded = String.UnicodeScalarView()
                var closed = false
                while let next = scalars.popFirst() {
                    if next == "\"" {
                        closed = true
                        break
                    }
                    if next == "\\" {
                        guard let escaped = scalars.popFirst() else { break }
                        decoded.append(escaped == "n" ? "\n" : escaped)
                    } else {
                        decoded.append(next)
                    }
                }
                guard closed else { throw Malformed(description: "an unclosed string") }
                stack[stack.count - 1].append(.string(String(decoded)))
            case " ", "\n", "\t", "\r":
                continue
            default:
                var atom = String.UnicodeScalarView([scalar])
                while let next = scalars.first, !" \n\t\r()\";".unicodeScalars.contains(next) {
                    atom.append(next)
                    scalars.removeFirst()
                }
                stack[stack.count - 1].append(.atom(String(atom)))
            }
        }
        guard stack.count == 1, let forms = stack.first else { throw Malformed(description: "an unclosed list") }
        return forms
    }
}
