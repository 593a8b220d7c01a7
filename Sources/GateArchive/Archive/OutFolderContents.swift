//===----------------------------------------------------------------------===//
// OutFolderContents.swift: what an out folder may hold, and what it holds besides.
//===----------------------------------------------------------------------===//

import Foundation
import GatePublishing

/// What an out folder may hold: the files `run` (or `merge`) writes at its top, the gate's marks,
/// `logs/` with the logs the report lists, and the envelope `sign` adds. Anything else would
/// travel on inside the signed artifact unverified, so `sign` and `verify` refuse it by name.
package enum OutFolderContents {
    /// The names allowed at the top of an out folder.
    static let topNames: Set<String> = Set(OutFolder.outputNames + [OutFolder.marker, OutFolder.lockName, "logs"])

    /// Every entry in `folder` (one level) and in its `logs/` that is neither one of ``topNames``
    /// nor the gate's logs mark nor a log in `logs` (paths as the report lists them,
    /// `logs/NAME`), as `NAME` or `logs/NAME`, sorted. A folder that cannot be listed lists
    /// nothing here: reading its files fails elsewhere with the reason.
    package static func unexpected(in folder: String, logs: [String]) -> [String] {
        let root = folder.isEmpty ? "." : folder
        let fileManager = FileManager.default
        var found = ((try? fileManager.contentsOfDirectory(atPath: root)) ?? []).filter { !topNames.contains($0) }
        let listed = Set(logs)
        let inLogs = (try? fileManager.contentsOfDirectory(atPath: root + "/logs")) ?? []
        found += inLogs.filter { $0 != OutFolder.logsMarker && !listed.contains("logs/" + $0) }.map { "logs/" + $0 }
        return found.sorted()
    }
}
