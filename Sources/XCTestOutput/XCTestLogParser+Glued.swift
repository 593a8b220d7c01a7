//===----------------------------------------------------------------------===//
// XCTestLogParser+Glued.swift: results printed after the app's output on the same line.
//===----------------------------------------------------------------------===//

extension XCTestLogParser {
    /// The framework's line glued after other text in `line` (an app under test that printed
    /// without a trailing newline: `…app output…Test Case '-[M.C t]' passed (0.002 seconds).`),
    /// or `nil`. Only the framework's exact shape, from where it begins to the end of the line,
    /// is read, and only when the state agrees, so app text that merely mentions a test or the
    /// word `passed` never becomes a result:
    /// - XCTest's result of the case running now, ending as XCTest ends it (`(0.002 seconds).`);
    /// - XCTest's start of a case when none is running (`' started.`, or `' started at …`);
    /// - Swift Testing's `✔ Test f() passed after …` (failed, skipped) of a test that started.
    ///
    /// A pure function of the line and the tests running: the same lines give the same reading.
    func glued(_ line: Substring) -> LogLine? {
        for start in LineReader.gluedStarts(in: line) {
            guard let parsed = LineReader.read(start) else { continue }
            switch parsed {
            case let .finished(name, .xctest, _, _, _):
                if currentXCTest?.name.name == name.name, LineReader.endsLikeXCTestResult(start) { return parsed }
            case let .started(name, .xctest, _):
                if currentXCTest == nil, !name.name.isEmpty, LineReader.endsLikeXCTestStart(start) { return parsed }
            case let .finished(name, .swiftTesting, _, _, _):
                if runningSwiftTests[name.name] != nil, start.hasSuffix(".") || start.hasSuffix("\"") { return parsed }
            default:
                continue
            }
        }
        return nil
    }
}
