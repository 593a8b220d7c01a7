//===----------------------------------------------------------------------===//
// DarwinFacts.swift: every fact about macOS that a suite's domain there depends on, in one place.
//===----------------------------------------------------------------------===//

/// What macOS gives the gate to keep a suite apart from it, as data: the programs it runs (by
/// absolute path, so a `PATH` the code under test shaped cannot choose them), the range of user
/// ids the login window hides, the group a suite user reads the work tree through, and the device
/// files every tool writes to.
///
/// Like GateProcess's `Platform` for process supervision, these are values, not `#if` branches:
/// the profile and the commands built from them are generated and tested on Linux too, and only
/// running them needs a Mac (``isCurrent``).
package enum DarwinFacts {
    /// `sudo`: every command that changes the machine, and the switch to the suite user, goes
    /// through `sudo -n` (never prompts: without passwordless sudo it fails, and the gate says so).
    package static let sudo = "/usr/bin/sudo"
    /// `dscl`: reads and writes the local directory (the users), scriptably, unlike `sysadminctl`,
    /// which on recent macOS asks for a secure-token administrator's password and makes an account
    /// that can log in.
    package static let dscl = "/usr/bin/dscl"
    /// `sandbox-exec`: applies a sandbox profile (SBPL) to a command and everything it starts.
    /// Deprecated in its man page since macOS 10.12 and still what SwiftPM and Bazel use.
    package static let sandboxExec = "/usr/bin/sandbox-exec"
    /// `env`: starts the suite with exactly the environment the gate gives (`env -i`), whatever
    /// sudo's `env_reset`, `env_keep` and `SUDO_*` variables would have left.
    package static let env = "/usr/bin/env"
    /// `getconf`: the per-user temporary and cache folders (`DARWIN_USER_TEMP_DIR`,
    /// `DARWIN_USER_CACHE_DIR`) that `xcrun`, clang and Foundation write to whatever `TMPDIR` says.
    package static let getconf = "/usr/bin/getconf"
    /// `mkdir`, `chown`, `chmod` and `kill`, for the suite user's home and its processes.
    package static let mkdir = "/bin/mkdir"
    /// `chown`.
    package static let chown = "/usr/sbin/chown"
    /// `chmod`.
    package static let chmod = "/bin/chmod"
    /// `kill`.
    package static let kill = "/bin/kill"
    /// `launchctl`: `bootout user/UID` ends the account's launchd domain and every job in it.
    package static let launchctl = "/bin/launchctl"
    /// `crontab`: `-r -u NAME` removes the account's.
    package static let crontab = "/usr/bin/crontab"
    /// `true`, for probing that `sudo -n` and `sandbox-exec` work here.
    package static let `true` = "/usr/bin/true"

    /// User ids below 500 are hidden from the login window and are where macOS keeps its service
    /// accounts (`_www` is 70, `_mysql` 74); a suite user belongs there, not among people's.
    package static let hiddenUserIDs: ClosedRange<UInt32> = 200...499
    /// `staff` (20), every local user's primary group: the work tree on a GitHub macOS runner is in
    /// `/Users/runner` (mode 0750, group `staff`), so a suite user outside `staff` could not read
    /// the code it tests. Writing is still the owner's only (umask 022), and the profile denies it.
    package static let staffGroupID: UInt32 = 20
    /// What a service account's `UserShell` is: no interactive login.
    package static let noLoginShell = "/usr/bin/false"

    /// Where device files live. Every tool writes `/dev/null`, `/dev/tty`, `/dev/fd/N`,
    /// `/dev/dtracehelper` or a pseudo-terminal; the rest of `/dev` is root's by its permissions,
    /// and the suite user is not root. Bazel's darwin-sandbox keeps `/dev` writable for the same reason.
    package static let deviceFolder = "/dev"

    /// The options that keep the tools that sandbox themselves from trying inside the suite's
    /// sandbox (sandboxes do not nest; `sandbox_apply` fails with EPERM), by tool.
    /// SwiftPM (`swift build`, `swift test`, `swift run`, `swift package`): its manifest, plugin
    /// and macro sandboxes.
    package static let swiftPMDisableSandbox = "--disable-sandbox"
    /// xcodebuild: package manifests, package plugins, run-script phases and the compiler's macro
    /// plugins, each sandboxed on its own.
    package static let xcodebuildDisableSandbox = [
        "-IDEPackageSupportDisableManifestSandbox=YES", "-IDEPackageSupportDisablePluginExecutionSandbox=YES",
        "ENABLE_USER_SCRIPT_SANDBOXING=NO",
    ]
    /// The compiler flag xcodebuild passes through `OTHER_SWIFT_FLAGS` for macro plugins.
    package static let swiftcDisableSandbox = "-disable-sandbox"

    /// Where the gate keeps the files it shares with the suites (``SuiteDomainCache/prepareRoot()``)
    /// unless `ACCEPTANCE_GATE_SUITE_CACHE` says otherwise: a folder of the gate's user that the
    /// account can read, which the gate's own `TMPDIR` (mode 0700) is not.
    package static let cacheRoot = "/Users/Shared/acceptance-gate/suites"

    /// True when this build runs on macOS, where the commands and the profile can run: the one
    /// `#if` of the Darwin domain (a portable build on a Mac is still a Mac here).
    package static var isCurrent: Bool {
        #if os(macOS)
            return true
        #else
            return false
        #endif
    }
}
