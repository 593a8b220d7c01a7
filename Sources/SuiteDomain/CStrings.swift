//===----------------------------------------------------------------------===//
// CStrings.swift: Swift strings as a NULL-terminated array of C strings that outlives the call.
//===----------------------------------------------------------------------===//

import GateCore

/// Swift strings copied into C strings, with a NULL-terminated array of pointers to them. The
/// launcher hands them to C that forks and executes; they are never freed, because the process
/// ends in `exec` or `exit` right after.
struct CStrings {
    /// The pointers, NULL-terminated.
    let pointers: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
    /// How many strings (not counting the NULL).
    let count: Int

    /// Copies `strings`; a string holding NUL is cut there, as C would read it.
    init(_ strings: [String]) {
        count = strings.count
        pointers = .allocate(capacity: strings.count + 1)
        for (index, string) in strings.enumerated() { pointers[index] = strdup(string) }
        pointers[strings.count] = nil
    }

    /// The array as `const char *const *`.
    var constant: UnsafePointer<UnsafePointer<CChar>?> {
        UnsafeRawPointer(pointers).assumingMemoryBound(to: UnsafePointer<CChar>?.self)
    }

    /// The array as `char *const *`, for `argv`.
    var mutable: UnsafePointer<UnsafeMutablePointer<CChar>?> { UnsafePointer(pointers) }

    /// The first string, or `nil` when there is none.
    var first: UnsafePointer<CChar>? { count > 0 ? pointers[0].map { UnsafePointer($0) } : nil }
}
