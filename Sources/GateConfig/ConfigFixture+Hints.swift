//===----------------------------------------------------------------------===//
// ConfigFixture+Hints.swift: fixture problems worded for `run`, whose options differ from `fixture`'s.
//===----------------------------------------------------------------------===//

extension ConfigFixture {
    /// What `run` says when a fixture port is taken. The `fixture` command's own message suggests
    /// its `--ports auto` option, which `run` does not have; for `run`, the ports come from the
    /// configuration.
    ///
    /// - Parameter port: the port in use.
    package static func portInUseAdvice(port: Int) -> String {
        "port \(port) on 127.0.0.1 is already in use; stop what is using it, or set \"ports\": \"auto\" "
            + "in the fixture section of \(GateConfiguration.fileName) so the gate picks free ports"
    }

    /// The port a `fixture` command's line reports as taken (`port 8765 on 127.0.0.1 is already in
    /// use; …`), or `nil` for any other line; lets `run` replace the line with ``portInUseAdvice(port:)``.
    ///
    /// - Parameter line: a line the fixture printed.
    package static func portInUse(inFixtureLine line: String) -> Int? {
        guard let start = line.range(of: "port "), line.contains(" is already in use") else { return nil }
        let digits = line[start.upperBound...].prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits.count <= 5, let port = Int(digits), (1...65535).contains(port) else { return nil }
        return port
    }
}
