//===----------------------------------------------------------------------===//
// SwiftTestInvocation.swift: a suite's command read as `swift test` and the options that decide which tests run.
//===----------------------------------------------------------------------===//

/// A suite command that runs `swift test` (`swift test …`, `xcrun swift test …`,
/// `/usr/bin/swift test …`), with the options that decide which tests it runs.
struct SwiftTestInvocation: Equatable {
    /// The `swift` program and what comes before it (`xcrun swift`).
    var swift: [String]
    /// `--package-path`, when given.
    var packagePath: String?
    /// `--filter`, `--skip` or `--specifier` is given: the suite chose which tests run.
    var filtered: Bool
    /// `--disable-xctest`.
    var xctestDisabled: Bool
    /// `--disable-swift-testing`.
    var swiftTestingDisabled: Bool
    /// `--enable-test-discovery`: SwiftPM ignores `Tests/LinuxMain.swift`.
    var discovery: Bool

    /// Reads `arguments`; `nil` when they do not run `swift test` (or run a subcommand of it,
    /// such as `swift test list`).
    init?(_ arguments: [String]) {
        guard
            let index = arguments.indices.first(where: { at in
                at + 1 < arguments.count && (arguments[at] == "swift" || arguments[at].hasSuffix("/swift")) && arguments[at + 1] == "test"
            })
        else { return nil }
        let options = Array(arguments[(index + 2)...])
        if let first = options.first, !first.hasPrefix("-") { return nil }
        swift = Array(arguments[...index])
        packagePath = nil
        filtered = false
        xctestDisabled = false
        swiftTestingDisabled = false
        discovery = false
        var at = 0
        while at < options.count {
            let option = options[at]
            let name = option.split(separator: "=", maxSplits: 1).first.map(String.init) ?? option
            switch name {
            case "--package-path":
                if option.contains("=") {
                    packagePath = String(option.dropFirst("--package-path=".count))
                } else if at + 1 < options.count {
                    packagePath = options[at + 1]
                    at += 1
                }
            case "--filter", "--skip", "--specifier", "-s": filtered = true
            case "--disable-xctest": xctestDisabled = true
            case "--disable-swift-testing": swiftTestingDisabled = true
            case "--enable-test-discovery": discovery = true
            default: break
            }
            at += 1
        }
    }
}
