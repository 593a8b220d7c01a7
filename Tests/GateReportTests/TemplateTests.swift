//===----------------------------------------------------------------------===//
// TemplateTests.swift: the template language: parsing, evaluation, escaping, errors.
//===----------------------------------------------------------------------===//

import GateReport
import Testing

@Suite("template language")
struct TemplateTests {
    /// Renders `source` with `context`.
    private func render(_ source: String, _ context: TemplateValue, escaping: TemplateEscaping = .html) throws -> String {
        try Template(parsing: source, name: "t", escaping: escaping).render(context)
    }

    private let context = TemplateValue.object([
        "title": .string("<b>A & B</b>"),
        "count": .int(3), "ratio": .number(0.25), "zero": .int(0),
        "yes": .bool(true), "no": .bool(false), "empty": .string(""), "none": .list([]),
        "suites": .list([
            .object(["name": .string("one"), "tests": .list([.string("a"), .string("b")])]),
            .object(["name": .string("two"), "tests": .list([])]),
        ]),
        "commit": .object(["id": .string("abc"), "ci": .object(["variable": .string("GITHUB_SHA")])]),
    ])

    @Test("variables, dotted paths, numbers and lists")
    func variables() throws {
        #expect(try render("{{commit.id}}/{{commit.ci.variable}}", context) == "abc/GITHUB_SHA")
        #expect(try render("{{count}} {{ratio}} {{yes}}", context) == "3 0.25 true")
        #expect(try render("[{{missing}}][{{commit.nope}}]", context) == "[][]")
        #expect(try render("{{suites}}", context) == "")
        #expect(try render("{{ count }}", context) == "3")
    }

    @Test("escaping: HTML, Markdown table cells, raw triple braces")
    func escaping() throws {
        #expect(try render("{{title}}", context) == "&lt;b&gt;A &amp; B&lt;/b&gt;")
        #expect(try render("{{{title}}}", context) == "<b>A & B</b>")
        let cell = TemplateValue.object(["v": .string("a|b `c` *d* _e_ [f](g) <h>\nnext\u{1B}[31m")])
        #expect(try render("| {{v}} |", cell, escaping: .markdown) == "| a\\|b \\`c\\` \\*d\\* \\_e\\_ \\[f\\](g) &lt;h&gt; next |")
        #expect(try render("{{v}}", .object(["v": .string("'\"")]), escaping: .html) == "&#39;&quot;")
    }

    @Test("#each over lists with the item as {{.}} and outer names visible")
    func each() throws {
        let source = "{{#each suites}}{{name}}:{{#each tests}}{{.}}{{@number}}{{/each}}{{#if @last}}.{{else}},{{/if}}{{/each}}"
        #expect(try render(source, context) == "one:a1b2,two:.")
        #expect(try render("{{#each suites}}{{commit.id}}{{/each}}", context) == "abcabc")
        #expect(try render("{{#each none}}x{{else}}nothing{{/each}}", context) == "nothing")
        #expect(try render("{{#each commit}}{{id}}{{/each}}", context) == "abc")
    }

    @Test("#if truthiness: non-empty text and lists, true, non-zero, objects")
    func truthiness() throws {
        let source =
            "{{#if yes}}1{{/if}}{{#if no}}2{{/if}}{{#if empty}}3{{/if}}{{#if none}}4{{/if}}{{#if count}}5{{/if}}"
            + "{{#if zero}}6{{/if}}{{#if commit}}7{{/if}}{{#if missing}}8{{else}}9{{/if}}{{#if title}}10{{/if}}"
        #expect(try render(source, context) == "157910")
    }

    @Test("comments vanish, and a block tag alone on its line takes the line with it")
    func standalone() throws {
        let source = "a\n{{! a comment\nover lines }}\n  {{#each suites}}\n| {{name}} |\n  {{/each}}\nb {{! inline }}c\n"
        #expect(try render(source, context) == "a\n| one |\n| two |\nb c\n")
        #expect(try render("{{#if yes}}\nx\n{{/if}}", context) == "x\n")
    }

    @Test(
        "syntax errors carry line and column",
        arguments: [
            ("a\n  {{#each suites}}\nx", 2, 3, "unclosed {{#each suites}}"),
            ("{{#if yes}}{{/each}}", 1, 12, "{{/each}} closes {{#if yes}}"),
            ("x {{name", 1, 3, "unclosed '{{'"),
            ("{{{raw}}", 1, 1, "unclosed '{{{'"),
            ("\n\n{{/if}}", 3, 1, "{{/if}} without an open {{#if}}"),
            ("{{else}}", 1, 1, "{{else}} outside"),
            ("{{#if a}}{{else}}{{else}}{{/if}}", 1, 18, "second {{else}}"),
            ("{{#with a}}{{/with}}", 1, 1, "unknown block"),
            ("{{#each}}{{/each}}", 1, 1, "needs exactly one value name"),
            ("{{a b}}", 1, 1, "does not name a value"),
            ("é {{}}", 1, 3, "does not name a value"),
        ])
    func errors(source: String, line: Int, column: Int, problem: String) {
        #expect {
            _ = try Template(parsing: source, name: "templates/x.html", escaping: .html)
        } throws: { error in
            guard case let .templateSyntax(name, errorLine, errorColumn, message) = error as? GateReportError else { return false }
            return name == "templates/x.html" && errorLine == line && errorColumn == column && message.contains(problem)
        }
    }

    @Test("the error message reads as one sentence naming the file and line")
    func errorMessage() {
        let error = GateReportError.templateSyntax(
            template: "templates/report.html", line: 12, column: 1, problem: "unclosed {{#each suites}}")
        #expect(error.description.hasPrefix("templates/report.html: line 12, column 1: unclosed {{#each suites}}"))
    }
}
