//===----------------------------------------------------------------------===//
// String+ReplacingScalars.swift: the one loop behind every escaper (JSON, HTML, XML, CI commands).
//===----------------------------------------------------------------------===//

extension String {
    /// This text with each Unicode scalar for which `replacement` gives a string replaced by that
    /// string; the others are kept as they are. Each escaper is then only its table.
    package func replacingScalars(_ replacement: (Unicode.Scalar) -> String?) -> String {
        var result = ""
        result.reserveCapacity(utf8.count)
        for scalar in unicodeScalars {
            if let replaced = replacement(scalar) {
                result += replaced
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
