//===----------------------------------------------------------------------===//
// ArgumentValidatorTests.swift: stage 3 against a spec made for the test.
//===----------------------------------------------------------------------===//

import GateCLI
import Testing

@Suite struct ArgumentValidatorTests {
    static let out = OptionSpec.value("out", kind: .text, valueName: "dir", isRequired: true, help: "Where.")
    static let allow = OptionSpec.value("allow", kind: .text, valueName: "origin", isRepeatable: true, help: "Allow.")
    static let format = OptionSpec.value(
        "format", kind: .choice(["text", "jsonl"]), valueName: "format",
        defaultValue: .text("text"), help: "Format.")
    static let count = OptionSpec.value("count", kind: .integer(1...3), valueName: "n", help: "Count.")
    static let strict = OptionSpec.flag("strict", help: "Strict.")
    static let path = PositionalSpec("path", isRequired: true, isRepeatable: true, help: "Paths.")
    static let spec = CommandSpec(
        name: "scan", abstract: "Scan.", discussion: "Scans.",
        options: [out, allow, format, count, strict], positionals: [path])
    static let command: CommandPath = ["scan"]

    func validate(_ options: [OptionOccurrence], _ positionals: [String] = ["a"]) throws(CommandLineError) -> ParsedArguments {
        try ArgumentValidator.validate(
            Invocation(commandPath: Self.command, options: options, positionals: positionals), against: Self.spec)
    }

    @Test func parsesValuesAndFillsDefaults() throws {
        let parsed = try validate(
            [
                OptionOccurrence(name: "out", value: "d"), OptionOccurrence(name: "count", value: "2"),
                OptionOccurrence(name: "strict"),
            ], ["a", "b"])
        #expect(parsed.text(Self.out) == "d")
        #expect(parsed.integer(Self.count) == 2)
        #expect(parsed.flag(Self.strict))
        #expect(parsed.text(Self.format) == "text")
        #expect(parsed.texts(Self.allow).isEmpty)
        #expect(parsed.values(of: Self.path) == ["a", "b"])
    }

    @Test func absentFlagIsFalse() throws {
        #expect(try !validate([OptionOccurrence(name: "out", value: "d")]).flag(Self.strict))
    }

    @Test func repeatableOptionKeepsEveryValueInOrder() throws {
        let parsed = try validate([
            OptionOccurrence(name: "out", value: "d"), OptionOccurrence(name: "allow", value: "x"),
            OptionOccurrence(name: "allow", value: "y"),
        ])
        #expect(parsed.texts(Self.allow) == ["x", "y"])
    }

    @Test func nonRepeatableOptionTwiceIsAnError() {
        #expect(throws: CommandLineError.duplicateOption("--out", command: Self.command)) {
            try validate([OptionOccurrence(name: "out", value: "d"), OptionOccurrence(name: "out", value: "d")])
        }
    }

    @Test func requiredOptionMissing() {
        #expect(throws: CommandLineError.missingOption("--out", usage: "--out <dir>", command: Self.command)) {
            try validate([])
        }
    }

    @Test(arguments: [
        ("count", "0"), ("count", "4"), ("count", "two"), ("count", " 2"), ("count", "0x2"),
        ("count", ""), ("format", "sarif"), ("format", "TEXT"),
    ])
    func invalidValues(_ name: String, _ value: String) {
        let allowed = name == "count" ? "an integer from 1 to 3" : "one of text, jsonl"
        #expect(throws: CommandLineError.invalidValue(option: "--" + name, value: value, allowed: allowed, command: Self.command)) {
            try validate([OptionOccurrence(name: "out", value: "d"), OptionOccurrence(name: name, value: value)])
        }
    }

    @Test func flagWithValueAndOptionWithoutValue() {
        #expect(throws: CommandLineError.unexpectedValue(option: "--strict", value: "yes", command: Self.command)) {
            try validate([OptionOccurrence(name: "out", value: "d"), OptionOccurrence(name: "strict", value: "yes")])
        }
        #expect(throws: CommandLineError.missingValue(option: "--out", valueName: "dir", command: Self.command)) {
            try validate([OptionOccurrence(name: "out")])
        }
    }

    @Test func unknownOptionGetsASuggestion() {
        #expect(throws: CommandLineError.unknownOption("--formt", command: Self.command, suggestion: "--format")) {
            try validate([OptionOccurrence(name: "formt", value: "x")])
        }
    }

    @Test func positionalCounts() {
        #expect(throws: CommandLineError.missingArgument("<path>", command: Self.command)) {
            try validate([OptionOccurrence(name: "out", value: "d")], [])
        }
        let single = CommandSpec(
            name: "verify", abstract: "", discussion: "",
            positionals: [PositionalSpec("envelope", help: "")])
        #expect(throws: CommandLineError.unexpectedArgument("extra", command: ["verify"])) {
            try ArgumentValidator.validate(Invocation(commandPath: ["verify"], positionals: ["e", "extra"]), against: single)
        }
    }
}
