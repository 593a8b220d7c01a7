//===----------------------------------------------------------------------===//
// MessageText.swift: input made safe to quote in a message.
//===----------------------------------------------------------------------===//

/// Quotes input in messages: printable ASCII as is, everything else as `\u{XX}`, and at most
/// ``maximumLength`` characters, so a hostile URL cannot put control characters or megabytes
/// into a log line.
enum MessageText {
    /// The most characters a quotation of input takes in a message, escapes included.
    static let maximumLength = 80

    /// `text`, escaped and shortened to at most ``maximumLength`` characters of output (an
    /// escape counts as all its characters, so non-ASCII text cannot inflate the message).
    static func escaped(_ text: String) -> String {
        var result = ""
        var count = 0
        for scalar in text.unicodeScalars {
            let piece: String
            if scalar.value >= 0x20, scalar.value < 0x7F, scalar != "\\" {
                piece = String(scalar)
            } else {
                piece = "\\u{" + String(scalar.value, radix: 16) + "}"
            }
            guard count + piece.utf8.count <= maximumLength else {
                result += "..."
                break
            }
            result += piece
            count += piece.utf8.count
        }
        return result
    }
}
