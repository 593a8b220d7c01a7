//===----------------------------------------------------------------------===//
// PlanTestList.swift: the `--tests` file, one test name a line.
//===----------------------------------------------------------------------===//

import GateCore
import GateDigest

/// The current tests as a `--tests` file gives them: one name a line as `report.json` names it
/// (`Class.test`), blank lines skipped, a CR before the LF dropped, each name once (a duplicate
/// is dropped, and counted so `plan` can say so). UTF-8, at most ``maximumBytes``, each name at
/// most ``maximumNameLength`` bytes and without control characters, or the file is refused with
/// the line.
package struct PlanTestList: Equatable, Sendable {
    /// The largest file read (16 MiB).
    package static let maximumBytes = 16 << 20
    /// The longest name a line may hold.
    package static let maximumNameLength = 4096

    /// The names, in file order, each once.
    package var names: [String]
    /// How many lines repeated an earlier name.
    package var duplicates: Int
    /// The file, by digest.
    package var input: PlanInput

    /// Reads the file at `path`.
    ///
    /// - Throws: ``ShardPlanError/unreadable(path:reason:)`` or ``ShardPlanError/badTestName(path:line:reason:)``.
    package static func read(_ path: String) throws(ShardPlanError) -> PlanTestList {
        let bytes: [UInt8]
        do {
            bytes = try SafeFile.contents(ofFile: path, limit: maximumBytes)
        } catch {
            throw .unreadable(path: path, reason: error.reason)
        }
        return try parse(bytes, path: path)
    }

    /// Reads the list from `bytes` (the file at `path`).
    package static func parse(_ bytes: [UInt8], path: String) throws(ShardPlanError) -> PlanTestList {
        guard UTF8Validation.isValid(bytes) else {
            throw .unreadable(path: path, reason: "it is not UTF-8 text; write one test name a line")
        }
        var names: [String] = []
        var seen = Set<String>()
        var duplicates = 0
        // Split by bytes: as Characters, "\r\n" is one and would never equal "\n".
        for (offset, raw) in bytes.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
            let line = raw.last == 0x0D ? raw.dropLast() : raw
            let name = Substring(String(decoding: line, as: UTF8.self)).trimmingWhitespace
            guard !name.isEmpty else { continue }
            guard name.utf8.count <= maximumNameLength else {
                throw .badTestName(path: path, line: offset + 1, reason: "it is over \(maximumNameLength) bytes")
            }
            guard !name.unicodeScalars.contains(where: PrintableLine.isUnsafe) else {
                throw .badTestName(path: path, line: offset + 1, reason: "it holds a control character")
            }
            if seen.insert(name).inserted { names.append(name) } else { duplicates += 1 }
        }
        return PlanTestList(
            names: names, duplicates: duplicates,
            input: PlanInput(kind: PlanInput.testList, path: path, sha256: SHA256.hash(bytes).hex, tests: names.count))
    }
}

extension Substring {
    /// Without leading and trailing spaces and tabs.
    fileprivate var trimmingWhitespace: String {
        let start = firstIndex { $0 != " " && $0 != "\t" } ?? endIndex
        let end = lastIndex { $0 != " " && $0 != "\t" }.map { index(after: $0) } ?? start
        return start < end ? String(self[start..<end]) : ""
    }
}
