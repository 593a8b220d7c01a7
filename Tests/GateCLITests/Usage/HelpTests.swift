//===----------------------------------------------------------------------===//
// HelpTests.swift: --help, help <command> and --version.
//===----------------------------------------------------------------------===//

import GateCLI
import Testing

@Suite struct HelpTests {
    /// Every command and group path in the registry.
    static let allPaths: [CommandPath] = {
        var paths: [CommandPath] = [[]]
        func walk(_ group: CommandGroup, _ prefix: CommandPath) {
            for child in group.children {
                let path = prefix.appending(child.name)
                paths.append(path)
                if case let .group(inner) = child { walk(inner, path) }
            }
        }
        walk(CommandRegistry.root, [])
        return paths
    }()

    @Test func theRegistryHasTheFramesCommands() {
        #expect(Self.allPaths.contains(["frames", "decode"]))
        #expect(Self.allPaths.contains(["frames", "split"]))
        #expect(Self.allPaths.contains(["frames", "check"]))
        #expect(Self.allPaths.contains(["frames", "vectors"]))
        #expect(Self.allPaths.contains(["redirect", "decide"]))
        #expect(Self.allPaths.contains(["fixture"]))
        #expect(Self.allPaths.contains(["completion"]))
        #expect(Self.allPaths.contains(["sign"]))
        #expect(Self.allPaths.contains(["plan"]))
        #expect(Self.allPaths.count == 23)
    }

    @Test(arguments: allPaths)
    func helpForEveryCommand(_ path: CommandPath) {
        for flag in ["--help", "-h"] {
            let run = GateRun.run(path.components + [flag])
            #expect(run.exitCode == .success)
            #expect(run.stderr.isEmpty)
            #expect(run.stdout.hasPrefix("USAGE: \(path.invocation)"))
            #expect(run.stdout.contains("-h, --help"))
        }
    }

    @Test("every command's help ends with two or three examples, and each parses as the command it shows")
    func examples() throws {
        let commands = CommandRegistry.root.allCommands()
        #expect(commands.count >= 17)
        for (path, spec) in commands {
            let examples = CommandExamples.examples(for: path)
            #expect((2...3).contains(examples.count), "\(path.components): \(examples.count) example(s)")
            let help = GateRun.run(path.components + ["--help"]).stdout
            #expect(help.hasSuffix("\nEXAMPLES:\n" + examples.map { "  \($0)\n" }.joined()), "\(path.components)")
            for example in examples {
                // The words of the acceptance-gate invocation, up to a pipe or a redirection.
                let words = example.split(separator: " ").map(String.init)
                let start = try #require(words.firstIndex(of: "acceptance-gate"), "\(example)")
                let arguments = Array(words[(start + 1)...].prefix { !["|", ">", "<", "&&"].contains($0) })
                #expect(Array(arguments.prefix(path.components.count)) == path.components, "\(example)")
                do {
                    let invocation = try InvocationParser(root: CommandRegistry.root).parse(Tokenizer.tokenize(arguments))
                    _ = try ArgumentValidator.validate(invocation, against: spec)
                } catch {
                    Issue.record("'\(example)' does not parse: \(error)")
                }
            }
        }
    }

    @Test(arguments: allPaths)
    func helpCommandPrintsTheSameText(_ path: CommandPath) {
        let viaHelp = GateRun.run(["help"] + path.components)
        #expect(viaHelp.exitCode == .success)
        #expect(viaHelp.stdout == GateRun.run(path.components + ["--help"]).stdout)
    }

    @Test func toolHelpListsEveryCommandAndVersion() {
        let run = GateRun.run(["--help"])
        #expect(run.stdout.hasPrefix("USAGE: acceptance-gate <command>\n"))
        for command in ["frames decode", "frames split", "help"] {
            #expect(run.stdout.contains("\n  \(command) "))
        }
        #expect(run.stdout.contains("--version"))
    }

    @Test func groupHelpListsItsSubcommands() {
        let run = GateRun.run(["frames", "--help"])
        #expect(run.stdout.hasPrefix("USAGE: acceptance-gate frames <subcommand>\n"))
        #expect(run.stdout.contains("SUBCOMMANDS:\n  decode "))
        #expect(run.stdout.contains("\n  split "))
        #expect(run.stdout.contains("\n  check "))
        #expect(run.stdout.contains("\n  vectors "))
    }

    @Test func commandHelpShowsUsageOptionsAndDefaults() {
        let decode = GateRun.run(["frames", "decode", "--help"]).stdout
        #expect(decode.hasPrefix("USAGE: acceptance-gate frames decode --batch [--limit <n>]\n"))
        #expect(decode.contains("  --limit <n> "))
        #expect(decode.contains("(default: 1048576)"))
        let split = GateRun.run(["frames", "split", "--help"]).stdout
        #expect(split.hasPrefix("USAGE: acceptance-gate frames split [--limit <n>] [--summary]\n"))
    }

    @Test func helpLinesFitEightyColumns() {
        for path in Self.allPaths {
            for line in GateRun.run(path.components + ["--help"]).lines {
                #expect(line.count <= 80, "\(path): \(line)")
            }
        }
    }

    @Test func version() {
        let run = GateRun.run(["--version"])
        #expect(run.exitCode == .success)
        #expect(run.stdout == "acceptance-gate \(GateVersion.current)\n")
        #expect(GateVersion.current == "0.1.0")
    }
}
