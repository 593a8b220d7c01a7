//===----------------------------------------------------------------------===//
// SuiteDomainBind.swift: a folder of the suite's own, mounted where the suite expects it.
//===----------------------------------------------------------------------===//

/// A folder of the suite's own (in the domain's cache, owned by the suite's user) mounted where the
/// suite expects it, such as a package's `.build` inside the read-only tree.
package struct SuiteDomainBind: Equatable, Sendable {
    /// The folder the suite writes to.
    package var source: String
    /// Where the suite sees it.
    package var target: String

    /// Creates a bind.
    package init(source: String, target: String) {
        self.source = source
        self.target = target
    }
}
