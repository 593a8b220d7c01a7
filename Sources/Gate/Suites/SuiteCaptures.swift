//===----------------------------------------------------------------------===//
// SuiteCaptures.swift: the files one suite's evidence is captured in.
//===----------------------------------------------------------------------===//

/// One suite's captures, made before any suite runs: its log and, when it names a result bundle,
/// the bundle's JSON as `xcresulttool` printed it.
struct SuiteCaptures {
    /// The suite's standard output and error.
    var log: CaptureFile
    /// The result bundle's JSON, when the suite has one.
    var xcresult: CaptureFile?
    /// One log per retry of its failed tests (`suites[].retry`), made with the others.
    var attempts: [CaptureFile] = []
    /// The folder they are in, for a file of test names made when a retry starts.
    var folder: CaptureFolder
}
