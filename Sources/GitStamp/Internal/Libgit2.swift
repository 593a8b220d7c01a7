//===----------------------------------------------------------------------===//
// Libgit2.swift: one-time initialisation and error capture for libgit2.
//===----------------------------------------------------------------------===//

internal import CLibgit2

/// libgit2's process-wide set-up and its error reporting.
enum Libgit2 {
    /// `git_libgit2_init`'s result. A static `let` runs once, thread-safely, on first use; libgit2 stays
    /// initialised for the life of the process.
    private static let initialisation: Int32 = git_libgit2_init()

    /// Makes sure libgit2 is initialised.
    ///
    /// - Throws: ``GitStampError/libgit2(function:code:message:)`` when `git_libgit2_init` failed.
    static func initialise() throws(GitStampError) {
        let result = initialisation
        guard result >= 0 else {
            throw .libgit2(function: "git_libgit2_init", code: result, message: lastMessage())
        }
    }

    /// Throws when `result` (the return value of `function`) is a libgit2 error code.
    ///
    /// - Throws: ``GitStampError/libgit2(function:code:message:)`` with libgit2's message.
    static func check(_ result: Int32, _ function: String) throws(GitStampError) {
        guard result >= 0 else {
            throw .libgit2(function: function, code: result, message: lastMessage())
        }
    }

    /// libgit2's message for the last error on this thread, or a stand-in when it has none.
    static func lastMessage() -> String {
        guard let error = git_error_last(), let message = error.pointee.message else {
            return "no further detail from libgit2"
        }
        var text = String(cString: message)
        while text.last == "\n" || text.last == "." {
            text.removeLast()
        }
        return text.isEmpty ? "no further detail from libgit2" : text
    }

    /// `text` without its trailing slashes (but `/` stays `/`).
    static func trimmingTrailingSlash(_ text: String) -> String {
        var result = text
        while result.count > 1 && result.last == "/" {
            result.removeLast()
        }
        return result
    }
}
