//===----------------------------------------------------------------------===//
// RawResponse.swift: one HTTP response as read off a raw socket.
//===----------------------------------------------------------------------===//

import Foundation

/// One HTTP response read off a raw socket, with the exact bytes of its head kept.
struct RawResponse {
    /// The head as sent, up to and including the empty line.
    var head: String
    /// The body bytes.
    var body: [UInt8]

    /// `HTTP/1.1 302 Found`.
    var statusLine: String { head.components(separatedBy: "\r\n").first ?? "" }

    /// The status code, or 0 when the status line is malformed.
    var status: Int {
        let parts = statusLine.split(separator: " ")
        guard parts.count >= 2, let code = Int(parts[1]) else { return 0 }
        return code
    }

    /// The header lines in order, as `(name, value)`.
    var headers: [(name: String, value: String)] {
        head.components(separatedBy: "\r\n").dropFirst().compactMap { line in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            return (String(line[..<colon]), value)
        }
    }

    /// The first value of the header `name` (case-insensitive).
    func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// The body as UTF-8 text.
    var text: String { String(decoding: body, as: UTF8.self) }
}
