//===----------------------------------------------------------------------===//
// ProcessSpec+Loader.swift: the variables the dynamic loader reads when a process starts.
//===----------------------------------------------------------------------===//

extension ProcessSpec {
    /// Whether the dynamic loader reads `name` when a process starts (`LD_PRELOAD`,
    /// `LD_LIBRARY_PATH`, `DYLD_INSERT_LIBRARIES`, …): such a variable runs code, or picks the
    /// libraries, inside whatever it reaches, so the gate's own children that produce evidence
    /// never get one from the change.
    package static func isLoaderVariable(_ name: String) -> Bool {
        name.hasPrefix("LD_") || name.hasPrefix("DYLD_")
    }
}
