//===----------------------------------------------------------------------===//
// Owned.swift: a libgit2 object freed when the last reference goes.
//===----------------------------------------------------------------------===//

/// Owns one libgit2 object and frees it in `deinit` with the matching `git_*_free`.
final class Owned {
    /// The libgit2 object.
    let pointer: OpaquePointer
    /// The function that frees it.
    private let free: (OpaquePointer) -> Void

    /// Takes ownership of `pointer`, to be released with `free`.
    init(_ pointer: OpaquePointer, free: @escaping (OpaquePointer) -> Void) {
        self.pointer = pointer
        self.free = free
    }

    deinit {
        free(pointer)
    }
}
