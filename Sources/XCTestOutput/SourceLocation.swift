//===----------------------------------------------------------------------===//
// SourceLocation.swift: where a failure line says the failure is.
//===----------------------------------------------------------------------===//

/// The file and line a failure line names (`/path/File.swift:42: error: …`), as printed: an
/// absolute path on the machine that ran the tests, which annotations make repository-relative.
package struct SourceLocation: Sendable, Hashable {
    /// The path as the line printed it.
    package var file: String
    /// The line, counting from 1.
    package var line: Int
}
