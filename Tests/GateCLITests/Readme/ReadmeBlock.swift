//===----------------------------------------------------------------------===//
// ReadmeBlock.swift: a runnable shell block of README.md or of a page it links to.
//===----------------------------------------------------------------------===//

import Testing

/// A fenced code block of README.md (or of `CONTRIBUTING.md`, `docs/*.md`) that the README test runs.
///
/// The marker is the fence's info string, exactly ```` ```sh runnable ```` (the block must exit 0)
/// or ```` ```sh runnable exit=N ```` (it must exit N). Any other info string (```` ```sh ````,
/// ```` ```console ````) is documentation only. Every runnable block runs, in a clean clone of the
/// repository, with the built `acceptance-gate` first on `PATH`; keep slow commands out of them.
struct ReadmeBlock: CustomTestStringConvertible, Sendable {
    /// The document, relative to the repository root (`README.md`, `docs/signing.md`).
    var file: String = "README.md"
    /// The 1-based line of the opening fence.
    var line: Int
    /// The shell text between the fences.
    var script: String
    /// The exit code the block must end with.
    var expectedExit: Int32

    var testDescription: String { "\(file) line \(line)" }

    /// The runnable blocks of `markdown` (the text of `file`), in order; `problems` lists malformed
    /// markers and unclosed fences.
    static func extract(from markdown: String, file: String = "README.md") -> (blocks: [ReadmeBlock], problems: [String]) {
        var blocks: [ReadmeBlock] = []
        var problems: [String] = []
        var open: (line: Int, runnable: Bool, exit: Int32)?
        var body: [String] = []
        for (offset, raw) in markdown.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = String(raw)
            guard let current = open else {
                guard line.hasPrefix("```") else { continue }
                let info = String(line.dropFirst(3))
                let words = info.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
                if words.count >= 2, words[0] == "sh", words[1] == "runnable" {
                    var exit: Int32 = 0
                    if words.count == 3, words[2].hasPrefix("exit="), let code = Int32(words[2].dropFirst(5)), (0...255).contains(code) {
                        exit = code
                    } else if words.count != 2 {
                        problems.append(
                            "\(file) line \(offset + 1): the marker '\(info)' is neither 'sh runnable' nor 'sh runnable exit=N'")
                    }
                    open = (offset + 1, true, exit)
                } else {
                    open = (offset + 1, false, 0)
                }
                body = []
                continue
            }
            if line == "```" {
                if current.runnable {
                    blocks.append(
                        ReadmeBlock(file: file, line: current.line, script: body.joined(separator: "\n") + "\n", expectedExit: current.exit)
                    )
                }
                open = nil
            } else {
                body.append(line)
            }
        }
        if let current = open { problems.append("\(file) line \(current.line): a fence that is never closed") }
        return (blocks, problems)
    }
}
