//===----------------------------------------------------------------------===//
// FramesVectorsCommand.swift: `acceptance-gate frames vectors [--format json|swift] [--limit N]`.
//===----------------------------------------------------------------------===//

import FrameCodec
import FrameConformance
import GateCore

/// `frames vectors`: prints the hand-verified vectors as JSON, or as an XCTest case class.
package enum FramesVectorsCommand: GateCommand {
    /// `--format json|swift`.
    package static let format = OptionSpec.value(
        "format", kind: .choice(["json", "swift"]), valueName: "format", defaultValue: .text("json"),
        help: "json: every vector with its fields and their meaning; swift: an XCTest case class for your test target.")

    /// `frames vectors`'s declaration.
    package static var spec: CommandSpec {
        CommandSpec(
            name: "vectors", abstract: "Print the hand-verified frame vectors as JSON or as XCTest cases.",
            discussion: "Every vector lists its bytes field by field with what each field means, and the outcome "
                + "a conforming decoder must give. The swift format is an XCTest case class that tests FrameCodec's "
                + "FrameDecoder; to test your own decoder, change its decode(_:) and kind(of:) functions.",
            options: [format, FramesOptions.limit])
    }

    /// Prints the vectors.
    package static func run(_ arguments: ParsedArguments, context: CommandContext) throws(CommandLineError) -> GateExitStatus {
        let limit = arguments.integer(FramesOptions.limit) ?? FrameFormat.defaultLimit
        let exporter = FrameVectorExporter(vectors: FrameVectors.handVerified(limit: limit), limit: limit, toolVersion: GateVersion.current)
        switch arguments.text(format) ?? "json" {
        case "swift":
            context.console.output.write(exporter.swift())
        default:
            do {
                context.console.output.write(try exporter.json())
            } catch {
                throw .unavailable("could not encode the vectors as JSON: \(error)")
            }
        }
        return .success
    }
}
