// CStringArray.swift
//
// A NULL-terminated array of C strings (argv, envp) that frees itself.

import GateCore

/// Owns `strdup` copies of some strings plus a terminating NULL, in the shape `posix_spawn` wants.
final class CStringArray {
    /// The copies followed by `nil`.
    private(set) var pointers: [UnsafeMutablePointer<CChar>?]

    /// Copies `strings`. Callers must have rejected strings containing NUL bytes.
    init(_ strings: [String]) {
        pointers = strings.map { strdup($0) }
        pointers.append(nil)
    }

    /// False when a copy failed (out of memory), which would silently cut the array short.
    var isComplete: Bool { !pointers.dropLast().contains(nil) }

    deinit {
        for pointer in pointers {
            free(pointer)
        }
    }
}
