//===----------------------------------------------------------------------===//
// FrameDecoderEnvironment.swift: the variables that reach an external decoder and not its judge.
//===----------------------------------------------------------------------===//

/// How `run` hands an external decoder the environment the suite gives it without giving it to
/// the `frames check` child that judges the decoder: each such variable travels under
/// ``prefix`` (inert: the loader and the runtime read only the real names) and the child
/// restores it for the decoder alone (``decoderEnvironment(_:)``).
package enum FrameDecoderEnvironment {
    /// `ACCEPTANCE_GATE_DECODER_ENV_`, before the variable's own name.
    package static let prefix = "ACCEPTANCE_GATE_DECODER_ENV_"

    /// The decoder's environment from the check's own: every variable under ``prefix`` under its
    /// own name (overriding one the check has), and none of the prefixed names.
    package static func decoderEnvironment(_ environment: [String: String]) -> [String: String] {
        var result = environment.filter { !$0.key.hasPrefix(prefix) }
        for (name, value) in environment where name.hasPrefix(prefix) && name.count > prefix.count {
            result[String(name.dropFirst(prefix.count))] = value
        }
        return result
    }
}
