//===----------------------------------------------------------------------===//
// RunPlan+Configuration.swift: a run's plan from a loaded configuration and the command line.
//===----------------------------------------------------------------------===//

import Foundation
import TokenScan

extension RunPlan {
    /// The plan for `loaded`, with the command line's overrides.
    ///
    /// Relative paths in the configuration (report.dir, signing.keyFile, report.templates,
    /// scan.paths, suites[].workingDirectory) resolve against the repository root; the command
    /// line's own paths (`outDirectory`, `keyFile`) must already be absolute or relative to the
    /// current folder.
    /// - Parameters:
    ///   - loaded: the configuration and its bytes.
    ///   - repositoryDirectory: the work tree root.
    ///   - outDirectory: `--out`, overriding report.dir.
    ///   - keyFile: `--key`, overriding signing.keyFile (and making it required).
    ///   - requireClean: `--require-clean` (or git.requireClean).
    ///   - requireSignature: `--require-signature` (or signing.require).
    ///   - environment: the process environment (the fingerprint key may come from it).
    package init(
        loaded: LoadedConfiguration, repositoryDirectory: String, outDirectory: String?, keyFile: String?, requireClean: Bool,
        requireSignature: Bool, environment: [String: String]
    ) {
        let configuration = loaded.configuration
        func resolve(_ path: String) -> String {
            path.hasPrefix("/") ? path : (repositoryDirectory as NSString).appendingPathComponent(path)
        }
        let keyVariable = ScanConfiguration.fingerprintKeyVariable
        let fingerprintKey = ScanConfiguration.fingerprintKey(environment: environment)
        let configuredKey = configuration.signing.keyFile.map(resolve)
        self.init(
            configSource: loaded.source, configBytes: loaded.bytes, repositoryDirectory: repositoryDirectory,
            outDirectory: outDirectory ?? resolve(configuration.report.dir),
            fixture: configuration.fixture.map(Self.fixturePlan),
            suites: configuration.suites.map { Self.suitePlan($0, resolve: resolve) }, scanAllow: configuration.scan.allow,
            scanPaths: configuration.scan.paths.map(resolve),
            fingerprintKey: fingerprintKey,
            formats: configuration.report.formats.map(\.rawValue), templatesDirectory: configuration.report.templates.map(resolve),
            keyFile: keyFile ?? configuredKey, keyFileRequired: keyFile != nil || configuration.signing.keyFileIsExplicit,
            keyEnvironmentVariable: ConfigSigning.keyVariable,
            requireSignature: requireSignature || configuration.signing.require,
            requireClean: requireClean || configuration.git.requireClean, fingerprintKeyEnvironmentVariable: keyVariable)
    }

    private static func fixturePlan(_ fixture: ConfigFixture) -> FixturePlan {
        let ports: PortPair? =
            switch fixture.ports {
            case .fixed(let origin, let foreign): PortPair(origin: origin, foreign: foreign)
            case .auto: nil
            }
        let launch: FixturePlan.Launch
        switch fixture.launch {
        case .builtinRedirect:
            launch = .builtin(ports: ports)
        case .command(let arguments):
            let tcp = (fixture.ready?.tcp ?? []).compactMap(Self.address)
            launch = .command(arguments: arguments, readyTCP: tcp, readyLine: fixture.ready?.line, ports: ports)
        }
        return FixturePlan(
            launch: launch, readyTimeout: duration(fixture.ready?.timeoutSeconds ?? 30), stopGrace: duration(fixture.stopGraceSeconds),
            expectForeignRequests: fixture.expectForeignRequests, expectOriginPaths: fixture.expectOriginPaths,
            environment: fixture.environment)
    }

    private static func suitePlan(_ suite: ConfigSuite, resolve: (String) -> String) -> SuitePlan {
        let kind: SuitePlan.Kind
        switch suite.kind {
        case .xctest: kind = .xctest
        case .command: kind = .command
        case .frames:
            switch suite.decoder {
            case .builtin: kind = .frames(decoder: nil, limit: suite.limit)
            case .command(let arguments): kind = .frames(decoder: arguments, limit: suite.limit)
            }
        }
        return SuitePlan(
            name: suite.name, kind: kind, arguments: suite.kind == .frames ? [] : (suite.command ?? []),
            expectTests: suite.expectTests, timeout: duration(suite.timeoutSeconds),
            workingDirectory: suite.workingDirectory.map(resolve), environment: suite.environment, xcresult: suite.xcresult.map(resolve),
            flaky: suite.flaky, quarantine: suite.quarantine)
    }

    /// `127.0.0.1:8765` (the configuration has checked the form already).
    private static func address(_ text: String) -> TCPAddress? {
        guard let colon = text.lastIndex(of: ":"), let port = Int(text[text.index(after: colon)...]) else { return nil }
        return TCPAddress(host: String(text[..<colon]), port: port)
    }

    private static func duration(_ seconds: Double) -> Duration {
        .milliseconds(Int64((max(0, min(seconds, 86_400)) * 1000).rounded()))
    }
}
