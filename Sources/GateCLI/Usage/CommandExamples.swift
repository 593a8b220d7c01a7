//===----------------------------------------------------------------------===//
// CommandExamples.swift: the examples every command's --help ends with.
//===----------------------------------------------------------------------===//

/// Two or three shell lines per command that `--help` ends with (as gh and cosign do), kept in one
/// place; a test runs every `acceptance-gate` invocation in them through the real parser, so an
/// example cannot name an option the command lost.
package enum CommandExamples {
    /// The examples of the command at `path` (`frames decode`), empty for none.
    package static func examples(for path: CommandPath) -> [String] {
        byCommand[path.components.joined(separator: " ")] ?? []
    }

    /// By command path.
    static let byCommand: [String: [String]] = [
        "run": [
            "acceptance-gate run",
            "acceptance-gate run --config ci/acceptance-gate.json --out build/gate --quiet",
            "acceptance-gate run --base origin/main --json > result.json",
        ],
        "config": [
            "acceptance-gate config",
            "acceptance-gate config --check",
            "acceptance-gate config --print-default > acceptance-gate.json",
        ],
        "init": [
            "acceptance-gate init --ci github",
            "acceptance-gate init --ios --scheme Shop --target ShopTests --ci bitrise",
            "acceptance-gate init --frames --dir ../my-package",
        ],
        "frames decode": [
            "echo 01000000030080ff | acceptance-gate frames decode --batch",
            "acceptance-gate frames decode --batch --limit 1024 < inputs.hex",
        ],
        "frames split": [
            "cat capture.bin | acceptance-gate frames split",
            "acceptance-gate frames split --summary --limit 65536 < capture.bin",
        ],
        "frames check": [
            "acceptance-gate frames check",
            "acceptance-gate frames check --decoder ./my-decoder --timeout 60",
        ],
        "frames vectors": [
            "acceptance-gate frames vectors --format json > vectors.json",
            "acceptance-gate frames vectors --format swift > Tests/AppTests/Vectors.swift",
        ],
        "redirect decide": [
            "acceptance-gate redirect decide --batch < redirects.jsonl",
            "acceptance-gate redirect decide --batch --allow https://cdn.example.com",
        ],
        "fixture": [
            "acceptance-gate fixture",
            "acceptance-gate fixture --ports auto --ledger ledger.json",
        ],
        "stamp": [
            "acceptance-gate stamp",
            "acceptance-gate stamp --repo ../app --json",
        ],
        "scan": [
            "acceptance-gate scan build.log",
            "acceptance-gate scan logs --format sarif > leaks.sarif",
            "acceptance-gate scan build.log --allow fixture-only --explain",
        ],
        "report render": [
            "acceptance-gate report render --in .acceptance-gate/report.json --out rendered",
            "acceptance-gate report render --in report.json --out html --format html",
        ],
        "keygen": [
            "acceptance-gate keygen --out ~/.acceptance-gate-keys/gate",
            "acceptance-gate keygen --out ci-signing",
        ],
        "sign": [
            "acceptance-gate sign .acceptance-gate --key gate.key",
            "acceptance-gate sign out --key gate.key --require-commit \"$GITHUB_SHA\"",
        ],
        "verify": [
            "acceptance-gate verify out --pubkey gate.pub --require-keyid \"$KEYID\"",
            "acceptance-gate verify out --pubkey gate.pub --require-commit \"$GITHUB_SHA\"",
        ],
        "merge": [
            "acceptance-gate merge shards/* --pubkey gate.pub --out merged --key gate.key",
            "acceptance-gate merge a b --pubkey gate.pub --out all --expect-shards a,b",
        ],
        "plan": [
            "acceptance-gate plan --shards 4 --from last-main/out --out plan.json",
            "acceptance-gate plan --shards 8 --from runs/* --pubkey gate.pub --out p.json",
            "acceptance-gate plan --shards 3 --from out --tests tests.txt --out plan.json",
        ],
        "completion": [
            "acceptance-gate completion bash > /etc/bash_completion.d/acceptance-gate",
            "acceptance-gate completion zsh > ~/.zsh/completions/_acceptance-gate",
            "acceptance-gate completion fish | source",
        ],
        "help": [
            "acceptance-gate help",
            "acceptance-gate help frames decode",
        ],
    ]
}
