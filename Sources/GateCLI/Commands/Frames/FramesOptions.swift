//===----------------------------------------------------------------------===//
// FramesOptions.swift: options shared by the `frames` commands.
//===----------------------------------------------------------------------===//

import FrameCodec

/// Options that more than one `frames` command takes.
package enum FramesOptions {
    /// `--limit <n>`: the largest payload accepted, within `FrameFormat.limitRange`.
    package static let limit = OptionSpec.value(
        "limit", kind: .integer(FrameFormat.limitRange), valueName: "n",
        defaultValue: .integer(FrameFormat.defaultLimit),
        help: "The largest payload accepted, in bytes (0 to \(FrameFormat.maximumLimit)).")
}
