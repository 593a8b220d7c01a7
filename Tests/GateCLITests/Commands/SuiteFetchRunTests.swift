//===----------------------------------------------------------------------===//
// SuiteFetchRunTests.swift: a package with a remote dependency, run separated with loopback only.
//===----------------------------------------------------------------------===//

import Foundation
import GateProcess
import GateTestSupport
import Testing

/// `acceptance-gate run`, as root, on a package A whose dependency B is a remote one: a bare git
/// repository served over git's "dumb" HTTP protocol by python's `http.server` on this machine's
/// own (non-loopback) address. From a suite's loopback network that address is out of reach and
/// the attempt is recorded, so the fetch phase is observable: a command suite that builds A gets no
/// fetch, fails, and its reasons end with the hint; the xctest suite is preceded by `swift package
/// resolve` with the host's network, and passes.
@Suite("the dependency fetch before a loopback suite, through run", .serialized)
struct SuiteFetchRunTests {
    /// A dumb-HTTP git server of the repositories in `folder`, on every address, stopped by ``stop()``.
    final class GitHTTPServer {
        let process: SupervisedProcess
        let port: Int
        /// The machine's first IPv4 address other than loopback.
        let address: String

        init(serving folder: String, scratch: ScratchFolder) throws {
            let portFile = scratch.file("server-port")
            let script = """
                import fcntl, http.server, socket, struct, sys
                def address(name):
                    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
                    try: return socket.inet_ntoa(fcntl.ioctl(s.fileno(), 0x8915, struct.pack('256s', name.encode()[:15]))[20:24])
                    except OSError: return None
                    finally: s.close()
                found = [a for _, n in socket.if_nameindex() if n != 'lo' for a in [address(n)] if a and not a.startswith('127.')]
                handler = lambda *a, **k: http.server.SimpleHTTPRequestHandler(*a, directory=sys.argv[1], **k)
                server = http.server.ThreadingHTTPServer(('0.0.0.0', 0), handler)
                with open(sys.argv[2] + '.tmp', 'w') as f: f.write('%d %s' % (server.server_address[1], found[0] if found else ''))
                import os; os.rename(sys.argv[2] + '.tmp', sys.argv[2])
                server.serve_forever()
                """
            process = try ProcessSupervisor.standalone.start(
                ProcessSpec(arguments: ["python3", "-c", script, folder, portFile], stdout: .discard, stderr: .discard),
                policy: .service(stopGrace: .seconds(2)))
            var words: [String] = []
            for _ in 0..<200 where words.isEmpty {
                words = ((try? String(contentsOfFile: portFile, encoding: .utf8)) ?? "").split(separator: " ").map(String.init)
                if words.isEmpty { usleep(50_000) }
            }
            guard words.count == 2, let port = Int(words[0]) else {
                _ = process.stop()
                throw SupportFailure("the git HTTP server did not start, or this machine has no address but loopback: \(words)")
            }
            self.port = port
            address = words[1]
        }

        func stop() { _ = process.stop() }
    }

