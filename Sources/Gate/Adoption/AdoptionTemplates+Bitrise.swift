//===----------------------------------------------------------------------===//
// AdoptionTemplates+Bitrise.swift: the embedded twin of templates/ci/bitrise.yml.
//===----------------------------------------------------------------------===//

// Keep byte for byte equal to templates/ci/bitrise.yml (AdoptionTemplatesTests checks).

extension AdoptionTemplates {
    /// The Bitrise workflow, `templates/ci/bitrise.yml`.
    package static let bitrise = AdoptionTemplate(
        path: "ci/bitrise.yml", isExecutable: false,
        text: #"""
            # The acceptance gate as a Bitrise workflow.
            # Written by `acceptance-gate init` (acceptance-gate {{gateVersion}}); yours to change.
            #
            # When your repository already has a bitrise.yml, init writes this one to
            # bitrise.acceptance-gate.yml: copy the acceptance-gate workflow (and the two app envs) into yours.
            # Use a macOS stack for an iOS project. Set ACCEPTANCE_GATE_REPO to the URL of your clone or fork of
            # acceptance-gate and, to sign the report, the secret ACCEPTANCE_GATE_SIGNING_KEY. The report folder
            # is deployed even when the gate rejects the change.
            format_version: "13"
            default_step_lib_source: https://github.com/bitrise-io/bitrise-steplib.git

            app:
              envs:
                - ACCEPTANCE_GATE_REPO: https://github.com/your-org/acceptance-gate.git
                - ACCEPTANCE_GATE_REF: "{{gateVersion}}"

            workflows:
              acceptance-gate:
                steps:
                  - git-clone@8: {}
                  - script@1:
                      title: Run the acceptance gate
                      inputs:
                        - content: |-
                            #!/usr/bin/env bash
                            set -euo pipefail
                            if command -v brew > /dev/null; then brew install --quiet libgit2 libsodium pkg-config; fi
                            gate_dir="${TMPDIR:-/tmp}/acceptance-gate-tool"
                            rm -rf "$gate_dir"
                            git clone --quiet --depth 1 --branch "$ACCEPTANCE_GATE_REF" "$ACCEPTANCE_GATE_REPO" "$gate_dir"
                            swift build -c release --product acceptance-gate --package-path "$gate_dir"
                            export PATH="$(swift build -c release --show-bin-path --package-path "$gate_dir"):$PATH"
                            acceptance-gate --version
                            acceptance-gate run --out .acceptance-gate
                  - deploy-to-bitrise-io@2:
                      is_always_run: true
                      inputs:
                        - deploy_path: .acceptance-gate
                        - is_compress: "true"

            """#)
}
