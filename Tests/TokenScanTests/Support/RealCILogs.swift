//===----------------------------------------------------------------------===//
// RealCILogs.swift: the real iOS CI logs in ../shared/testdata/reallogs/clean, read in place.
//===----------------------------------------------------------------------===//

import Foundation
import GateTestSupport

/// The folder `../shared/testdata/reallogs/clean` beside the package.
enum RealCILogs {
    static let folder = RepositoryFiles.shared.appendingPathComponent("testdata/reallogs/clean")

    static var available: Bool { FileManager.default.fileExists(atPath: folder.path) }

    /// Every log's file name, sorted.
    static func all() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }

    /// The text of the log `name`.
    static func text(_ name: String) -> String? {
        FileManager.default.contents(atPath: folder.appendingPathComponent(name).path).map { String(decoding: $0, as: UTF8.self) }
    }
}