    #if os(Linux)
        @Test(
            .enabled(if: TestMachine.isLinuxRoot, "a network of the suite's own needs a root gate on Linux"),
            .timeLimit(.minutes(15)))
        func remoteDependencyIsFetchedBeforeTheLoopbackSuite() async throws {
            let served = try ScratchFolder("fetch-served")
            defer { served.remove() }
            try served.makeRepository(
                "B",
                files: [
                    "Package.swift": """
                    // swift-tools-version:5.9
                    import PackageDescription

                    let package = Package(name: "B", products: [.library(name: "B", targets: ["B"])], targets: [.target(name: "B")])

                    """,
                    "Sources/B/B.swift": "public func two() -> Int { 2 }\n",
                ])
            try served.git(["tag", "1.0.0"], in: "B")
            try served.git(["clone", "-q", "--bare", "B", "B.git"])
            try served.git(["update-server-info"], in: "B.git")
            let server = try GitHTTPServer(serving: served.path, scratch: served)
            defer { server.stop() }
            let url = "http://\(server.address):\(server.port)/B.git"

            let package = try AdoptedPackage(
                "fetch",
                files: [
                    "Package.swift": """
                    // swift-tools-version:5.9
                    import PackageDescription

                    let package = Package(
                        name: "A", dependencies: [.package(url: "\(url)", from: "1.0.0")],
                        targets: [
                            .target(name: "A", dependencies: [.product(name: "B", package: "B")]),
                            .testTarget(name: "ATests", dependencies: ["A"]),
                        ])

                    """,
                    "Sources/A/A.swift": "import B\npublic func four() -> Int { two() * 2 }\n",
                    "Tests/ATests/ATests.swift": """
                    import XCTest
                    import A

                    final class ATests: XCTestCase {
                        func testFour() { XCTAssertEqual(four(), 4) }
                    }

                    """,
                    // A second package whose pinned dependency no one serves (port 1): its fetch fails.
                    "Other/Package.swift": """
                    // swift-tools-version:5.9
                    import PackageDescription

                    let package = Package(
                        name: "Other", dependencies: [.package(url: "http://\(server.address):1/C.git", from: "1.0.0")],
                        targets: [.target(name: "O", dependencies: [.product(name: "C", package: "C")])])

                    """,
                    "Other/Package.resolved": """
                    { "pins": [ { "identity": "c", "kind": "remoteSourceControl", "location": "http://\(server.address):1/C.git",
                      "state": { "revision": "\(String(repeating: "0", count: 40))", "version": "1.0.0" } } ], "version": 2 }

                    """,
                    "Other/Sources/O/O.swift": "import C\n",
                    ".gitignore": ".build/\n.acceptance-gate/\n",
                    "acceptance-gate.json": """
                    { "suites": [
                      { "name": "bare", "kind": "command", "command": ["swift", "build", "--build-tests"], "timeoutSeconds": 300 },
                      { "name": "unit", "kind": "xctest", "command": ["swift", "test"], "timeoutSeconds": 600 },
                      { "name": "unreachable", "kind": "xctest", "command": ["swift", "test", "--package-path", "Other"], "timeoutSeconds": 300 } ] }

                    """,
                ])
            // The team's committed Package.resolved, made where the network is (the tree is read-only to the suites).
            // SwiftPM's user-level caches and fingerprints (B's revision per version: another run of this test made
            // another B 1.0.0) stay in the scratch folder, out of this machine's home.
            let resolved = try await package.step(
                [
                    "swift", "package", "--cache-path", served.file("swiftpm/cache"), "--config-path", served.file("swiftpm/config"),
                    "--security-path", served.file("swiftpm/security"), "resolve",
                ], timeout: .seconds(300))
            try #require(resolved.status.isSuccess, "\(resolved.stdoutText)\(resolved.stderrText)")
            try FileManager.default.removeItem(atPath: package.root + "/.build")
            try package.folder.git(["add", "Package.resolved"])
            try package.folder.git(["commit", "-q", "-m", "pins"])
            try package.separate()

            let first = try await package.run()
            let suites = Self.suites(first.report)
            let isolation = first.report["isolation"] as? [String: Any] ?? [:]
            let networks = Self.networks(first.report)
            #expect(isolation["mechanism"] as? String == "namespaces", "\(isolation)")

            // Without a fetch, the command suite cannot reach B: refused, recorded, and said where the team looks.
            let bare = suites["bare"] ?? [:]
            #expect(bare["status"] as? String == "failed", "\(first.stdout)")
            let egress = (networks["bare"]?["egress"] as? [[String: Any]] ?? []).compactMap { $0["destination"] as? String }
            #expect(egress.contains("\(server.address):\(server.port)"), "\(networks["bare"] ?? [:])")
            #expect(networks["bare"]?["fetch"] == nil)
            let hint =
                "it tried to reach \(server.address):\(server.port) (refused: this suite has loopback only); if it needs the network, "
                + #"set "network": "host" for it in acceptance-gate.json"#
            #expect((bare["reasons"] as? [String])?.last == hint, "\(bare)")
            #expect(first.stdout.contains(hint), "the console says it too: \(first.stdout)")

            // With the fetch first, the xctest suite builds and passes with loopback only.
            let unit = suites["unit"] ?? [:]
            #expect(unit["status"] as? String == "passed", "\(unit)\n\(first.stdout)")
            let fetch = networks["unit"]?["fetch"] as? [String: Any] ?? [:]
            #expect(fetch["status"] as? String == "passed" && fetch["network"] as? String == "host", "\(fetch)")
            #expect(fetch["command"] as? [String] == ["swift", "package", "resolve"])
            #expect(networks["unit"]?["network"] as? String == "loopback")
            #expect((networks["unit"]?["egress"] as? [Any] ?? []).isEmpty, "the tests themselves needed no network")
            // The fetch's output is its own log, archived, never read for the suite's tests.
            let log = try package.read(".acceptance-gate/logs/unit.fetch.log")
            #expect(log.contains("[acceptance-gate] fetching b with the host's network: swift package resolve"), "\(log)")
            #expect(log.contains("[acceptance-gate] fetch passed after"), "\(log)")
            let suiteLog = try package.read(".acceptance-gate/logs/unit.log")
            #expect(!suiteLog.contains("[acceptance-gate] fetch"), "the suite's log holds the suite's output only: \(suiteLog)")

            let schema = try await package.step([
                "check-jsonschema", "--schemafile", RepositoryFiles.url("templates/report.schema.json").path,
                ".acceptance-gate/report.json",
            ])
            #expect(schema.status.isSuccess, "report.json with a fetch follows its schema: \(schema.stdoutText)\(schema.stderrText)")

            let summary = try package.read(".acceptance-gate/summary.md")
            #expect(summary.contains("dependencies fetched with network host before: unit, unreachable"), "\(summary)")

            // A fetch that fails: the suite does not run, with the step and what to do.
            let unreachable = suites["unreachable"] ?? [:]
            #expect(unreachable["status"] as? String == "error", "\(unreachable)")
            #expect(
                (unreachable["reasons"] as? [String])?.first
                    == "its dependencies were not fetched: 'swift package --package-path Other resolve' exited with code 1 (see its log); "
                    + "check that the dependency URLs are reachable from this machine", "\(unreachable)")
            #expect((networks["unreachable"]?["fetch"] as? [String: Any])?["status"] as? String == "failed")

