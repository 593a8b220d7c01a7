//===----------------------------------------------------------------------===//
// ReportTemplates+BuiltInMarkdown.swift: the built-in Markdown summary template.
//===----------------------------------------------------------------------===//

extension ReportTemplates {
    /// The built-in `summary.md.template`. `templates/report/summary.md.template` holds the same bytes, for users to copy
    /// and change; a test keeps the two equal.
    package static let builtInMarkdownSource = #"""
        {{! summary.md.template: the Markdown summary (summary.md, $GITHUB_STEP_SUMMARY).
            Escaping mode: markdown (values are escaped for table cells). The first line is the verdict. }}
        {{#if accepted}}
        ## ✅ acceptance-gate: accepted
        {{else}}
        ## {{verdictIcon}} acceptance-gate: {{verdict}}{{#if firstReason}} — {{firstReason}}{{/if}}
        {{/if}}

        {{#if problems}}
        {{#each problems}}
        - {{sentence}} (`{{kind}}: {{code}}`)
        {{/each}}

        {{/if}}
        Exit code {{exitCode}}{{#if shard}}, shard {{shard}}{{/if}}.

        | Stamp | Value |
        |---|---|
        {{#if commit}}
        | Commit | {{commit.id}} |
        | Branch | {{commit.branchLabel}} |
        | Dirty | {{#if commit.dirty}}yes: {{commit.changedPaths}}{{else}}no{{/if}} |
        | Shallow clone | {{#if commit.shallow}}yes{{else}}no{{/if}} |
        {{#if commit.ciCommit}}
        | CI commit | {{commit.ciCommit.id}} ({{commit.ciCommit.variable}}) |
        {{/if}}
        {{/if}}
        {{#if toolchain}}
        | Swift | {{toolchain.swiftVersion}}{{#if toolchain.target}} ({{toolchain.target}}){{/if}} |
        | OS | {{toolchain.os}} |
        {{#if toolchain.xcode}}
        | Xcode | {{toolchain.xcode}} |
        {{/if}}
        {{/if}}
        | Gate | {{gateVersion}} |
        {{#if config}}
        | Config | {{config.path}} (sha256 {{config.sha256}}) |
        {{/if}}
        {{#if startedAt}}
        | Started | {{startedAt}} |
        {{/if}}
        {{#if finishedAt}}
        | Finished | {{finishedAt}} |
        {{/if}}
        | Signature | {{#if signature.signed}}signed, key {{signature.keyid}}{{else}}unsigned{{/if}} |

        {{#if stages}}
        ### Stages

        | Stage | Status | Time | Detail |
        |---|---|---:|---|
        {{#each stages}}
        | {{name}} | {{statusIcon}} {{status}} | {{duration}} | {{detail}} |
        {{/each}}

        {{/if}}
        {{#if suites}}
        ### Suites

        | Suite | Kind | Status | Tests passed | Time | Exit |
        |---|---|---|---:|---:|---|
        {{#each suites}}
        | {{name}} | {{kind}} | {{statusLabel}} | {{#if testCount}}{{passedCount}}/{{testCount}}{{/if}} | {{duration}} | {{exit}} |
        {{/each}}

        {{#each suites}}
        {{#if tests}}
        #### {{name}}

        | Test | Status | Time | Message |
        |---|---|---:|---|
        {{#each listedTests}}
        | {{name}} | {{statusIcon}} {{status}} | {{duration}} | {{message}} |
        {{/each}}
        {{#each missingTests}}
        | {{.}} | ❌ missing | | expected test did not run |
        {{/each}}
        {{#if unlistedPassedCount}}

        …and {{unlistedPassedCount}} more passing tests (listed in report.html).
        {{/if}}

        {{/if}}
        {{#if reasons}}
        {{#each reasons}}
        - **{{name}}**: {{.}}
        {{/each}}

        {{/if}}
        {{/each}}
        {{/if}}
        {{#if frames}}
        ### Frame conformance

        {{frames.cases}} cases.

        | Point | Result | Detail |
        |---|---|---|
        {{#each frames.points}}
        | {{name}} | {{statusIcon}} | {{detail}} |
        {{/each}}

        {{/if}}
        {{#if fixture}}
        ### Fixture

        | Step | Result |
        |---|---|
        | Command | {{fixture.commandLine}} |
        {{#if fixture.pid}}
        | Process | {{fixture.pid}} |
        {{/if}}
        {{#if fixture.ports}}
        | Ports | origin {{fixture.ports.origin}}, foreign {{fixture.ports.foreign}} |
        {{/if}}
        {{#if fixture.ready}}
        | Ready after | {{fixture.ready}} |
        {{/if}}
        {{#if fixture.stop}}
        | Stopped | {{fixture.stop.how}} after {{fixture.stop.duration}} |
        {{/if}}
        {{#if fixture.exit}}
        | Exit | {{fixture.exit.status}} |
        | Exit proof | {{fixture.exit.verifiedIcon}} {{#if fixture.exit.verified}}verified{{else}}not verified{{/if}} |
        | Ports released | {{#if fixture.exit.portsReleased}}yes{{else}}no{{/if}} |
        {{#each fixture.exit.guaranteesMissing}}
        | Not covered by the proof | {{.}} |
        {{/each}}
        {{#each fixture.exit.leftovers}}
        | Left behind | {{pid}} {{command}} |
        {{/each}}
        {{/if}}
        {{#if fixture.ledger}}
        | Origin ledger | {{fixture.ledger.origin.requests}} requests: {{fixture.ledger.origin.paths}} |
        | Foreign ledger | {{fixture.ledger.foreign.requests}} requests {{fixture.ledger.foreign.paths}} |
        {{/if}}

        {{/if}}
        ### Token scan

        {{#if scan}}
        {{scan.filesScanned}} files scanned, {{scan.findingCount}} findings, {{scan.suppressed}} suppressed by the allowlist.
        {{#if hasFindings}}

        | Location | Rule | Fingerprint |
        |---|---|---|
        {{#each scan.findings}}
        | {{location}} | {{rule}} | {{fingerprint}} |
        {{/each}}
        {{/if}}
        {{else}}
        Not run.
        {{/if}}
        {{#if logs}}

        ### Logs

        | Log | Bytes | SHA-256 |
        |---|---:|---|
        {{#each logs}}
        | {{path}} | {{size}} | {{sha256}} |
        {{/each}}
        {{/if}}

        """#
}
