//===----------------------------------------------------------------------===//
// SwiftFormatStyle.swift: formatting the Swift files init writes with the project's .swift-format.
//===----------------------------------------------------------------------===//

import GateCore
import GateProcess

/// The project's `swift format` configuration, and the toolchain's `swift format` run with it on
/// the Swift files `init` writes, so they pass the project's own `swift format lint --strict`
/// (the files as written follow the toolchain's default configuration, which is right for a
/// project without one).
package struct SwiftFormatStyle: Equatable, Sendable {
    /// The configuration file, relative to the repository root (`.swift-format`, or one in a folder
    /// between the root and the test target's folder, the nearest as `swift format` takes it).
    package var configuration: String

    /// The configuration's file name.
    package static let fileName = ".swift-format"
    /// How long one `swift format` run may take.
    package static let timeout: Duration = .seconds(60)
    /// The longest output taken as the formatted file.
    static let maximumOutput = 4 * 1024 * 1024

    /// The configuration nearest to `folder` (relative to `directory`), looking in `folder` and
    /// each folder above it up to `directory`; `nil` when there is none.
    package static func find(in directory: String, for folder: String) -> SwiftFormatStyle? {
        var components = folder.split(separator: "/").map(String.init)
        while true {
            let relative = (components + [fileName]).joined(separator: "/")
            var status = stat()
            // A regular file only: a folder or a FIFO of that name is not a configuration.
            if stat(AdoptionPlan.join(directory, relative), &status) == 0, status.st_mode & S_IFMT == S_IFREG {
                return SwiftFormatStyle(configuration: relative)
            }
            guard !components.isEmpty else { return nil }
            components.removeLast()
        }
    }

    /// `text` formatted by `swift format` with this configuration, as the file at `path`
    /// (relative to `directory`) would be; or why it could not be.
    ///
    /// - Parameters:
    ///   - swiftCommand: the `swift` program and any leading arguments (`xcrun swift` on a Mac).
    func format(_ text: String, path: String, in directory: String, swiftCommand: [String]) -> Result<String, ToolFailure> {
        let arguments =
            swiftCommand + [
                "format", "format", "--configuration", AdoptionPlan.join(directory, configuration), "--assume-filename",
                AdoptionPlan.join(directory, path),
            ]
        let result: ProcessResult
        do {
            result = try ProcessSupervisor.standalone.run(
                ProcessSpec(
                    arguments: arguments, workingDirectory: directory, stdin: .bytes(Array(text.utf8)),
                    stdout: .collect(limit: Self.maximumOutput)),
                timeout: Self.timeout)
        } catch {
            return .failure(ToolFailure(error.description))
        }
        guard result.status.isSuccess, !result.timedOut else {
            let first = result.stderrText.split(whereSeparator: \.isNewline).first.map(String.init) ?? result.status.description
            return .failure(ToolFailure(Self.printable(first)))
        }
        let formatted = String(decoding: result.stdout, as: UTF8.self)
        guard result.droppedStdoutBytes == 0, !result.stdout.isEmpty, Array(formatted.utf8) == result.stdout else {
            return .failure(ToolFailure("it printed no usable file"))
        }
        return .success(formatted)
    }

    /// At most 200 printable characters of a tool's message, for the line `init` prints.
    static func printable(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter { (0x20...0x7E).contains($0.value) }.prefix(200)))
    }
}