            // `sign` re-derives the verdict from the folder (the fetch's lines are in the suite's log) and agrees; `verify` too.
            let key = served.file("key")
            #expect(try await package.step([AdoptedPackage.gate, "keygen", "--out", key]).status.isSuccess)
            let signed = try await package.step([
                AdoptedPackage.gate, "sign", "--require-isolation", "--key", key + ".key", ".acceptance-gate",
            ])
            #expect(
                signed.status == .exited(code: 1) && signed.stdoutText.hasPrefix("signed: .acceptance-gate/report.dsse.json"),
                "signed, and exits as the verdict it signed: \(signed.stdoutText)\(signed.stderrText)")
            let verified = try await package.step([
                AdoptedPackage.gate, "verify", "--pubkey", key + ".pub", "--dir", ".acceptance-gate", ".acceptance-gate/report.dsse.json",
            ])
            #expect(verified.stdoutText.hasPrefix("verified: rejected at "), "\(verified.stdoutText)\(verified.stderrText)")

            // Warm: the dependencies are in the cache; the fetch runs again and finds them.
            let second = try await package.run()
            let warm = Self.networks(second.report)["unit"]?["fetch"] as? [String: Any] ?? [:]
            #expect(Self.suites(second.report)["unit"]?["status"] as? String == "passed", "\(second.stdout)")
            #expect(warm["status"] as? String == "passed", "\(warm)")
            print(
                "[fetch] cold: fetch \(fetch["seconds"] ?? "?") s, suite \(unit["durationSeconds"] ?? "?") s; warm: fetch \(warm["seconds"] ?? "?") s, "
                    + "suite \(Self.suites(second.report)["unit"]?["durationSeconds"] ?? "?") s; bare on the warm run: "
                    + "\(Self.suites(second.report)["bare"]?["status"] ?? "?")")
        }
    #endif

    static func suites(_ report: [String: Any]) -> [String: [String: Any]] {
        Dictionary(
            (report["suites"] as? [[String: Any]] ?? []).map { (($0["name"] as? String) ?? "", $0) },
            uniquingKeysWith: { first, _ in first })
    }

    static func networks(_ report: [String: Any]) -> [String: [String: Any]] {
        let isolation = report["isolation"] as? [String: Any] ?? [:]
        return Dictionary(
            (isolation["suites"] as? [[String: Any]] ?? []).map { (($0["suite"] as? String) ?? "", $0) },
            uniquingKeysWith: { first, _ in first })
    }
}
