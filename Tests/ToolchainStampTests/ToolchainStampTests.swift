//===----------------------------------------------------------------------===//
// ToolchainStampTests.swift: parsing captured `swift --version` texts and running the real one.
//===----------------------------------------------------------------------===//

import Foundation
import Testing

@testable import ToolchainStamp

@Suite("ToolchainStamp")
struct ToolchainStampTests {
    static let linux = """
        Swift version 6.3.1 (swift-6.3.1-RELEASE)
        Target: x86_64-unknown-linux-gnu

        """

    static let macOS = """
        swift-driver version: 1.90.11.1 Apple Swift version 5.10 (swiftlang-5.10.0.13 clang-1500.3.9.4)
        Target: arm64-apple-macosx14.0

        """

    static let xcode16 = """
        swift-driver version: 1.115.1 Apple Swift version 6.0.3 (swiftlang-6.0.3.1.10 clang-1600.0.30.1)
        Target: arm64-apple-macosx15.0
        """

    static let linuxArm = """
        Swift version 5.9.2 (swift-5.9.2-RELEASE)
        Target: aarch64-unknown-linux-gnu
        """

    static let snapshot = """
        Swift version 6.2-dev (LLVM 0d5bb2cfd5b6c5d, Swift 36f1a7e3c2b1a0e)
        Target: x86_64-unknown-linux-gnu
        """

    @Test func linuxReleaseOutput() {
        #expect(VersionText.swiftVersion(in: Self.linux) == "6.3.1")
        #expect(VersionText.target(in: Self.linux) == "x86_64-unknown-linux-gnu")
        #expect(VersionText.swiftVersion(in: Self.linuxArm) == "5.9.2")
        #expect(VersionText.target(in: Self.linuxArm) == "aarch64-unknown-linux-gnu")
    }

    @Test func macOSOutputTakesTheSwiftVersionNotTheDriverVersion() {
        #expect(VersionText.swiftVersion(in: Self.macOS) == "5.10")
        #expect(VersionText.target(in: Self.macOS) == "arm64-apple-macosx14.0")
        #expect(VersionText.swiftVersion(in: Self.xcode16) == "6.0.3")
        #expect(VersionText.target(in: Self.xcode16) == "arm64-apple-macosx15.0")
    }

    @Test func aDevelopmentSnapshotKeepsItsTwoPartVersion() {
        #expect(VersionText.swiftVersion(in: Self.snapshot) == "6.2")
    }

    @Test func textWithoutASwiftVersionGivesNothing() {
        #expect(VersionText.swiftVersion(in: "swift-driver version: 1.90.11.1") == nil)
        #expect(VersionText.swiftVersion(in: "Swift version (unknown)\nSwift version 7") == nil)
        #expect(VersionText.swiftVersion(in: "") == nil)
        #expect(VersionText.target(in: "Swift version 6.3.1") == nil)
    }

    @Test func osReleasePrettyNameAndFallbacks() {
        let debian = """
            PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"
            NAME="Debian GNU/Linux"
            VERSION_ID="12"
            VERSION="12 (bookworm)"
            ID=debian
            """
        #expect(VersionText.prettyName(osRelease: debian) == "Debian GNU/Linux 12 (bookworm)")
        #expect(VersionText.prettyName(osRelease: "NAME='Alpine Linux'\nVERSION_ID=3.19.1\n") == "Alpine Linux 3.19.1")
        #expect(VersionText.prettyName(osRelease: "NAME=\"Odd \\\"quoted\\\"\"\n") == "Odd \"quoted\"")
        #expect(VersionText.prettyName(osRelease: "# nothing\nID=x\n") == nil)
    }

    @Test func theStampEncodesEveryKey() throws {
        let stamp = ToolchainStamp(
            swiftVersion: "6.3.1", raw: "r", target: "t", os: "o", xcode: nil, gateVersion: "0.1.0")
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(stamp), as: UTF8.self)
        #expect(
            json == "{\"gateVersion\":\"0.1.0\",\"os\":\"o\",\"raw\":\"r\",\"swiftVersion\":\"6.3.1\",\"target\":\"t\",\"xcode\":null}")
        #expect(try JSONDecoder().decode(ToolchainStamp.self, from: Data(json.utf8)) == stamp)
    }

    @Test func theRealToolchainIsStamped() throws {
        let stamp = try ToolchainStamp.read(gateVersion: "9.9.9")
        let parts = stamp.swiftVersion.split(separator: ".")
        #expect((2...3).contains(parts.count))
        #expect(parts.allSatisfy { Int($0) != nil })
        #expect(stamp.raw.contains("Swift version \(stamp.swiftVersion)"))
        #expect(stamp.target?.isEmpty == false)
        #expect(!stamp.os.isEmpty)
        #expect(stamp.gateVersion == "9.9.9")
        #if os(Linux)
            #expect(stamp.xcode == nil)
        #endif
    }

    @Test func aMissingToolchainIsAClearError() {
        let error = #expect(throws: ToolchainStampError.self) {
            try ToolchainStamp.read(gateVersion: "0", swiftCommand: ["no-such-swift-for-the-gate", "--version"])
        }
        guard case .toolchainNotFound(let command, _) = error else {
            Issue.record("expected toolchainNotFound, got \(String(describing: error))")
            return
        }
        #expect(command == "no-such-swift-for-the-gate --version")
        #expect(error?.description.hasPrefix("no Swift toolchain found:") == true)
    }

    @Test func aFailingHangingOrForeignCommandIsAClearError() {
        let failed = #expect(throws: ToolchainStampError.self) {
            try ToolchainStamp.read(gateVersion: "0", swiftCommand: ["sh", "-c", "echo boom >&2; exit 3"])
        }
        #expect(failed == .commandFailed(command: "sh -c echo boom >&2; exit 3", status: "exited with code 3", output: "boom"))
        #expect(failed?.description == "'sh -c echo boom >&2; exit 3' exited with code 3: boom; check the Swift installation")
        let hung = #expect(throws: ToolchainStampError.self) {
            try ToolchainStamp.read(gateVersion: "0", swiftCommand: ["sleep", "30"], timeout: .milliseconds(200))
        }
        #expect(hung == .timedOut(command: "sleep 30", timeout: .milliseconds(200)))
        let foreign = #expect(throws: ToolchainStampError.self) {
            try ToolchainStamp.read(gateVersion: "0", swiftCommand: ["echo", "hello"])
        }
        #expect(foreign == .unrecognisedVersion(command: "echo hello", output: "hello"))
    }
}
