//===----------------------------------------------------------------------===//
// ScanSource+Capture.swift: a suite's capture as a file the leak scan reads.
//===----------------------------------------------------------------------===//

import GateCore
import GatePublishing

extension ScanSource {
    /// The capture `file`, named `logs/<name>`, read through the gate's own descriptor.
    static func capture(_ file: CaptureFile) -> ScanSource {
        ScanSource(display: "logs/" + file.name) { () throws(SafeFileError) -> SafeFile in try file.reader() }
    }
}
