//===----------------------------------------------------------------------===//
// Tokenizer.swift: stage 1, split the raw arguments into tokens.
//===----------------------------------------------------------------------===//

/// Stage 1 of parsing: classifies each raw argument by its shape.
package enum Tokenizer {
    /// Classifies `arguments` (without the program name).
    ///
    /// - `--` ends options: it becomes ``Token/terminator`` and everything after it an argument.
    /// - `--name=value` splits at the first `=`; `--name=` has the empty value.
    /// - `-` alone, and a dash before a digit or a dot (`-5`, `-.5`), are arguments, so negative
    ///   numbers can be values.
    /// - Any other `-xyz` is a short option, `xyz`.
    package static func tokenize(_ arguments: [String]) -> [Token] {
        var tokens: [Token] = []
        tokens.reserveCapacity(arguments.count)
        var optionsEnded = false
        for argument in arguments {
            if optionsEnded {
                tokens.append(.argument(argument))
            } else if argument == "--" {
                optionsEnded = true
                tokens.append(.terminator)
            } else if argument.hasPrefix("--") {
                let body = argument.dropFirst(2)
                if let equals = body.firstIndex(of: "=") {
                    tokens.append(
                        .longOption(
                            name: String(body[..<equals]),
                            value: String(body[body.index(after: equals)...])))
                } else {
                    tokens.append(.longOption(name: String(body), value: nil))
                }
            } else if argument.hasPrefix("-"), let first = argument.dropFirst().first,
                !first.isNumber, first != "."
            {
                tokens.append(.shortOption(String(argument.dropFirst())))
            } else {
                tokens.append(.argument(argument))
            }
        }
        return tokens
    }
}
