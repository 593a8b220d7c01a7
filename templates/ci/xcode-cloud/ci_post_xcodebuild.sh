#!/bin/bash
# ci_post_xcodebuild.sh: runs the acceptance gate in Xcode Cloud after the test action.
# Written by `acceptance-gate init` (acceptance-gate {{gateVersion}}); yours to change.
#
# Xcode Cloud runs ci_scripts/ci_post_xcodebuild.sh after every xcodebuild action; this one runs the
# gate once, after the test action's test-without-building step, and fails the build when the gate
# rejects the change. When you already have a ci_post_xcodebuild.sh, init writes this script to
# ci_scripts/acceptance-gate-post-xcodebuild.sh: call it from yours. It downloads the gate's release
# ACCEPTANCE_GATE_VERSION from ACCEPTANCE_GATE_REPO (set either in the workflow's environment to
# change them) and checks it against the release's SHA256SUMS. Xcode Cloud keeps no custom
# artifacts, so the summary is printed into the build log.
#
# Signing: Xcode Cloud cannot split this step into a job that runs no code from the change (its
# post-build script runs in the same environment as your tests, which could read any secret the
# workflow has), so this script signs nothing and adds no key. The report is the verdict of this
# build, not evidence a later reader can check: for a signed verdict, run the same gate in a CI
# system that can sign in a separate job (see the GitHub Actions, GitLab CI, Jenkins or Bitrise
# templates). Setting the secret ACCEPTANCE_GATE_SIGNING_KEY here would sign, but with a key your
# tests could read, and the report then says so (signature.keySharedJob).
set -euo pipefail

if [[ "${CI_XCODEBUILD_ACTION:-}" != "test-without-building" ]]; then
    echo "acceptance-gate: skipped after '${CI_XCODEBUILD_ACTION:-unknown}' (runs after the test action)"
    exit 0
fi

: "${ACCEPTANCE_GATE_REPO:={{gateRepository}}}"
: "${ACCEPTANCE_GATE_VERSION:={{gateVersion}}}"
repository="${CI_PRIMARY_REPOSITORY_PATH:-$CI_WORKSPACE/repository}"
gate_dir="$CI_WORKSPACE/acceptance-gate-tool"

{{installGate}}
gate="$gate_dir/bin/acceptance-gate"

cd "$repository"
"$gate" --version
status=0
"$gate" run --out .acceptance-gate || status=$?
if [[ -f .acceptance-gate/summary.md ]]; then
    cat .acceptance-gate/summary.md
fi
exit "$status"
