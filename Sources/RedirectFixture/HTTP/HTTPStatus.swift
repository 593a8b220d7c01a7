//===----------------------------------------------------------------------===//
// HTTPStatus.swift: the status codes the fixture sends.
//===----------------------------------------------------------------------===//

/// The status codes the fixture sends, with their reason phrases.
enum HTTPStatus: Int, Sendable {
    /// Interim response to `Expect: 100-continue`.
    case `continue` = 100
    /// `/target`, `/__ledger`.
    case ok = 200
    /// `/same`, `/start`.
    case found = 302
    /// A malformed request line or header field.
    case badRequest = 400
    /// Anything the routes do not name.
    case notFound = 404
    /// A known path with a method other than GET or HEAD.
    case methodNotAllowed = 405
    /// A header section or body that did not arrive in time.
    case requestTimeout = 408
    /// A `Transfer-Encoding` request: the fixture reads bodies by `Content-Length` only.
    case lengthRequired = 411
    /// A body over the limit.
    case contentTooLarge = 413
    /// A request line over the limit.
    case uriTooLong = 414
    /// An `Expect` other than `100-continue`.
    case expectationFailed = 417
    /// A header section over the size or count limit.
    case headerFieldsTooLarge = 431
    /// An HTTP version other than 1.0 and 1.1.
    case versionNotSupported = 505

    /// The reason phrase, e.g. `Not Found`.
    var reason: String {
        switch self {
        case .continue: "Continue"
        case .ok: "OK"
        case .found: "Found"
        case .badRequest: "Bad Request"
        case .notFound: "Not Found"
        case .methodNotAllowed: "Method Not Allowed"
        case .requestTimeout: "Request Timeout"
        case .lengthRequired: "Length Required"
        case .contentTooLarge: "Content Too Large"
        case .uriTooLong: "URI Too Long"
        case .expectationFailed: "Expectation Failed"
        case .headerFieldsTooLarge: "Request Header Fields Too Large"
        case .versionNotSupported: "HTTP Version Not Supported"
        }
    }
}
