// swift-tools-version:6.0
//
// acceptance-gate: a CI acceptance gate for iOS and Swift teams.
// The package depends on nothing beyond the Swift toolchain and Debian's C libraries.

import PackageDescription

let package = Package(
    name: "acceptance-gate",
    // Duration and ContinuousClock (everywhere), `firstRange(of:)` and Swift Testing's `.timeLimit` need macOS 13 / iOS 16;
    // the two library products (FrameCodec, RedirectGate) build for iOS 16 and later.
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .executable(name: "acceptance-gate", targets: ["acceptance-gate"]),
        .library(name: "FrameCodec", targets: ["FrameCodec"]),
        .library(name: "RedirectGate", targets: ["RedirectGate"]),
        // `swift package acceptance-gate run` in a package that depends on this one (docs/install.md).
        .plugin(name: "AcceptanceGatePlugin", targets: ["AcceptanceGatePlugin"]),
    ],
    targets: [
        // MARK: - Executables
        .executableTarget(name: "acceptance-gate", dependencies: ["GateCLI", "SuiteDomain"]),
        .executableTarget(
            name: "Benchmarks",
            dependencies: ["FrameCodec", "TokenScan", "GateProcess", "GateSigning", "GateDigest", "GateReport", "GateArchive", "GateCore"],
            path: "Benchmarks"),

        // MARK: - SwiftPM command plugin
        .plugin(
            name: "AcceptanceGatePlugin",
            capability: .command(
                intent: .custom(verb: "acceptance-gate", description: "Runs acceptance-gate (run, scan, verify, …) in this package"),
                permissions: [
                    .writeToPackageDirectory(reason: "acceptance-gate writes its report folder and builds the suites under .build"),
                    .allowNetworkConnections(
                        scope: .local(ports: []), reason: "the redirect fixture listens on 127.0.0.1 and the suites connect to it"),
                ]),
            dependencies: ["acceptance-gate"]),

        // MARK: - Command line
        .target(
            name: "GateCLI",
            dependencies: [
                "FrameCodec", "FrameConformance", "GateProcess", "RedirectGate", "RedirectFixture", "GitStamp", "ToolchainStamp",
                "GateCore", "GateDigest", "TokenScan", "GateReport", "GateSigning", "GateConfig", "Gate", "GateAdoption", "GateArchive",
                "GatePublishing",
            ]),

        // MARK: - The gate's features: its configuration (the plan), run (the pipeline), adoption (`init`), archive (`verify`, `merge`, `sign`)
        .target(name: "GateConfig", dependencies: ["GateProcess", "RedirectFixture", "TokenScan", "GateReport", "GateDigest", "GateCore"]),
        .target(
            name: "Gate",
            dependencies: [
                "GateConfig", "GateProcess", "RedirectFixture", "FrameConformance", "FrameCodec", "GitStamp", "ToolchainStamp",
                "XCTestOutput", "TokenScan", "GateReport", "GateSigning", "GateDigest", "GateAdoption", "SuiteDomain", "GatePublishing",
                "GateCore",
            ]),
        .target(
            name: "GateAdoption",
            dependencies: ["GateConfig", "GateProcess", "GateReport", "GitStamp", "FrameCodec", "FrameConformance", "GateCore"]),
        .target(
            name: "GateArchive",
            dependencies: [
                "GateConfig", "GatePublishing", "GateProcess", "GateReport", "GateSigning", "GitStamp", "TokenScan", "FrameCodec",
                "FrameConformance", "XCTestOutput", "GateDigest", "GateCore",
            ]),
        // What `run`, `sign` and `merge` publish with: the out folder, redaction, the leak scan, the log archive, the report's
        // files and their signature, and the rules `sign` and `verify` re-derive a verdict with (the xctest log's judgement, the
        // shard plan's check).
        .target(
            name: "GatePublishing",
            dependencies: [
                "GateConfig", "GateProcess", "GateReport", "GateSigning", "GateDigest", "TokenScan", "XCTestOutput", "GateCore",
            ]),

        // MARK: - Redirect boundary
        .target(name: "RedirectGate", dependencies: ["GateCore"]),
        .target(name: "RedirectFixture", dependencies: ["GateProcess", "GateCore"]),

        // MARK: - Frame boundary
        .target(name: "FrameCodec"),
        .target(name: "FrameConformance", dependencies: ["FrameCodec", "GateProcess", "GateCore"]),

        // MARK: - Machine around the gate
        .target(name: "GateProcess", dependencies: ["CProcessShims", "GateCore"]),
        // Where a suite runs: another user, its own namespaces (Linux) or a sandbox profile (macOS).
        .target(name: "SuiteDomain", dependencies: ["GateProcess", "CProcessShims", "GateCore"]),
        .target(name: "CProcessShims"),
        // What every module shares: the failure protocol and exit statuses, the one lock type, text
        // (JSON reading and writing, Base64, hex, printable lines) and opening untrusted files safely.
        .target(name: "GateCore"),
        .target(name: "GitStamp", dependencies: ["CLibgit2", "GateCore"]),
        .target(name: "ToolchainStamp", dependencies: ["GateProcess", "GateCore"]),
        .systemLibrary(name: "CLibgit2", pkgConfig: "libgit2", providers: [.apt(["libgit2-dev"]), .brew(["libgit2"])]),
        // SHA-256 and HMAC-SHA-256 (log digests, report subjects, finding fingerprints) and Ed25519 through libsodium: the
        // one module that imports it (GateSigning keeps the keys and calls its Ed25519).
        .target(name: "GateDigest", dependencies: ["CSodium", "GateCore"]),
        .systemLibrary(name: "CSodium", pkgConfig: "libsodium", providers: [.apt(["libsodium-dev"]), .brew(["libsodium"])]),
        // XCTest and Swift Testing console lines → test events.
        .target(name: "XCTestOutput", dependencies: ["GateCore"]),

        // MARK: - Leaks, report and signature
        .target(name: "TokenScan", dependencies: ["GateDigest", "GateCore"]),
        .target(name: "GateReport", dependencies: ["GitStamp", "ToolchainStamp", "GateDigest", "GateCore"]),
        .target(name: "GateSigning", dependencies: ["GateDigest", "GateCore"]),

        // MARK: - Tests
        // Helpers shared by the test targets (scratch folders and repositories, the repository's files, loopback sockets, the
        // built binary, a seeded generator); never shipped.
        .target(name: "GateTestSupport", dependencies: ["GateProcess", "GateCore"], path: "Tests/GateTestSupport"),
        .testTarget(name: "FrameCodecTests", dependencies: ["FrameCodec", "GateTestSupport"]),
        .testTarget(
            name: "FrameConformanceTests", dependencies: ["FrameConformance", "FrameCodec", "GateProcess", "GateTestSupport"]),
        .testTarget(
            name: "GateCLITests",
            dependencies: [
                "GateCLI", "FrameCodec", "FrameConformance", "GateProcess", "GateTestSupport", "GateCore", "GateConfig", "Gate",
                "GateAdoption",
                "GateArchive", "GatePublishing", "GateSigning", "GateReport",
            ],
            exclude: ["Consumers"]),
        .testTarget(name: "GateProcessTests", dependencies: ["GateProcess", "GateTestSupport"]),
        .testTarget(name: "SuiteDomainTests", dependencies: ["SuiteDomain", "GateProcess", "GateCore", "GateTestSupport"]),
        .testTarget(name: "GitStampTests", dependencies: ["GitStamp", "GateProcess", "GateTestSupport"]),
        .testTarget(name: "ToolchainStampTests", dependencies: ["ToolchainStamp"]),
        .testTarget(
            name: "GateTests",
            dependencies: [
                "GateConfig", "Gate", "GateAdoption", "GateArchive", "GatePublishing", "GateProcess", "GateReport", "GateSigning",
                "GateCore",
                "GateTestSupport", "FrameConformance", "TokenScan", "XCTestOutput",
            ],
            exclude: ["Consumers"]),
        .testTarget(name: "GateDigestTests", dependencies: ["GateDigest", "GateCore", "GateTestSupport"]),
        .testTarget(name: "GateFileTests", dependencies: ["GateCore", "GateTestSupport"]),
        .testTarget(name: "XCTestOutputTests", dependencies: ["XCTestOutput", "GateCore", "GateTestSupport"]),
        .testTarget(name: "GateTextTests", dependencies: ["GateCore", "GateTestSupport"]),
        .testTarget(name: "TokenScanTests", dependencies: ["TokenScan", "GateDigest", "GateTestSupport"]),
        .testTarget(
            name: "GateReportTests", dependencies: ["GateReport", "GitStamp", "ToolchainStamp", "GateDigest", "GateTestSupport"],
            exclude: ["Data"]),
        .testTarget(name: "GateSigningTests", dependencies: ["GateSigning", "GateDigest", "GateCore", "GateProcess", "GateTestSupport"]),
        .testTarget(name: "RedirectGateTests", dependencies: ["RedirectGate"], exclude: ["Data"]),
        .testTarget(name: "RedirectFixtureTests", dependencies: ["RedirectFixture", "GateCore", "GateTestSupport"]),
        // The seed scenarios as XCTest, run by `acceptance-gate run` and by plain `swift test`.
        .testTarget(name: "AcceptanceSuites", dependencies: ["RedirectGate", "RedirectFixture"]),
    ]
)
