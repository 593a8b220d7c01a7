//===----------------------------------------------------------------------===//
// NestedRun.swift: whether `run` was started by something a run of the gate started.
//===----------------------------------------------------------------------===//

import GateCore
import GatePublishing

/// Tells a `run` started inside another run of the gate (a suite, or anything it started) from
/// one a person or a pipeline started. A nested gate is how the cheapest forgery works: a failing
/// test runs the gate again with its own assertion switched off and copies that honest second
/// report over the real one (#34), so `run` refuses to start there.
///
/// Two signs, either enough: ``variable`` in the environment, which the gate gives every child
/// (a suite can unset it, so it catches the careless case), and, on Linux, PID 1 of the process's
/// PID namespace named ``domainInitName``, the init process the gate's suite domain starts, which
/// a suite inside it cannot rename or leave.
package struct NestedRun: Sendable {
    /// The variable every child of a run gets, set to `1`.
    package static let variable = "ACCEPTANCE_GATE_RUN"
    /// The name (`/proc/1/comm`) of the init process of the gate's suite domain on Linux.
    package static let domainInitName = "ag-suite-domain"

    /// The environment `run` was started with.
    package var environment: [String: String]
    /// Reads `/proc/1/comm` (`nil` where there is none: not Linux, or not readable).
    package var readInitName: @Sendable () -> String?

    /// The check for `environment`, reading PID 1's name with `readInitName`.
    package init(environment: [String: String], readInitName: @escaping @Sendable () -> String? = NestedRun.procInitName) {
        self.environment = environment
        self.readInitName = readInitName
    }

    /// Why this `run` is inside another run, or `nil` when nothing says so.
    package func refusal() -> GateRunError? {
        if let value = environment[Self.variable], !value.isEmpty {
            return .nestedRun(sign: "\(Self.variable) is set")
        }
        if let name = readInitName(), name.split(separator: "\n").first.map(String.init) == Self.domainInitName {
            return .nestedRun(sign: "PID 1 is the suite domain's \(Self.domainInitName)")
        }
        return nil
    }

    /// `/proc/1/comm` without its line break, at most 64 bytes; `nil` when it cannot be read.
    package static let procInitName: @Sendable () -> String? = {
        #if os(Linux)
            let descriptor = open("/proc/1/comm", O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { return nil }
            defer { close(descriptor) }
            var bytes = [UInt8](repeating: 0, count: 64)
            let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return nil }
            return String(decoding: bytes.prefix(count), as: UTF8.self)
        #else
            return nil
        #endif
    }
}
