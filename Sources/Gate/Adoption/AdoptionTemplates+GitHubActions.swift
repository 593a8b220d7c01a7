//===----------------------------------------------------------------------===//
// AdoptionTemplates+GitHubActions.swift: the embedded twin of templates/ci/github-actions.yml.
//===----------------------------------------------------------------------===//

// Keep byte for byte equal to templates/ci/github-actions.yml (AdoptionTemplatesTests checks).

extension AdoptionTemplates {
    /// The GitHub Actions workflow, `templates/ci/github-actions.yml`.
    package static let githubActions = AdoptionTemplate(
        path: "ci/github-actions.yml", isExecutable: false,
        text: #"""
            # acceptance-gate.yml: the acceptance gate on every pull request and every push to main.
            # Written by `acceptance-gate init` (acceptance-gate {{gateVersion}}); yours to change.
            #
            # The gate is built from source on the runner: set the repository variable ACCEPTANCE_GATE_REPO
            # (Settings > Secrets and variables > Actions > Variables) to the URL of your clone or fork of
            # acceptance-gate, or vendor the gate in this repository and point the "Build the gate" step at it.
            # ACCEPTANCE_GATE_REF pins the gate's tag or branch. The gate writes the job summary itself (through
            # GITHUB_STEP_SUMMARY) and annotates what failed; the report folder is uploaded even when the gate
            # rejects the change. Add the secret ACCEPTANCE_GATE_SIGNING_KEY to sign the report.
            name: acceptance-gate

            on:
              pull_request:
              push:
                branches: [main]

            jobs:
              acceptance-gate:
                runs-on: macos-15
                timeout-minutes: 60
                env:
                  ACCEPTANCE_GATE_REPO: ${{ vars.ACCEPTANCE_GATE_REPO || 'https://github.com/your-org/acceptance-gate.git' }}
                  ACCEPTANCE_GATE_REF: "{{gateVersion}}"
                  ACCEPTANCE_GATE_SIGNING_KEY: ${{ secrets.ACCEPTANCE_GATE_SIGNING_KEY }}
                steps:
                  - name: Check out
                    uses: actions/checkout@v4

                  - name: Build the gate
                    run: |
                      brew install --quiet libgit2 libsodium pkg-config
                      gate_dir="$RUNNER_TEMP/acceptance-gate"
                      git clone --quiet --depth 1 --branch "$ACCEPTANCE_GATE_REF" "$ACCEPTANCE_GATE_REPO" "$gate_dir"
                      swift build -c release --product acceptance-gate --package-path "$gate_dir"
                      swift build -c release --show-bin-path --package-path "$gate_dir" >> "$GITHUB_PATH"

                  - name: Run the acceptance gate
                    run: |
                      acceptance-gate --version
                      acceptance-gate run --out .acceptance-gate

                  - name: Upload the acceptance report
                    if: always()
                    uses: actions/upload-artifact@v4
                    with:
                      name: acceptance-gate-report
                      path: .acceptance-gate/
                      if-no-files-found: warn

            """#)
}
