//===----------------------------------------------------------------------===//
// CommandWordsTests.swift
//===----------------------------------------------------------------------===//

import GateCLI
import Testing

@Suite("CommandWords")
struct CommandWordsTests {
    @Test(
        "splits like a shell for the simple cases",
        arguments: [
            ("python3 dec.py", ["python3", "dec.py"]),
            ("  a   b  ", ["a", "b"]),
            ("'/path with space/dec' --batch", ["/path with space/dec", "--batch"]),
            (#"sh -c "echo \"hi\" \$HOME""#, ["sh", "-c", #"echo "hi" $HOME"#]),
            (#"a\ b c"#, ["a b", "c"]),
            ("''", [""]),
            ("", []),
        ])
    func splits(line: String, words: [String]) {
        #expect(CommandWords.split(line) == words)
    }

    @Test("unclosed quotes and a lone trailing backslash are refused", arguments: ["'a", "\"a", "a\\"])
    func refuses(line: String) {
        #expect(CommandWords.split(line) == nil)
    }
}
