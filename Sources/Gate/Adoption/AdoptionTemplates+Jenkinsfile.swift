//===----------------------------------------------------------------------===//
// AdoptionTemplates+Jenkinsfile.swift: the embedded twin of templates/ci/Jenkinsfile.
//===----------------------------------------------------------------------===//

// Keep byte for byte equal to templates/ci/Jenkinsfile (AdoptionTemplatesTests checks).

extension AdoptionTemplates {
    /// The Jenkins declarative pipeline, `templates/ci/Jenkinsfile`.
    package static let jenkinsfile = AdoptionTemplate(
        path: "ci/Jenkinsfile", isExecutable: false,
        text: #"""
            // The acceptance gate as a Jenkins declarative pipeline.
            // Written by `acceptance-gate init` (acceptance-gate {{gateVersion}}); yours to change.
            //
            // When your repository already has a Jenkinsfile, init writes this one to
            // ci/acceptance-gate.Jenkinsfile: copy the 'Acceptance gate' stage into your pipeline, or create a
            // second pipeline job whose script path is that file. The agent needs the label 'macos' for an iOS
            // project (any agent with Swift, libgit2, libsodium and pkg-config works for a SwiftPM project).
            // Set ACCEPTANCE_GATE_REPO to the URL of your clone or fork of acceptance-gate; to sign the report,
            // add a secret-text credential and bind it with
            // ACCEPTANCE_GATE_SIGNING_KEY = credentials('acceptance-gate-signing-key') in the environment block.
            pipeline {
                agent { label 'macos' }
                options {
                    timeout(time: 60, unit: 'MINUTES')
                }
                environment {
                    ACCEPTANCE_GATE_REPO = 'https://github.com/your-org/acceptance-gate.git'
                    ACCEPTANCE_GATE_REF = '{{gateVersion}}'
                }
                stages {
                    stage('Acceptance gate') {
                        steps {
                            sh '''#!/bin/bash
                                set -euo pipefail
                                if command -v brew > /dev/null; then brew install --quiet libgit2 libsodium pkg-config; fi
                                gate_dir="${WORKSPACE_TMP:-/tmp}/acceptance-gate-$BUILD_NUMBER"
                                rm -rf "$gate_dir"
                                git clone --quiet --depth 1 --branch "$ACCEPTANCE_GATE_REF" "$ACCEPTANCE_GATE_REPO" "$gate_dir"
                                swift build -c release --product acceptance-gate --package-path "$gate_dir"
                                export PATH="$(swift build -c release --show-bin-path --package-path "$gate_dir"):$PATH"
                                acceptance-gate --version
                                acceptance-gate run --out .acceptance-gate
                            '''
                        }
                        post {
                            always {
                                junit allowEmptyResults: true, testResults: '.acceptance-gate/junit.xml'
                                archiveArtifacts artifacts: '.acceptance-gate/**', allowEmptyArchive: true
                            }
                        }
                    }
                }
            }

            """#)
}
