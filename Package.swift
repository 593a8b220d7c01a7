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
        .executableTarget(name: "acceptance-gate", dependencies: ["GateCLI"]),
        .executableTarget(
            name: "Benchmarks", dependencies: ["FrameCodec", "TokenScan", "GateProcess", "GateSigning", "GateDigest"], path: "Benchmarks"),

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
                "GateText", "GateDigest", "TokenScan", "GateReport", "GateSigning", "Gate", "GateAdoption", "GateArchive", "GateFailure",
                "GateFile",
            ]),

        // MARK: - The gate's features: run (its configuration and pipeline), adoption (`init`), archive (`verify`, `merge`, `sign`)
        .target(
            name: "Gate",
            dependencies: [
                "GateProcess", "RedirectFixture", "FrameConformance", "FrameCodec", "GitStamp", "ToolchainStamp", "XCTestOutput",
                "TokenScan", "GateReport", "GateSigning", "GateDigest", "GateText", "GateSync", "GateFailure", "GateFile",
            ]),
        .target(
            name: "GateAdoption",
            dependencies: [
                "Gate", "GateProcess", "GateReport", "GitStamp", "FrameCodec", "FrameConformance", "GateText", "GateFailure", "GateFile",
            ]),
        .target(
            name: "GateArchive",
            dependencies: [
                "Gate", "GateProcess", "GateReport", "GateSigning", "GitStamp", "TokenScan", "FrameCodec", "FrameConformance", "GateText",
                "GateSync", "GateFailure", "GateFile",
            ]),

        // MARK: - Redirect boundary
        .target(name: "RedirectGate", dependencies: ["GateSync"]),
        .target(name: "RedirectFixture", dependencies: ["GateProcess", "GateSync", "GateText", "GateFailure"]),

        // MARK: - Frame boundary
        .target(name: "FrameCodec"),
        .target(name: "FrameConformance", dependencies: ["FrameCodec", "GateProcess", "GateFailure", "GateText"]),

        // MARK: - Machine around the gate
        .target(name: "GateProcess", dependencies: ["CProcessShims", "GateSync"]),
        .target(name: "CProcessShims"),
        // The error protocol every module's error conforms to: its message and its exit status.
        .target(name: "GateFailure"),
        // One lock type for every module that shares state between threads.
        .target(name: "GateSync"),
        // Text both ways: the one strict JSON reader for untrusted input, JSON string literals for output
        // written by hand, Base64, hex, printable lines, `[safe:]`.
        .target(name: "GateText"),
        .target(name: "GitStamp", dependencies: ["CLibgit2", "GateFailure"]),
        .target(name: "ToolchainStamp", dependencies: ["GateProcess", "GateFailure"]),
        .systemLibrary(name: "CLibgit2", pkgConfig: "libgit2", providers: [.apt(["libgit2-dev"]), .brew(["libgit2"])]),
        // SHA-256 and HMAC-SHA-256 (log digests, report subjects, finding fingerprints) through libsodium.
        .target(name: "GateDigest", dependencies: ["CSodium", "GateFile", "GateFailure", "GateText"]),
        // Opening untrusted paths: regular files only, no symlink followed, never blocking on a FIFO.
        .target(name: "GateFile", dependencies: ["GateFailure"]),
        .systemLibrary(name: "CSodium", pkgConfig: "libsodium", providers: [.apt(["libsodium-dev"]), .brew(["libsodium"])]),
        // XCTest and Swift Testing console lines → test events.
        .target(name: "XCTestOutput", dependencies: ["GateText"]),

        // MARK: - Leaks, report and signature
        .target(name: "TokenScan", dependencies: ["GateDigest", "GateText", "GateFailure", "GateFile"]),
        .target(name: "GateReport", dependencies: ["GitStamp", "ToolchainStamp", "GateDigest", "GateText", "GateFailure"]),
        .target(name: "GateSigning", dependencies: ["CSodium", "GateDigest", "GateFile", "GateFailure", "GateText"]),

        // MARK: - Tests
        // Helpers shared by the test targets (loopback sockets, a seeded generator); never shipped.
        .target(name: "GateTestSupport", dependencies: ["GateSync"], path: "Tests/GateTestSupport"),
        .testTarget(name: "FrameCodecTests", dependencies: ["FrameCodec", "GateTestSupport"]),
        .testTarget(
            name: "FrameConformanceTests", dependencies: ["FrameConformance", "FrameCodec", "GateProcess", "GateTestSupport"]),
        .testTarget(
            name: "GateCLITests",
            dependencies: [
                "GateCLI", "FrameCodec", "FrameConformance", "GateProcess", "GateTestSupport", "GateFailure", "Gate", "GateAdoption",
                "GateArchive", "GateSigning", "GateReport",
            ],
            exclude: ["Consumers"]),
        .testTarget(name: "GateProcessTests", dependencies: ["GateProcess"]),
        .testTarget(name: "GitStampTests", dependencies: ["GitStamp", "GateProcess"]),
        .testTarget(name: "ToolchainStampTests", dependencies: ["ToolchainStamp"]),
        .testTarget(
            name: "GateTests",
            dependencies: [
                "Gate", "GateAdoption", "GateArchive", "GateProcess", "GateReport", "GateSigning", "GateText", "GateTestSupport",
                "TokenScan", "XCTestOutput",
            ],
            exclude: ["Consumers"]),
        .testTarget(name: "GateDigestTests", dependencies: ["GateDigest", "GateFile", "GateFailure"]),
        .testTarget(name: "GateFileTests", dependencies: ["GateFile", "GateFailure", "GateTestSupport"]),
        .testTarget(name: "XCTestOutputTests", dependencies: ["XCTestOutput", "GateText"]),
        .testTarget(name: "GateTextTests", dependencies: ["GateText", "GateTestSupport"]),
        .testTarget(name: "TokenScanTests", dependencies: ["TokenScan", "GateDigest", "GateTestSupport"]),
        .testTarget(
            name: "GateReportTests", dependencies: ["GateReport", "GitStamp", "ToolchainStamp", "GateDigest"], exclude: ["Data"]),
        .testTarget(name: "GateSigningTests", dependencies: ["GateSigning", "GateDigest", "GateFile", "GateProcess", "GateTestSupport"]),
        .testTarget(name: "RedirectGateTests", dependencies: ["RedirectGate"], exclude: ["Data"]),
        .testTarget(name: "RedirectFixtureTests", dependencies: ["RedirectFixture", "GateSync", "GateTestSupport"]),
        // The seed scenarios as XCTest, run by `acceptance-gate run` and by plain `swift test`.
        .testTarget(name: "AcceptanceSuites", dependencies: ["RedirectGate", "RedirectFixture"]),
    ]
)
