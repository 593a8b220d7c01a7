//===----------------------------------------------------------------------===//
// SuiteFetchCommandTests.swift: the fetch before a loopback suite, and the hint after one that failed.
//===----------------------------------------------------------------------===//

import GateAdoption
import SuiteDomain
import Testing

@testable import Gate

@Suite("the dependency fetch before a loopback suite")
struct SuiteFetchCommandTests {
    @Test("swift test and swift build: swift package resolve with the same swift, package path and scratch path")
    func swiftPM() throws {
        let test = try #require(SuiteFetchCommand(["xcrun", "swift", "test", "--package-path", "App", "--filter", "X", "--parallel"]))
        #expect(test.tool == .swiftPM)
        #expect(test.arguments == ["xcrun", "swift", "package", "--package-path", "App", "resolve"])
        #expect(test.resolvedFiles == ["App/Package.resolved"] && test.packagePath == "App")
        let build = try #require(SuiteFetchCommand(["/usr/bin/swift", "build", "--build-tests", "--scratch-path=/tmp/s"]))
        #expect(build.arguments == ["/usr/bin/swift", "package", "--scratch-path", "/tmp/s", "resolve"])
        #expect(build.resolvedFiles == ["Package.resolved"] && build.packagePath == nil)
        #expect(SuiteFetchCommand(["swift", "test", "list"]) == nil)
        #expect(SuiteFetchCommand(["make", "test"]) == nil)
        #expect(SuiteFetchCommand(["swift", "--version"]) == nil)
        // Only the suite's own first program: a script that runs swift somewhere inside would run,
        // with the host's network, whatever else it says.
        #expect(SuiteFetchCommand(["bash", "-c", "./run-tests.sh", "swift", "test"]) == nil)
        #expect(SuiteFetchCommand(["env", "swift", "test"]) == nil)
        #expect(SuiteFetchCommand(["sh", "-c", "xcodebuild test", "xcodebuild", "test"]) == nil)
    }

    @Test("xcodebuild: -resolvePackageDependencies with the suite's project or workspace, scheme and package folders")
    func xcodebuild() throws {
        let command = try #require(
            SuiteFetchCommand([
                "xcrun", "xcodebuild", "test", "-workspace", "App.xcworkspace", "-scheme", "App", "-destination",
                "platform=iOS Simulator,name=iPhone 16", "-clonedSourcePackagesDirPath", "SourcePackages", "-resultBundlePath",
                "r.xcresult",
            ]))
        #expect(command.tool == .xcodebuild)
        #expect(
            command.arguments == [
                "xcrun", "xcodebuild", "-resolvePackageDependencies", "-workspace", "App.xcworkspace", "-scheme", "App",
                "-clonedSourcePackagesDirPath", "SourcePackages",
            ])
        #expect(command.resolvedFiles == ["App.xcworkspace/xcshareddata/swiftpm/Package.resolved"])
        let project = try #require(SuiteFetchCommand(["xcodebuild", "-project", "App.xcodeproj/", "-scheme", "App", "test"]))
        #expect(project.arguments == ["xcodebuild", "-resolvePackageDependencies", "-project", "App.xcodeproj/", "-scheme", "App"])
        #expect(project.resolvedFiles == ["App.xcodeproj/project.xcworkspace/xcshareddata/swiftpm/Package.resolved"])
        #expect(try #require(SuiteFetchCommand(["xcodebuild", "test", "-scheme", "App"])).resolvedFiles.isEmpty)
    }

    @Test("a package identity in the gate's own log line is SwiftPM's characters or `?`")
    func shownIdentity() {
        #expect(SuiteFetch.shownIdentity("swift-argument-parser") == "swift-argument-parser")
        #expect(SuiteFetch.shownIdentity("x\nTest Case '-[M.C t]' passed (0.001 seconds).") == "?")
        #expect(SuiteFetch.shownIdentity(String(repeating: "a", count: 101)) == "?")
        #expect(SuiteFetch.shownIdentity("") == "?")
    }

    @Test("Package.resolved: remote source control and registry pins are remote, local ones not; format 1 pins all are")
    func remotePins() {
        let v2 = """
            {"originHash": "x", "pins": [
              {"identity": "swift-nio", "kind": "remoteSourceControl", "location": "https://github.com/apple/swift-nio.git", "state": {}},
              {"identity": "local", "kind": "localSourceControl", "location": "/src/local", "state": {}},
              {"identity": "scope.name", "kind": "registry", "location": "", "state": {}}], "version": 3}
            """
        #expect(SuiteFetchCommand.remotePins(in: Array(v2.utf8)) == ["swift-nio", "scope.name"])
        #expect(SuiteFetchCommand.remotePins(in: Array(#"{"pins": [], "version": 2}"#.utf8)) == [])
        let v1 = #"{"object": {"pins": [{"package": "Ink", "repositoryURL": "https://x/Ink.git", "state": {}}]}, "version": 1}"#
        #expect(SuiteFetchCommand.remotePins(in: Array(v1.utf8)) == ["Ink"])
        #expect(SuiteFetchCommand.remotePins(in: Array("<<<<<<< HEAD".utf8)) == nil)
        #expect(SuiteFetchCommand.remotePins(in: Array(#"{"version": 2}"#.utf8)) == nil)
    }

    @Test("dump-package's dependencies: source control with a remote location and registry are remote; paths are not")
    func manifestDependencies() throws {
        let json = """
            {"name": "A", "targets": [], "dependencies": [
              {"sourceControl": [{"identity": "b", "location": {"remote": [{"urlString": "http://127.0.0.1:1/B.git"}]}, "requirement": {}}]},
              {"sourceControl": [{"identity": "c", "location": {"local": ["/src/c"]}, "requirement": {}}]},
              {"fileSystem": [{"identity": "d", "path": "/src/d"}]},
              {"registry": [{"identity": "scope.e", "requirement": {}}]}]}
            """
        #expect(try SwiftPackageManifest.parse(Array(json.utf8)).remoteDependencies == ["b", "scope.e"])
        #expect(try SwiftPackageManifest.parse(Array(#"{"name": "A", "targets": []}"#.utf8)).remoteDependencies == [])
    }

    @Test("the hint: the first three destinations, the refusal, and the key to set; nothing without an attempt")
    func hint() {
        let ledger = SuiteEgressLedger(attempts: [
            .init(protocol: "dns", destination: "github.com", count: 2), .init(protocol: "tcp", destination: "192.0.2.9:443", count: 1),
            .init(protocol: "tcp", destination: "[2001:db8::1]:443", count: 1),
            .init(protocol: "udp", destination: "192.0.2.9:53", count: 1),
        ])
        #expect(
            SuiteNetworkHint.line(for: ledger)
                == #"it tried to reach github.com, 192.0.2.9:443, [2001:db8::1]:443, … (refused: this suite has loopback only); if it needs the network, set "network": "host" for it in acceptance-gate.json"#
        )
        #expect(
            SuiteNetworkHint.line(for: SuiteEgressLedger(attempts: [.init(protocol: "tcp", destination: "192.0.2.1:80", count: 1)]))
                == #"it tried to reach 192.0.2.1:80 (refused: this suite has loopback only); if it needs the network, set "network": "host" for it in acceptance-gate.json"#
        )
        #expect(
            SuiteNetworkHint.line(for: SuiteEgressLedger(more: 70))?.hasPrefix("it tried to reach addresses beyond its loopback (") == true)
        #expect(SuiteNetworkHint.line(for: SuiteEgressLedger()) == nil)
        #expect(SuiteNetworkHint.line(domain: nil) == nil)
    }
}
