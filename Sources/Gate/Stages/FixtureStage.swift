//===----------------------------------------------------------------------===//
// FixtureStage.swift: start the fixture and wait until it is ready; stop it and prove it gone.
//===----------------------------------------------------------------------===//

import Foundation
import GateConfig
import GateCore
import GateProcess
import GatePublishing
import GateReport
import RedirectFixture
import SuiteDomain

/// Starts and stops the fixture.
enum FixtureStage {
    /// The most bytes of the fixture's log read back for its ledger line (a flood of requests
    /// still leaves the ledger far below).
    static let ledgerLimit = 64 << 20

    /// What the end of the fixture's log says of its ledger.
    enum LedgerLine: Equatable {
        /// One `LEDGER ` line: its JSON.
        case found([UInt8])
        /// More than one: something else wrote to the fixture's output.
        case several(Int)
        /// None.
        case none
    }

    /// The ledger line in `tail`, the end of the fixture's log: `LEDGER ` found once anywhere in
    /// it (a forged line left unfinished would otherwise swallow the real one's start), on the
    /// last line, which the fixture prints as it exits.
    static func ledgerLine(in tail: [UInt8]) -> LedgerLine {
        let prefix = Array(Ledger.outputLinePrefix.utf8)
        var count = 0
        var index = 0
        while index + prefix.count <= tail.count {
            if tail[index] == prefix[0], tail[index..<(index + prefix.count)].elementsEqual(prefix) { count += 1 }
            index += 1
        }
        guard count > 0 else { return .none }
        guard count == 1, let last = tail.split(separator: 0x0A, omittingEmptySubsequences: true).last,
            last.starts(with: prefix)
        else { return .several(count) }
        return .found(Array(last.dropFirst(prefix.count)))
    }

    /// Starts `context`'s fixture in its own process group in the repository's root, with the
    /// children's variables (``RunContext/children``), its output drained into `capture`, and
    /// waits for its READY line and a TCP connection to each port.
    /// - Returns: the running fixture, or `nil` with a ``ReportProblemCode/fixtureNotReady``
    ///   problem naming the probe that failed and what the fixture printed last (a port in use
    ///   names the port).
    static func start(
        _ plan: ConfigFixture, capture: CaptureFile, ledger: CaptureFile?, domain: SuiteDomain?, context: RunContext
    ) -> StageResult<RunningFixture?> {
        do {
            let fixture = try launch(plan, capture: capture, ledger: ledger, domain: domain, context: context)
            let urls = fixture.ports.map { "origin=\($0.originURL) foreign=\($0.foreignURL)" } ?? "ready"
            return StageResult(fixture, detail: "\(urls), pid \(fixture.child.pid)")
        } catch {
            return StageResult(
                nil, detail: error.description, problems: [ReportProblem(.fixtureNotReady, subject: .fixture, error.description)])
        }
    }

