//===----------------------------------------------------------------------===//
// AdoptionTemplates+GitLabCI.swift: the embedded twin of templates/ci/gitlab-ci.yml.
//===----------------------------------------------------------------------===//

// Keep byte for byte equal to templates/ci/gitlab-ci.yml (AdoptionTemplatesTests checks).

extension AdoptionTemplates {
    /// The GitLab CI job, `templates/ci/gitlab-ci.yml`.
    package static let gitlabCI = AdoptionTemplate(
        path: "ci/gitlab-ci.yml", isExecutable: false,
        text: #"""
            # The acceptance gate as a GitLab CI job.
            # Written by `acceptance-gate init` (acceptance-gate {{gateVersion}}); yours to change.
            #
            # When your repository already has a .gitlab-ci.yml, init writes this job to
            # .gitlab/acceptance-gate.gitlab-ci.yml: add `include: [{local: .gitlab/acceptance-gate.gitlab-ci.yml}]`
            # to your .gitlab-ci.yml. The job needs a macOS runner (tag `macos`) for an iOS project; a SwiftPM
            # project can use a Linux runner with `image: swift:6.1` and the packages libgit2-dev, libsodium-dev
            # and pkg-config instead. Set ACCEPTANCE_GATE_REPO to the URL of your clone or fork of acceptance-gate
            # and, to sign the report, the masked variable ACCEPTANCE_GATE_SIGNING_KEY. The JUnit file feeds the
            # merge request's test report; the report folder is kept even when the gate rejects the change.
            variables:
              ACCEPTANCE_GATE_REPO: "https://gitlab.com/your-org/acceptance-gate.git"
              ACCEPTANCE_GATE_REF: "{{gateVersion}}"

            acceptance-gate:
              stage: test
              tags:
                - macos
              timeout: 1h
              script:
                - if command -v brew > /dev/null; then brew install --quiet libgit2 libsodium pkg-config; fi
                - gate_dir="${TMPDIR:-/tmp}/acceptance-gate-$CI_JOB_ID"
                - git clone --quiet --depth 1 --branch "$ACCEPTANCE_GATE_REF" "$ACCEPTANCE_GATE_REPO" "$gate_dir"
                - swift build -c release --product acceptance-gate --package-path "$gate_dir"
                - export PATH="$(swift build -c release --show-bin-path --package-path "$gate_dir"):$PATH"
                - acceptance-gate --version
                - acceptance-gate run --out .acceptance-gate
              artifacts:
                when: always
                expire_in: 30 days
                paths:
                  - .acceptance-gate/
                reports:
                  junit: .acceptance-gate/junit.xml

            """#)
}
