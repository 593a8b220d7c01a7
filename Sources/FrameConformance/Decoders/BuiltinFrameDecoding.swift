//===----------------------------------------------------------------------===//
// BuiltinFrameDecoding.swift: the conformance suite's view of FrameCodec's decoder.
//===----------------------------------------------------------------------===//

internal import FrameCodec

/// FrameCodec's own ``FrameDecoder``, as a decoder under test. Inputs are decoded in place.
package struct BuiltinFrameDecoding: FrameDecoding {
    private let decoder: FrameDecoder

    /// Creates the built-in decoder with `limit`.
    package init(limit: Int) { decoder = FrameDecoder(limit: limit) }

    /// `built-in decoder`.
    package var name: String { "built-in decoder" }

    /// Decodes every input with `FrameDecoder.decode(_:)`.
    package func outcomes(for inputs: [CaseInput]) throws(ConformanceError) -> [FrameOutcome] {
        inputs.map { input in
            input.withBytes { bytes in
                do throws(FrameError) {
                    return .payload(Array(try decoder.decode(bytes)))
                } catch {
                    return .error(error.kind)
                }
            }
        }
    }
}