    /// ``start(_:capture:ledger:domain:context:)``'s work.
    private static func launch(
        _ plan: ConfigFixture, capture: CaptureFile, ledger: CaptureFile?, domain: SuiteDomain?, context: RunContext
    ) throws(FixtureStartFailure) -> RunningFixture {
        let environment = context.environment
        let arguments: [String]
        var probes: [ReadinessProbe]
        let patterns: [String]
        switch plan.launch {
        case .builtinRedirect:
            // The ledger comes back on the fixture's standard output, a pipe only the gate reads.
            arguments = [environment.gateExecutable, "fixture", "--ports", plan.ports.description, "--ledger", "-"]
            probes = [.line(pattern: "READY ")]
            patterns = ["READY "]
        case .command(let command):
            arguments = command
            let readyLine = plan.ready?.line
            probes = readyLine.map { [.line(pattern: $0)] } ?? []
            probes += (plan.ready?.tcp ?? []).map { .tcp(host: $0.host, port: $0.port) }
            patterns = readyLine.map { [$0] } ?? []
        }
        let log: LogFile
        do {
            log = try capture.writer()
        } catch {
            throw FixtureStartFailure("the fixture's log '\(capture.name)' cannot be written: \(error.description)")
        }
        let watcher = LineWatcher(patterns: patterns)
        var variables = context.children.variables
        if plan.isBuiltin {
            // The built-in fixture is the gate's own code, and its ledger is evidence: the
            // change's configuration (`fixture.env`) and the loader's variables do not reach it,
            // or LD_PRELOAD=./x.so would run the change's code inside it.
            variables = variables.filter { !ProcessSpec.isLoaderVariable($0.key) }
        } else {
            variables.merge(plan.environment) { _, new in new }
        }
        var spec = ProcessSpec(
            arguments: arguments, environment: variables, workingDirectory: context.plan.loaded.root, stdin: .null,
            stdout: .log(to: log, lines: watcher.handler), stderr: .log(to: log, lines: watcher.handler))
        if plan.isBuiltin {
            spec.executable = environment.gateImage
        } else {
            // A fixture of the team's own is the change's code: it runs where the suites do.
            do {
                spec = try spec.confined(to: domain, supervisor: environment.supervisor)
            } catch {
                throw FixtureStartFailure(error.description)
            }
        }
        let started = ContinuousClock.now
        let process: SupervisedProcess
        do {
            process = try environment.supervisor.start(spec, policy: plan.teardown)
        } catch {
            throw FixtureStartFailure("the fixture could not start: \(error.description)")
        }
        let child = process.child
        let deadline = started + plan.readyTimeout
        var ports: PortPair?
        do throws(GateProcessError) {
            try Readiness.wait(for: probes, child: child, lines: watcher, deadline: deadline)
            switch plan.launch {
            case .builtinRedirect:
                ports = readyPorts(watcher.lastLines(20))
                guard let found = ports else {
                    throw GateProcessError.notReady(
                        command: arguments.joined(separator: " "), probe: "READY line with both URLs",
                        detail: "the READY line did not name two 127.0.0.1 ports", lastLines: watcher.lastLines(5))
                }
                // The READY line comes once both listeners listen; probing the foreign one too would
                // be a connection in its ledger, where nothing may arrive.
                let tcp: [ReadinessProbe] = [.tcp(port: found.origin)]
                try Readiness.wait(for: tcp, child: child, lines: watcher, deadline: deadline)
            case .command:
                ports = PortPair(plan.ports)
            }
        } catch {
            _ = process.stop(grace: .seconds(1))
            process.release()
            log.close()
            // The built-in fixture's own advice names its --ports flag, which run does not have.
            if plan.isBuiltin, let port = watcher.lastLines(20).lazy.compactMap(ConfigFixture.portInUse(inFixtureLine:)).first {
                throw FixtureStartFailure("the fixture was not ready: \(ConfigFixture.portInUseAdvice(port: port))")
            }
            throw FixtureStartFailure("the fixture was not ready: \(error.description)")
        }
        return RunningFixture(
            configuration: plan, process: process, command: arguments, ports: ports, readySeconds: (.now - started).inSeconds, log: log,
            printsLedger: plan.isBuiltin, capture: capture, ledger: ledger)
    }

