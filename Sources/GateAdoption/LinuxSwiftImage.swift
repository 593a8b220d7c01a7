//===----------------------------------------------------------------------===//
// LinuxSwiftImage.swift: the Swift the project pins, for the Linux job init writes.
//===----------------------------------------------------------------------===//

import GateCore

/// The Swift the project pins for Linux, so the generated `test-linux` job runs the gate with it
/// (in the official `swift` container image) rather than with whatever Swift GitHub's Ubuntu
/// image happens to carry: the version in `.swift-version` (`6.0.3` becomes `swift:6.0.3`), else
/// the official `swift:<version>` image the team's own CI file runs in. Both files are untrusted
/// input: read as ``SafeFile``s of bounded size, and only a plain version or image reference
/// (ASCII letters, digits, `.`, `-`, `_`, `/`, `:`) is taken.
package struct LinuxSwiftImage: Equatable, Sendable {
    /// The image, e.g. `swift:6.0` or `swift:6.0-jammy`.
    package var image: String
    /// Where it came from, e.g. `.swift-version` or `.github/workflows/ci.yml`.
    package var source: String

    /// The version file.
    package static let versionFile = ".swift-version"

    /// Creates a pin.
    package init(image: String, source: String) {
        self.image = image
        self.source = source
    }

    /// The pinned Swift in `directory`: `.swift-version`, else a `swift:<version>` image in
    /// `ciFile` (the team's CI file that tests on Linux, relative to `directory`); `nil` when the
    /// project pins none.
    package static func find(in directory: String, ciFile: String?) -> LinuxSwiftImage? {
        if let bytes = try? SafeFile.contents(ofFile: AdoptionPlan.join(directory, versionFile), limit: 1024),
            let line = String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline).first,
            let version = version(String(line).trimmingCharacters(in: .whitespaces))
        {
            return LinuxSwiftImage(image: "swift:" + version, source: versionFile)
        }
        guard let ciFile,
            let bytes = try? SafeFile.contents(ofFile: AdoptionPlan.join(directory, ciFile), limit: LinuxTesting.maximumFileSize)
        else { return nil }
        for line in String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline) {
            guard let (key, items) = LinuxTesting.keyAndItems(line), ["container", "image", "name"].contains(key) else { continue }
            if let image = items.first(where: isVersionedSwiftImage) {
                return LinuxSwiftImage(image: image, source: ciFile)
            }
        }
        return nil
    }

    /// `6.0` or `6.0.3` from a `.swift-version` line; `nil` for anything else (a snapshot name,
    /// a toolchain path, `latest`), which has no official image.
    static func version(_ text: String) -> String? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (2...3).contains(parts.count),
            parts.allSatisfy({ part in !part.isEmpty && part.count <= 4 && part.allSatisfy { $0.isASCII && $0.isNumber } })
        else { return nil }
        return text
    }

    /// An official `swift` image with a version tag: `swift:6.0`, `swift:5.10-noble`,
    /// `docker.io/library/swift:6.1`; not `swift:latest`, `swiftlang/swift:nightly-main`, or a
    /// reference holding anything outside the plain characters (it goes into a YAML file).
    static func isVersionedSwiftImage(_ item: String) -> Bool {
        guard item.count <= 100,
            item.unicodeScalars.allSatisfy({
                $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "._-/:".unicodeScalars.contains($0))
            })
        else { return false }
        let name = item.split(separator: ":", maxSplits: 1).first.map(String.init) ?? item
        guard ["swift", "docker.io/library/swift", "library/swift", "docker.io/swift"].contains(name.lowercased()),
            let tag = item.split(separator: ":", maxSplits: 1).dropFirst().first
        else { return false }
        // An apt-based image with glibc 2.35 or later (what the gate's Linux release needs), with
        // the compiler: not `-slim`, `-focal` (glibc 2.31), or Amazon Linux and RHEL (no apt-get).
        let parts = tag.split(separator: "-", maxSplits: 1)
        guard parts.first.flatMap({ Self.version(String($0)) }) != nil else { return false }
        return parts.count == 1 || ["jammy", "noble", "bookworm"].contains(String(parts[1]))
    }

    /// `workflow` (the rendered GitHub workflow) with `test-linux` running in ``image``: a
    /// `container:` line under the job's `runs-on:`, and the curl the gate's install step needs
    /// (the official images have none) installed first; the header's sentence about the runner's
    /// Swift says which one is used now. `nil` when the workflow has no `test-linux` job of the
    /// expected shape.
    package func pinning(_ workflow: String) -> String? {
        var lines = workflow.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let job = lines.firstIndex(of: "  test-linux:"),
            let runsOn = lines[job...].firstIndex(where: { $0.hasPrefix("    runs-on:") }),
            let steps = lines[runsOn...].firstIndex(of: "    steps:"),
            lines[(job + 1)..<steps].allSatisfy({ $0.isEmpty || $0.hasPrefix("    ") })
        else { return nil }
        lines.insert(
            contentsOf: [
                "      - name: Install curl, which the gate's install step uses (the swift image has none)",
                "        run: apt-get update -q && apt-get install -q -y curl",
                "",
            ], at: steps + 1)
        lines.insert(
            contentsOf: ["    # The Swift the project pins (\(source)), not the runner's.", "    container: \(image)"], at: runsOn + 1)
        var text = lines.joined(separator: "\n")
        let runnerSentence = "It uses the Swift of GitHub's ubuntu-latest image; add\n# `container: swift:<version>` to pin another."
        text = text.replacingOccurrences(
            of: runnerSentence, with: "It runs in the container\n# \(image), the Swift this project pins (\(source)).")
        return text
    }
}
