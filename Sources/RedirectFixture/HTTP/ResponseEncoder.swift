//===----------------------------------------------------------------------===//
// ResponseEncoder.swift: the bytes of one HTTP/1.1 response.
//===----------------------------------------------------------------------===//

/// Writes the bytes of one HTTP/1.1 response.
///
/// Every response has `Content-Length` (0 for redirects) and `Cache-Control: no-store`, so no
/// client cache can answer a later test's request for the fixture. A HEAD response carries the
/// headers a GET would, without the body.
enum ResponseEncoder {
    /// The interim response to `Expect: 100-continue`.
    static let continueResponse = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)

    /// Encodes a response.
    ///
    /// - Parameters:
    ///   - status: the status.
    ///   - headers: extra fields before the standard ones, e.g. `Location`.
    ///   - contentType: the `Content-Type`, when there is a body.
    ///   - body: the body; its length is the `Content-Length` even when `includeBody` is false.
    ///   - includeBody: false for HEAD.
    ///   - connection: the `Connection` header.
    static func encode(
        _ status: HTTPStatus, headers: [(name: String, value: String)] = [], contentType: String? = nil,
        body: [UInt8] = [], includeBody: Bool = true, connection: ConnectionHeader
    ) -> [UInt8] {
        var head = "HTTP/1.1 \(status.rawValue) \(status.reason)\r\n"
        for header in headers {
            head += "\(header.name): \(header.value)\r\n"
        }
        if let contentType {
            head += "Content-Type: \(contentType)\r\n"
        }
        head += "Content-Length: \(body.count)\r\nCache-Control: no-store\r\n"
        switch connection {
        case .none: break
        case .close: head += "Connection: close\r\n"
        case .keepAlive: head += "Connection: keep-alive\r\n"
        }
        head += "\r\n"
        var bytes = Array(head.utf8)
        if includeBody {
            bytes.append(contentsOf: body)
        }
        return bytes
    }

    /// The response to a refused request: the status, a one-line text body, `Connection: close`.
    static func rejection(_ rejection: HeadRejection) -> [UInt8] {
        encode(
            rejection.status, contentType: "text/plain; charset=utf-8", body: Array((rejection.message + "\n").utf8),
            connection: .close)
    }
}
