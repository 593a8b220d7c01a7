//===----------------------------------------------------------------------===//
// SandboxProfile.swift: the sandbox-exec profile a suite runs under on macOS.
//===----------------------------------------------------------------------===//

/// The SBPL profile `sandbox-exec` applies to a suite and everything it starts on macOS, built from
/// the same ``SuiteDomainLayout`` as the Linux namespaces.
///
/// The base is `(allow default)`, then denials, as Bazel's darwin-sandbox does, not SwiftPM's
/// `(deny default)` plus `system.sb`: SwiftPM confines one small program (a manifest, a plugin),
/// whereas a suite is `xcodebuild`, the simulator's services, `swift-driver` and whatever its tests
/// start, whose Mach services and sysctls change with every Xcode. A deny-default profile would
/// break on an image update in ways no test here could see; these denials are what keeps a suite
/// from the gate's verdict, and each is tested on a Mac by the CI job:
///
/// - writes: nowhere but the layout's writable paths, its home and temporary folder, the suite
///   user's own temporary and cache folders, and `/dev`; the read-only paths are denied even below
///   a writable one, and a writable path below a read-only one (`.build` in the tree) is allowed
///   again: the sandbox applies the *last* rule that matches, so rules go from the shallowest
///   path to the deepest, a read-only rule after a writable one of the same path;
/// - hidden paths: neither read nor written, whatever rule came before (they come last);
/// - signals and process information (`proc_pidinfo`, code signatures, resource use): only
///   toward processes in the same sandbox, so the gate, the fixture and every process outside
///   are out of reach; listing process ids stays allowed;
/// - network: with ``Network/loopback``, only loopback addresses and local sockets.
///
/// Paths must be real paths (`/private/tmp/…`, not `/tmp/…`): the sandbox matches the path a file
/// really has. ``DarwinSuiteDomain`` resolves them before building a profile. The gate's process id
/// is not needed: `(target same-sandbox)` already excludes it, and anything else outside.
package struct SandboxProfile: Equatable, Sendable {
    /// What a suite may reach on the network: with `loopback`, loopback addresses (the fixture on
    /// 127.0.0.1) and local (Unix) sockets only; the same choice as the Linux domain's.
    package typealias Network = SuiteDomainNetwork

    /// One write rule: a path, and whether writing below it is allowed.
    package struct WriteRule: Equatable, Sendable {
        /// The normalized path.
        package var path: String
        /// True for an `allow`, false for a `deny`.
        package var allowed: Bool
    }

    /// The profile, to pass to `sandbox-exec -p`.
    package let text: String
    /// The write rules in the order they appear (shallow to deep; later ones win).
    package let writeRules: [WriteRule]
    /// The hidden paths, normalized, in the order they appear.
    package let hidden: [String]
    /// The network the profile allows.
    package let network: Network

    /// Builds the profile for `layout`.
    /// - Parameters:
    ///   - layout: what the suite may read, write and see; its paths must be real paths.
    ///   - userFolders: further folders of the suite user that tools write whatever `TMPDIR` says
    ///     (its `DARWIN_USER_TEMP_DIR` and `DARWIN_USER_CACHE_DIR`, from ``DarwinSuiteUser``).
    ///   - network: what the suite may reach.
    /// - Throws: ``DarwinSuiteDomainError`` for a path that is relative, holds a control
    ///   character, or is `/` listed as writable.
    package init(
        layout: SuiteDomainLayout, userFolders: [String] = [], network: Network = .loopback
    ) throws(DarwinSuiteDomainError) {
        var writable: [String] = []
        for path in [DarwinFacts.deviceFolder, layout.home, layout.temporary] + layout.writable + userFolders {
            let normalized = try SBPLString.normalized(path)
            if normalized == "/" { throw .writableRoot }
            if !writable.contains(normalized) { writable.append(normalized) }
        }
        var readOnly: [String] = []
        for path in layout.readOnly {
            let normalized = try SBPLString.normalized(path)
            if !readOnly.contains(normalized) { readOnly.append(normalized) }
        }
        var hidden: [String] = []
        for path in layout.hidden {
            let normalized = try SBPLString.normalized(path)
            if !hidden.contains(normalized) { hidden.append(normalized) }
        }
        let rules = (writable.map { WriteRule(path: $0, allowed: true) } + readOnly.map { WriteRule(path: $0, allowed: false) })
            .sorted { first, second in
                let depths = (SBPLString.depth(first.path), SBPLString.depth(second.path))
                if depths.0 != depths.1 { return depths.0 < depths.1 }
                if first.allowed != second.allowed { return first.allowed }
                return first.path < second.path
            }
        var lines = Self.preamble(network: network)
        lines.append("; Writes: nowhere but the suite's own folders; the deepest matching rule is the last, and wins.")
        lines.append("(deny file-write*)")
        for rule in rules {
            lines.append("(\(rule.allowed ? "allow" : "deny") file-write* (subpath \(try SBPLString.quoted(rule.path))))")
        }
        if !hidden.isEmpty {
            lines.append("; Hidden: neither read nor written, whatever came before.")
            for path in hidden {
                lines.append("(deny file-read* file-write* (subpath \(try SBPLString.quoted(path))))")
            }
        }
        self.text = lines.joined(separator: "\n") + "\n"
        self.writeRules = rules
        self.hidden = hidden
        self.network = network
    }

    /// The rules that do not depend on the layout: the base, signals, process information, network.
    private static func preamble(network: Network) -> [String] {
        var lines = [
            "(version 1)",
            "; acceptance-gate: the domain of one suite on macOS (generated; see docs/isolation.md).",
            "(allow default)",
            "; Signals and process information: only within this sandbox; the gate is outside it.",
            "(deny signal)",
            "(allow signal (target self))",
            "(allow signal (target same-sandbox))",
            "(deny process-info*)",
            "(allow process-info* (target self))",
            "(allow process-info* (target same-sandbox))",
            "(allow process-info-listpids)",
        ]
        if network == .loopback {
            lines += [
                "; Network: loopback (the fixture on 127.0.0.1) and local sockets only.",
                "(deny network*)",
                "(allow network* (local ip \"localhost:*\"))",
                "(allow network* (remote ip \"localhost:*\"))",
                "(allow network* (remote unix-socket))",
            ]
        }
        return lines
    }
}
