//===----------------------------------------------------------------------===//
// JSONKeyPath.swift: the key path of a value as messages show it.
//===----------------------------------------------------------------------===//

/// Key paths as messages show them: `suites[2].timeoutSeconds`, `(top level)[0]`,
/// `logs[0]["odd key"]`. A key that is not plain ASCII letters, digits and `_`, or is long, is
/// quoted, escaped and clipped, so a hostile key never reaches a message raw.
package enum JSONKeyPath {
    /// The longest key shown; a hostile key could be megabytes.
    package static let maxShownKey = 40
    /// What an empty path (the top level) is shown as.
    package static let topLevel = "(top level)"

    /// `path` followed by member `key`.
    package static func appending(key: String, to path: String) -> String {
        let plain =
            !key.isEmpty && key.utf8.count <= maxShownKey
            // ASCII by range, without a Unicode property lookup for every key of every object.
            && key.utf8.allSatisfy { (0x61...0x7A).contains($0) || (0x41...0x5A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x5F }
        if plain { return path.isEmpty ? key : path + "." + key }
        return (path.isEmpty ? topLevel : path) + "[\"" + shown(key) + "\"]"
    }

    /// `path` followed by element `index`.
    package static func appending(index: Int, to path: String) -> String {
        (path.isEmpty ? topLevel : path) + "[\(index)]"
    }

    /// A key as messages show it: printable ASCII as is, anything else as `\u{…}`, clipped.
    package static func shown(_ key: String) -> String {
        var text = ""
        var count = 0
        for scalar in key.unicodeScalars {
            if count >= maxShownKey {
                text += "…"
                break
            }
            count += 1
            if scalar.isASCII, scalar.value >= 0x20, scalar.value < 0x7F, scalar != "'", scalar != "\"", scalar != "\\" {
                text.unicodeScalars.append(scalar)
            } else {
                text += "\\u{\(String(scalar.value, radix: 16))}"
            }
        }
        return text
    }
}
