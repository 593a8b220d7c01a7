//===----------------------------------------------------------------------===//
// AdoptionOptions.swift: what `acceptance-gate init` was asked to do.
//===----------------------------------------------------------------------===//

/// What `acceptance-gate init` was asked to do.
package struct AdoptionOptions: Equatable, Sendable {
    /// The team's repository root, where the files go.
    package var directory: String
    /// An Xcode project (an `xcodebuild test` suite) rather than a Swift package (`swift test`).
    package var ios: Bool
    /// The CI system; detected from the repository when `nil`.
    package var ci: CISystem?
    /// The test target the XCTest files go into; chosen from the package's test targets when `nil`.
    package var target: String?
    /// The Xcode scheme (with ``ios``); from the project's schemes when `nil`.
    package var scheme: String?
    /// Whether to write the frame vectors and the frames suite (`--frames`).
    package var frames: Bool
    /// Whether to write the GitHub Actions matrix workflows rather than the single-job ones (`--matrix N`).
    package var matrix: Bool = false
    /// How many planned shards the matrix workflows run (`--matrix N`), named 1 to N.
    package var matrixShards: Int = AdoptionOptions.defaultMatrixShards
    /// The matrix size the templates are rendered with when no count is given.
    package static let defaultMatrixShards = 3
    /// The most shards `--matrix` writes: GitHub runs at most 256 jobs of one matrix.
    package static let maximumMatrixShards = 256
    /// Whether the GitHub workflow gets the Linux jobs: `--linux` (`true`) or `--no-linux`;
    /// decided from the team's own CI when `nil`.
    package var linux: Bool? = nil
    /// The version of the gate writing the files.
    package var gateVersion: String
    /// Where the gate's releases are published (``GateRepositoryURL/normalized(_:)``): the
    /// pipelines install the release of ``gateVersion`` from there.
    package var gateRepository: String

    /// Creates options.
    package init(
        directory: String, ios: Bool = false, ci: CISystem? = nil, target: String? = nil, scheme: String? = nil,
        frames: Bool = false, gateVersion: String, gateRepository: String = GateRepositoryURL.standard
    ) {
        self.directory = directory
        self.ios = ios
        self.ci = ci
        self.target = target
        self.scheme = scheme
        self.frames = frames
        self.gateVersion = gateVersion
        self.gateRepository = gateRepository
    }
}
