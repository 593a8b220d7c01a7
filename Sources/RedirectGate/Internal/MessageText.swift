//===----------------------------------------------------------------------===//
// MessageText.swift: input made safe to quote in a message.
//===----------------------------------------------------------------------===//

/// Quotes input in messages: printable ASCII as is, everything else as `\u{XX}`, and at most
/// ``maximumLength`` characters, so a hostile URL cannot put control characters or megabytes
/// into a log line.
enum MessageText {
    /// The most characters of input a message quotes.
    static let maximumLength = 80

    /// `text`, escaped and shortened.
    static func escaped(_ text: String) -> String {
        var result = ""
        var count = 0
        for scalar in text.unicodeScalars {
            guard count < maximumLength else {
                result += "..."
                break
            }
            if scalar.value >= 0x20, scalar.value < 0x7F, scalar != "\\" {
                result.unicodeScalars.append(scalar)
            } else {
                result += "\\u{" + String(scalar.value, radix: 16) + "}"
            }
            count += 1
        }
        return result
    }
}
