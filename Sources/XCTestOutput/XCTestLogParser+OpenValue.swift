//===----------------------------------------------------------------------===//
// XCTestLogParser+OpenValue.swift: a compared value with a newline, read across the lines it spans.
//===----------------------------------------------------------------------===//

extension XCTestLogParser {
    /// The most lines one failure message is continued across.
    static let maximumValueLines = 20

    /// A failure whose compared value printed a newline (`XCTAssertEqual failed: ("a` on one
    /// line, `b") is not equal to ("a")` on the next; Swift Testing's `(text() → "a`): its
    /// message holds an unclosed string literal, so the lines that follow until the literal
    /// closes belong to it.
    struct OpenValue: Equatable {
        var name: String
        var framework: LogLine.Framework
        var lines = 0
    }

    /// Whether `text` leaves a string literal open: an odd number of `"` not escaped by `\`.
    static func leavesLiteralOpen(_ text: Substring) -> Bool {
        var open = false
        var escaped = false
        for byte in text.utf8 {
            if escaped {
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else if byte == UInt8(ascii: "\"") {
                open.toggle()
            }
        }
        return open
    }

    /// Starts following the message just noted for `name` when it leaves a literal open.
    mutating func followValue(of message: String, name: String, _ framework: LogLine.Framework) {
        openValue = Self.leavesLiteralOpen(Substring(message)) ? OpenValue(name: name, framework: framework) : nil
    }

    /// Adds an unread `line` to the open value's message, written `\n` so the message keeps one
    /// line per failure (the verdict line shows a failure's first line); `false` when no value
    /// is open.
    mutating func continueValue(_ line: Substring) -> Bool {
        guard var open = openValue, open.lines < Self.maximumValueLines else {
            openValue = nil
            return false
        }
        let appended: Bool
        switch open.framework {
        case .xctest:
            if var current = currentXCTest, current.name.name == open.name, let last = current.messages.popLast() {
                current.messages.append(Self.clipped(last + "\\n" + line))
                currentXCTest = current
                appended = true
            } else if var messages = orphanMessages[open.name], let last = messages.popLast() {
                messages.append(Self.clipped(last + "\\n" + line))
                orphanMessages[open.name] = messages
                appended = true
            } else {
                appended = false
            }
        case .swiftTesting:
            if var cases = runningSwiftTests[open.name], var last = cases.popLast(), let message = last.messages.popLast() {
                last.messages.append(Self.clipped(message + "\\n" + line))
                cases.append(last)
                runningSwiftTests[open.name] = cases
                appended = true
            } else {
                appended = false
            }
        }
        open.lines += 1
        // A line with an odd number of quotes closes the literal.
        openValue = appended && !Self.leavesLiteralOpen(line) ? open : nil
        return appended
    }
}
