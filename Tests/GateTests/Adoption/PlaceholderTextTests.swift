//===----------------------------------------------------------------------===//
// PlaceholderTextTests.swift: `{{name}}` substitution.
//===----------------------------------------------------------------------===//

import Gate
import GateAdoption
import Testing

@Suite("placeholder text")
struct PlaceholderTextTests {
    @Test("placeholders are replaced, repeats too")
    func fill() throws {
        let text = try PlaceholderText.fill("a {{x}} b {{y2}} {{x}}", values: ["x": "1", "y2": "two"], template: "t")
        #expect(text == "a 1 b two 1")
    }

    @Test("an unknown placeholder is an error naming it and the template")
    func unknown() {
        #expect(throws: AdoptionError.unknownPlaceholder(name: "nope", template: "ci/x.yml")) {
            try PlaceholderText.fill("{{target}} {{nope}}", values: ["target": "T"], template: "ci/x.yml")
        }
    }

    @Test("braces that are not a placeholder stay as written")
    func literalBraces() throws {
        let text = "${{ secrets.KEY }} ${{vars.X}} {{ spaced }} {{9lives}} {{ {{{{v}}}} {{unterminated"
        #expect(PlaceholderText.names(in: text) == ["v"])
        #expect(
            try PlaceholderText.fill(text, values: ["v": "V"], template: "t")
                == "${{ secrets.KEY }} ${{vars.X}} {{ spaced }} {{9lives}} {{ {{V}} {{unterminated")
    }

    @Test("a placeholder at the very end and a shell default after one")
    func edges() throws {
        #expect(try PlaceholderText.fill("${REF:={{gateVersion}}}", values: ["gateVersion": "0.1.0"], template: "t") == "${REF:=0.1.0}")
        #expect(try PlaceholderText.fill("{{a}}", values: ["a": ""], template: "t") == "")
        #expect(try PlaceholderText.fill("", values: [:], template: "t") == "")
    }

    @Test("a value of several lines alone on its line is indented as the placeholder is, and only then")
    func multiLine() throws {
        let script = ["s": "one\n  two\n\nthree"]
        let block = try PlaceholderText.fill("run:\n    {{s}}\nend", values: script, template: "t")
        #expect(block == "run:\n    one\n      two\n\n    three\nend")
        #expect(try PlaceholderText.fill("\t{{s}}", values: script, template: "t") == "\tone\n\t  two\n\n\tthree")
        // After other text on the line, the value goes in as it is.
        #expect(try PlaceholderText.fill("x: {{s}}", values: script, template: "t") == "x: one\n  two\n\nthree")
        #expect(try PlaceholderText.fill("    {{v}}", values: ["v": "one line"], template: "t") == "    one line")
    }
}
