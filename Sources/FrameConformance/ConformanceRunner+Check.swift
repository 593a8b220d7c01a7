//===----------------------------------------------------------------------===//
// ConformanceRunner+Check.swift: the suite as `frames check` and the gate's frames suite run it.
//===----------------------------------------------------------------------===//

internal import FrameCodec
package import GateProcess

extension ConformanceRunner {
    /// Frames up to this size get every prefix when the decoder is built in (a million cases at the
    /// default limit take a few seconds); larger ones get a sample, as for external decoders.
    package static let builtinExhaustiveUpTo = (4 << 20) + FrameFormat.headerSize

    /// Frames up to this size get every prefix and every version byte when the decoder is external;
    /// larger ones get a sample, so a megabyte frame does not become gigabytes of hex on a pipe.
    package static let externalExhaustiveUpTo = 4_096

    /// The longest an external decoder may be given for one batch, in seconds (a day, as long as a
    /// suite may run): `frames check --timeout` takes up to this, and the gate's frames suite caps
    /// the timeout it hands its `frames check` child here, so the child never refuses it.
    package static let maximumBatchTimeoutSeconds = 86_400

    /// Runs the suite at `limit` against the built-in decoder, or against `decoder`: a command that
    /// speaks `frames decode --batch`, each batch bounded by `timeout`.
    ///
    /// - Throws: ``ConformanceError`` when the external decoder cannot be asked.
    /// - Parameters:
    ///   - environment: the external decoder's environment (the gate passes its own without the
    ///     signing key).
    ///   - supervisor: who runs the external decoder (the run's, so an interruption stops it).
    package static func check(
        limit: Int, decoder: [String]?, timeout: Duration, environment: [String: String] = ProcessSpec.currentEnvironment,
        supervisor: ProcessSupervisor = .standalone
    ) throws(ConformanceError) -> ConformanceReport {
        if let decoder {
            let suite = ConformanceSuite(limit: limit, exhaustiveUpTo: externalExhaustiveUpTo)
            let decoding = ExternalFrameDecoding(command: decoder, timeout: timeout, environment: environment, supervisor: supervisor)
            return try ConformanceRunner(suite: suite).run(against: decoding)
        }
        let suite = ConformanceSuite(limit: limit, exhaustiveUpTo: builtinExhaustiveUpTo)
        return try ConformanceRunner(suite: suite).run(against: BuiltinFrameDecoding(limit: limit))
    }
}
