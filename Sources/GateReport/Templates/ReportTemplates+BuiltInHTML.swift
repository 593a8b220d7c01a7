//===----------------------------------------------------------------------===//
// ReportTemplates+BuiltInHTML.swift: the built-in HTML report template.
//===----------------------------------------------------------------------===//

extension ReportTemplates {
    /// The built-in `report.html.template`. `templates/report/report.html.template` holds the same bytes, for users to copy
    /// and change; a test keeps the two equal.
    package static let builtInHTMLSource = #"""
        {{! report.html.template: the self-contained HTML report (report.html).
            Escaping mode: html. Inline CSS only: no scripts, no external requests. }}
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>acceptance-gate: {{verdict}}</title>
        <style>
        :root { color-scheme: light; --ok: #1a7f37; --bad: #cf222e; --warn: #9a6700; --line: #d0d7de; --muted: #57606a; }
        * { box-sizing: border-box; }
        body { margin: 0; font: 14px/1.5 -apple-system, "Segoe UI", Helvetica, Arial, sans-serif;
          color: #1f2328; background: #f6f8fa; }
        main { max-width: 1100px; margin: 0 auto; padding: 24px; }
        .banner { border-radius: 8px; padding: 16px 20px; color: #fff; margin-bottom: 20px; }
        .banner h1 { margin: 0; font-size: 22px; }
        .banner ul { margin: 8px 0 0; padding-left: 20px; }
        .verdict-accepted { background: var(--ok); }
        .verdict-rejected { background: var(--bad); }
        .verdict-aborted { background: var(--warn); }
        .verdict-error { background: var(--warn); }
        section { background: #fff; border: 1px solid var(--line); border-radius: 8px;
          padding: 12px 16px; margin-bottom: 16px; }
        h2 { font-size: 17px; margin: 4px 0 10px; }
        h3 { font-size: 15px; margin: 14px 0 6px; }
        table { border-collapse: collapse; width: 100%; }
        th, td { text-align: left; vertical-align: top; padding: 4px 8px; border-bottom: 1px solid var(--line); }
        th { background: #f6f8fa; font-weight: 600; }
        td.num { text-align: right; white-space: nowrap; }
        code, .mono { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 12px; word-break: break-all; }
        pre { white-space: pre-wrap; word-break: break-word; margin: 0; font-size: 12px; }
        .passed, .ok { color: var(--ok); font-weight: 600; }
        .failed, .timedOut, .error, .bad { color: var(--bad); font-weight: 600; }
        .skipped, .aborted { color: var(--warn); font-weight: 600; }
        .muted { color: var(--muted); }
        </style>
        </head>
        <body>
        <main>
        <div class="banner verdict-{{verdict}}">
        <h1>acceptance-gate: {{verdict}}</h1>
        <p>exit code {{exitCode}}{{#if shard}}, shard {{shard}}{{/if}}</p>
        {{#if problems}}
        <ul>
        {{#each problems}}
        <li>{{sentence}} <span class="mono">({{kind}}: {{code}})</span></li>
        {{/each}}
        </ul>
        {{/if}}
        </div>

        <section>
        <h2>Stamp</h2>
        <table>
        {{#if commit}}
        <tr><th>Commit</th><td class="mono">{{commit.id}}</td></tr>
        <tr><th>Branch</th><td>{{commit.branchLabel}}</td></tr>
        <tr><th>Dirty</th>
        <td>{{#if commit.dirty}}yes: <span class="mono">{{commit.changedPaths}}</span>{{else}}no{{/if}}</td></tr>
        <tr><th>Shallow clone</th><td>{{#if commit.shallow}}yes{{else}}no{{/if}}</td></tr>
        {{#if commit.ciCommit}}
        <tr><th>CI commit</th><td class="mono">{{commit.ciCommit.id}} ({{commit.ciCommit.variable}})</td></tr>
        {{/if}}
        {{/if}}
        {{#if toolchain}}
        <tr><th>Swift</th><td>{{toolchain.swiftVersion}}{{#if toolchain.target}} ({{toolchain.target}}){{/if}}</td></tr>
        <tr><th>OS</th><td>{{toolchain.os}}</td></tr>
        {{#if toolchain.xcode}}
        <tr><th>Xcode</th><td>{{toolchain.xcode}}</td></tr>
        {{/if}}
        {{/if}}
        <tr><th>Gate</th><td>{{gateVersion}}</td></tr>
        {{#if config}}
        <tr><th>Config</th><td>{{config.path}} <span class="mono muted">sha256 {{config.sha256}}</span></td></tr>
        {{/if}}
        {{#if startedAt}}
        <tr><th>Started</th><td>{{startedAt}}</td></tr>
        {{/if}}
        {{#if finishedAt}}
        <tr><th>Finished</th><td>{{finishedAt}}</td></tr>
        {{/if}}
        <tr><th>Signature</th>
        <td>{{#if signature.signed}}signed, key <span class="mono">{{signature.keyid}}</span>{{else}}unsigned{{/if}}</td></tr>
        </table>
        </section>

        {{#if stages}}
        <section>
        <h2>Stages</h2>
        <table>
        <tr><th>Stage</th><th>Status</th><th>Time</th><th>Detail</th></tr>
        {{#each stages}}
        <tr><td>{{name}}</td><td class="{{status}}">{{status}}</td>
        <td class="num">{{duration}}</td><td>{{detail}}</td></tr>
        {{/each}}
        </table>
        </section>

        {{/if}}
        {{#if suites}}
        <section>
        <h2>Suites</h2>
        <table>
        <tr><th>Suite</th><th>Kind</th><th>Status</th><th>Tests</th><th>Time</th><th>Exit</th><th>Log</th></tr>
        {{#each suites}}
        <tr><td>{{name}}</td><td>{{kind}}</td><td class="{{status}}">{{statusWord}}</td>
        <td class="num">{{#if testCount}}{{passedCount}}/{{testCount}}{{else}}-{{/if}}</td>
        <td class="num">{{duration}}</td><td>{{exit}}</td>
        <td class="mono">{{#if log}}<a href="{{log}}">{{log}}</a>{{/if}}</td></tr>
        {{/each}}
        </table>
        {{#each suites}}
        <h3>{{name}} <span class="{{status}}">{{statusWord}}</span></h3>
        {{#if commandLine}}
        <p class="mono muted">{{commandLine}}</p>
        {{/if}}
        {{#if reasons}}
        <ul>
        {{#each reasons}}
        <li>{{.}}</li>
        {{/each}}
        </ul>
        {{/if}}
        {{#if tests}}
        <table>
        <tr><th>Test</th><th>Status</th><th>Time</th><th>Message</th></tr>
        {{#each tests}}
        <tr><td class="mono">{{name}}</td><td class="{{status}}">{{status}}</td>
        <td class="num">{{duration}}</td><td><pre>{{message}}</pre></td></tr>
        {{/each}}
        {{#each missingTests}}
        <tr><td class="mono">{{.}}</td><td class="failed">missing</td><td class="num"></td>
        <td>expected test did not run</td></tr>
        {{/each}}
        </table>
        {{/if}}
        {{/each}}
        </section>

        {{/if}}
        {{#if frames}}
        <section>
        <h2>Frame conformance</h2>
        <p>{{frames.cases}} cases.</p>
        <table>
        <tr><th>Point</th><th>Result</th><th>Detail</th></tr>
        {{#each frames.points}}
        <tr><td>{{name}}</td>{{#if passed}}<td class="passed">passed</td>{{else}}<td class="failed">failed</td>{{/if}}
        <td>{{detail}}</td></tr>
        {{/each}}
        </table>
        </section>

        {{/if}}
        {{#if fixture}}
        <section>
        <h2>Fixture lifecycle</h2>
        <table>
        <tr><th>Command</th><td class="mono">{{fixture.commandLine}}</td></tr>
        {{#if fixture.pid}}
        <tr><th>Process</th><td>{{fixture.pid}}</td></tr>
        {{/if}}
        {{#if fixture.ports}}
        <tr><th>Ports</th><td>origin {{fixture.ports.origin}}, foreign {{fixture.ports.foreign}}</td></tr>
        {{/if}}
        {{#if fixture.ready}}
        <tr><th>Ready after</th><td>{{fixture.ready}}</td></tr>
        {{/if}}
        {{#if fixture.stop}}
        <tr><th>Stopped</th>
        <td class="{{#if fixture.stop.killed}}bad{{else}}ok{{/if}}">{{fixture.stop.how}} after {{fixture.stop.duration}}</td></tr>
        {{/if}}
        {{#if fixture.exit}}
        <tr><th>Exit</th><td>{{fixture.exit.status}}</td></tr>
        <tr><th>Exit proof</th>
        <td>{{#if fixture.exit.verified}}<span class="ok">verified</span>{{else}}<span class="bad">not verified</span>{{/if}}</td></tr>
        <tr><th>Ports released</th><td>{{#if fixture.exit.portsReleased}}yes{{else}}no{{/if}}</td></tr>
        {{#each fixture.exit.guaranteesMissing}}
        <tr><th>Not covered by the proof</th><td>{{.}}</td></tr>
        {{/each}}
        {{#each fixture.exit.leftovers}}
        <tr><th>Left behind</th><td class="bad mono">{{pid}} {{command}}</td></tr>
        {{/each}}
        {{/if}}
        {{#if fixture.ledger}}
        <tr><th>Origin ledger</th>
        <td>{{fixture.ledger.origin.requests}} requests{{#if fixture.ledger.origin.paths}}: <span class="mono">{{fixture.ledger.origin.paths}}</span>{{/if}}</td></tr>
        <tr><th>Foreign ledger</th>
        <td>{{fixture.ledger.foreign.requests}} requests{{#if fixture.ledger.foreign.paths}}: <span class="mono">{{fixture.ledger.foreign.paths}}</span>{{/if}}</td></tr>
        {{/if}}
        </table>
        </section>

        {{/if}}
        <section>
        <h2>Token scan</h2>
        {{#if scan}}
        <p>{{scan.filesScanned}} files scanned, {{scan.findingCount}} findings,
        {{scan.suppressed}} suppressed by the allowlist.</p>
        {{#if hasFindings}}
        <table>
        <tr><th>Location</th><th>Rule</th><th>Fingerprint</th></tr>
        {{#each scan.findings}}
        <tr><td class="mono">{{location}}</td><td>{{rule}}</td><td class="mono">{{fingerprint}}</td></tr>
        {{/each}}
        </table>
        {{/if}}
        {{else}}
        <p class="muted">Not run.</p>
        {{/if}}
        </section>

        {{#if logs}}
        <section>
        <h2>Logs</h2>
        <table>
        <tr><th>Log</th><th>Bytes</th><th>SHA-256</th></tr>
        {{#each logs}}
        <tr><td class="mono"><a href="{{path}}">{{path}}</a></td><td class="num">{{size}}</td><td class="mono">{{sha256}}</td></tr>
        {{/each}}
        </table>
        </section>

        {{/if}}
        <p class="muted">acceptance-gate {{gateVersion}}, report schema {{schemaVersion}}.</p>
        </main>
        </body>
        </html>

        """#
}