    /// Stops the fixture (SIGTERM, grace, SIGKILL as a failure), proves it gone (status, group
    /// empty, ports released, ledger written), and checks the ledger's expectations. When the run
    /// was interrupted the monitor stopped the fixture already, so its having exited is no problem.
    static func stop(_ fixture: RunningFixture, context: RunContext) -> StageResult<ReportFixture> {
        let plan = fixture.configuration
        var problems: [ReportProblem] = []
        let interrupted = context.interrupted
        let child = fixture.child
        if !interrupted, let early = try? child.exitStatus() {
            problems.append(
                ReportProblem(.fixtureExitedEarly, subject: .fixture, "the fixture exited during the suites (it \(early.description))"))
        }
        let started = ContinuousClock.now
        let teardown = fixture.process.stop()
        let method: ReportStopMethod
        switch teardown?.endedBy {
        case .none: method = .exited
        case .some(.terminate): method = .terminated
        case .some(.kill):
            method = .killed
            let names = teardown.map { $0.killed.map(\.description).joined(separator: ", ") } ?? ""
            // The grace the signal really had, from the teardown's own record.
            let grace = teardown.map { ProgressReporter.seconds($0.grace.inSeconds) } ?? "its grace period"
            problems.append(
                ReportProblem(
                    .fixtureIgnoredSIGTERM, subject: .fixture,
                    "the fixture ignored SIGTERM for \(grace) and was killed"
                        + (names.isEmpty ? "" : " (\(names))")))
        }
        let stopSeconds = (.now - started).inSeconds
        // The ports it really served: a command fixture's readiness ports too, which a configured
        // (or default) port pair need not name.
        var ports = fixture.ports.map { [$0.origin, $0.foreign] } ?? []
        ports += (plan.ready?.tcp ?? []).map(\.port)
        let proof = child.proveExit(ports: Array(Set(ports)).sorted(), deadline: .now + .seconds(3))
        // Let the readers hand over the fixture's last lines before the log is closed.
        fixture.process.release()
        fixture.log.close()
        problems += proof.problems.map { ReportProblem(.fixtureExitUnproven, subject: .fixture, "fixture: \($0)") }
        if !interrupted, method == .terminated, proof.status?.signal == SIGTERM, fixture.printsLedger {
            problems.append(
                ReportProblem(
                    .fixtureExitUnproven, subject: .fixture,
                    "the built-in fixture died of SIGTERM instead of writing its ledger and exiting 0"))
        }

        var ledger: ReportLedger?
        if fixture.printsLedger {
            switch ledgerLine(in: fixture.capture?.tail(Self.ledgerLimit) ?? []) {
            case .found(let json):
                fixture.ledger?.store(json)
                do {
                    let read = try Ledger(jsonBytes: json)
                    ledger = ReportLedger(origin: reportLedger(read.origin), foreign: reportLedger(read.foreign))
                } catch {
                    problems.append(
                        ReportProblem(.fixtureLedger, subject: .fixture, "the fixture's ledger is not valid: \(error.description)"))
                }
            case .several(let count):
                problems.append(
                    ReportProblem(
                        .fixtureLedger, subject: .fixture,
                        "the fixture's output held \(count) ledger line(s) where it prints one, last: something else wrote "
                            + "to it, so the ledger cannot be trusted"))
            case .none where !interrupted || method != .killed:
                problems.append(ReportProblem(.fixtureLedger, subject: .fixture, "the fixture printed no ledger when it stopped"))
            case .none:
                break
            }
        }
        if let expected = plan.expectForeignRequests {
            if let ledger {
                // Nothing at all must reach it when none is expected: a bare connect or a refused
                // request counts as a connection, not as a request.
                let connections = ledger.foreign.connections ?? ledger.foreign.requests
                if ledger.foreign.requests != expected || (expected == 0 && connections > 0) {
                    let paths = ledger.foreign.paths.prefix(5).joined(separator: ", ")
                    let also = connections > ledger.foreign.requests ? " in \(connections) connection(s)" : ""
                    problems.append(
                        ReportProblem(
                            .foreignRequests, subject: .listener("foreign"),
                            "the foreign listener saw \(ledger.foreign.requests) request(s)\(also), expected \(expected)"
                                + (paths.isEmpty ? "" : " (\(paths))")))
                }
            } else if !fixture.printsLedger {
                problems.append(
                    ReportProblem(
                        .fixtureLedger, subject: .fixture,
                        "fixture.expect.foreignRequests needs a ledger, and a command fixture writes none the gate can read"))
            }
        }

        if let ledger, let sentence = ConfigFixture.originPathsProblem(expected: plan.expectOriginPaths, served: ledger.origin.paths) {
            problems.append(ReportProblem(.originPathsMissing, subject: .listener("origin"), sentence))
        } else if plan.expectOriginPaths != nil, ledger == nil, !fixture.printsLedger {
            problems.append(
                ReportProblem(
                    .fixtureLedger, subject: .fixture,
                    "fixture.expect.originPaths needs a ledger, and a command fixture writes none the gate can read"))
        }

        let exit = ReportFixtureExit(
            code: proof.status?.code.map(Int.init), signal: proof.status?.signal.map(Int.init),
            verified: proof.verified && method != .killed,
            leftovers: proof.leftovers.map { ReportProcess(pid: Int($0.pid), command: $0.command) },
            portsReleased: proof.portsReleased,
            guarantees: ReportGuarantees(
                subreaper: proof.guarantees.subreaper, descendantNaming: proof.guarantees.descendantNaming,
                groupEmptinessChecked: proof.guarantees.groupEmptinessChecked, missing: proof.guarantees.missing))
        let report = ReportFixture(
            command: fixture.command, pid: Int(child.pid), ports: fixture.ports,
            readySeconds: ReportDuration.rounded(fixture.readySeconds),
            stop: ReportFixtureStop(how: method, seconds: ReportDuration.rounded(stopSeconds)), exit: exit, ledger: ledger)
        var detail = "\(method.rawValue), \(exit.status)"
        detail += exit.verified ? ", group empty, ports released" : ", exit NOT verified"
        if let ledger { detail += "; foreign requests \(ledger.foreign.requests)" }
        return StageResult(report, detail: detail, problems: problems)
    }

    /// The two ports in `READY origin=http://127.0.0.1:A foreign=http://127.0.0.1:B`.
    static func readyPorts(_ lines: [String]) -> PortPair? {
        for line in lines.reversed() {
            guard let range = line.range(of: "READY ") else { continue }
            var origin: Int?
            var foreign: Int?
            for word in line[range.upperBound...].split(separator: " ") {
                let parts = word.split(separator: "=", maxSplits: 1)
                guard parts.count == 2, let port = port(of: parts[1]) else { continue }
                if parts[0] == "origin" { origin = port }
                if parts[0] == "foreign" { foreign = port }
            }
            if let origin, let foreign {
                return PortPair(origin: origin, foreign: foreign)
            }
        }
        return nil
    }

    /// The port of `http://127.0.0.1:PORT`, or `nil`.
    private static func port(of url: Substring) -> Int? {
        let prefix = "http://127.0.0.1:"
        guard url.hasPrefix(prefix), let port = Int(url.dropFirst(prefix.count)), (1...65535).contains(port) else { return nil }
        return port
    }

    private static func reportLedger(_ ledger: ListenerLedger) -> ReportListenerLedger {
        ReportListenerLedger(
            port: ledger.port, requests: ledger.requests, paths: ledger.paths, headerNames: ledger.headerNames,
            connections: ledger.connections)
    }
}
