//===----------------------------------------------------------------------===//
// RedirectReason.swift: a stable code and a sentence.
//===----------------------------------------------------------------------===//

/// Why a decision was made: a stable code for machines and a sentence for people.
public struct RedirectReason: Hashable, Sendable {
    /// The stable code.
    public let code: RedirectReasonCode
    /// One sentence, ending with a full stop. Quoted input is escaped and shortened.
    public let message: String

    /// Creates a reason.
    ///
    /// - Parameters:
    ///   - code: the stable code.
    ///   - message: one sentence.
    public init(code: RedirectReasonCode, message: String) {
        self.code = code
        self.message = message
    }
}

extension RedirectReason: CustomStringConvertible {
    /// `code: message`.
    public var description: String { code.rawValue + ": " + message }
}
