//===----------------------------------------------------------------------===//
// SuiteDomain.swift: a prepared domain, which starts each suite inside it.
//===----------------------------------------------------------------------===//

import GateCore
import GateProcess

/// A domain the gate prepared (``SuiteDomainSetup``): every suite it wraps starts through the
/// gate's own executable (``SuiteDomainCommand``), as the suites' user, with its home and temporary
/// folder in the cache and, with namespaces, its package's `.build` mounted from the cache.
package struct SuiteDomain: Sendable {
    /// How much of a domain the kernel gave.
    package let mode: SuiteDomainMode
    /// What every suite may touch (before its own `.build`).
    package let layout: SuiteDomainLayout
    /// The gate's executable, the launcher's name.
    package let launcher: String
    /// The file the launcher is started from (``ProcessSpec/executable``), when not ``launcher``.
    package let image: String?
    /// The suites' cache.
    package let cache: SuiteDomainCache

    /// Creates a domain.
    package init(mode: SuiteDomainMode, layout: SuiteDomainLayout, launcher: String, image: String?, cache: SuiteDomainCache) {
        self.mode = mode
        self.layout = layout
        self.launcher = launcher
        self.image = image
        self.cache = cache
    }

    /// `spec` started inside the domain: its program resolved on its own PATH, its working
    /// directory's `.build` its own, HOME and TMPDIR the cache's.
    package func wrap(_ spec: ProcessSpec, supervisor: ProcessSupervisor) throws(SuiteDomainError) -> ProcessSpec {
        let name = spec.command
        var executable = spec.executable ?? name
        do throws(GateProcessError) {
            if spec.executable == nil {
                executable = try ExecutableLocator.resolve(
                    name, searchPath: spec.environment["PATH"], workingDirectory: spec.workingDirectory)
            }
        } catch {
            throw .cannotEnter(suite: name, reason: error.description)
        }
        var layout = layout
        if let directory = spec.workingDirectory {
            switch mode {
            case .namespaces:
                if let bind = try buildBind(directory) {
                    layout.binds.append(bind)
                    layout.writable.append(bind.source)
                }
            case .user:
                try giveBuildFolder(directory, supervisor: supervisor)
            }
        }
        let command = SuiteDomainCommand(
            mode: mode, layout: layout, workingDirectory: spec.workingDirectory, executable: executable, arguments: spec.arguments)
        var wrapped = spec
        wrapped.arguments = [launcher] + command.commandLine
        wrapped.executable = image
        wrapped.environment["HOME"] = layout.home
        wrapped.environment["TMPDIR"] = layout.temporary
        return wrapped
    }

    /// The cache's build folder mounted on `directory/.build`, which the gate creates when missing
    /// (git keeps no empty folder, so the tree's status does not change); `nil` when `.build` is a
    /// link or a file, which the gate never mounts over: the suite then cannot write it and says so.
    func buildBind(_ directory: String) throws(SuiteDomainError) -> SuiteDomainBind? {
        let target = directory + "/.build"
        var status = stat()
        if lstat(target, &status) != 0 {
            guard errno == ENOENT, mkdir(target, 0o755) == 0 || errno == EEXIST, lstat(target, &status) == 0 else {
                throw .cacheFailed(path: target, call: "mkdir", errno: errno)
            }
        }
        guard status.st_mode & S_IFMT == S_IFDIR else { return nil }
        return SuiteDomainBind(source: try cache.buildFolder(for: directory), target: target)
    }

    /// Without namespaces the tree cannot be overlaid: `.build` (a real folder, never a link) is
    /// given to the suites' user, once, without following the links inside it.
    func giveBuildFolder(_ directory: String, supervisor: ProcessSupervisor) throws(SuiteDomainError) {
        let target = directory + "/.build"
        var status = stat()
        if lstat(target, &status) != 0 {
            guard errno == ENOENT, mkdir(target, 0o755) == 0 || errno == EEXIST, lstat(target, &status) == 0 else {
                throw .cacheFailed(path: target, call: "mkdir", errno: errno)
            }
        }
        guard status.st_mode & S_IFMT == S_IFDIR, status.st_uid != layout.uid else { return }
        let spec = ProcessSpec(arguments: ["chown", "-R", "-P", "\(layout.uid):\(layout.gid)", "--", target], environment: [:])
        let result: ProcessResult
        do {
            result = try supervisor.run(spec, timeout: .seconds(120))
        } catch {
            throw .cannotEnter(suite: directory, reason: "chown of its .build could not run: \(error.description)")
        }
        guard result.status.isSuccess else {
            throw .cannotEnter(
                suite: directory, reason: "chown of its .build failed: " + String(decoding: result.stderr.prefix(200), as: UTF8.self))
        }
    }
}
