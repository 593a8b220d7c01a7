//===----------------------------------------------------------------------===//
// OutputHolders.swift: processes outside a child's tree that keep a pipe it reads open for writing.
//===----------------------------------------------------------------------===//

internal import Foundation
import GateCore

/// The processes that hold a child waiting: a test runner (`swift test`) reads its test
/// process's output through a pipe until end of file, and a background process the test
/// started without waiting for it (`sleep 300 &`) keeps that pipe's write end after the test
/// process exited, so the runner waits as long as it lives. As the subreaper the gate is that
/// orphan's parent, so it is found among the gate's own children outside every supervised group,
/// and named by the pipe it shares with the child (`/proc/PID/fd`).
///
/// Linux only (a subreaper and `/proc`); elsewhere ``find(for:sparing:)`` answers `nil`.
package enum OutputHolders {
    /// The most descriptors read of one process.
    static let descriptorLimit = 4096

    /// The gate's children outside the `tracked` groups that hold open for writing a pipe that
    /// `child` holds open for reading, once `child` runs nothing of its own (its test process
    /// exited: a process started while the tests run is theirs to stop); `nil` where the
    /// platform cannot tell.
    package static func find(for child: Int32, sparing tracked: Set<Int32>) -> [LeftoverProcess]? {
        guard DescendantSweep.isAvailable, let own = ProcessTable.children(of: child), let children = ProcessTable.children(of: getpid())
        else { return nil }
        guard own.isEmpty else { return [] }
        let reading = pipes(of: child, writing: false)
        guard !reading.isEmpty else { return [] }
        return children.filter { entry in
            entry.process.pid != child && !tracked.contains(entry.group) && !tracked.contains(entry.process.pid)
                && !pipes(of: entry.process.pid, writing: true).isDisjoint(with: reading)
        }.map(\.process)
    }

    /// The inodes of the pipes `pid` holds open for writing (or for reading), from the links in
    /// `/proc/PID/fd` (`pipe:[1234]`) and their modes, which say how each was opened.
    static func pipes(of pid: Int32, writing: Bool) -> Set<String> {
        let folder = "/proc/\(pid)/fd"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        var found: Set<String> = []
        for name in names.prefix(descriptorLimit) {
            let path = folder + "/" + name
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path), target.hasPrefix("pipe:[") else {
                continue
            }
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            let mode = info.st_mode
            let opened = writing ? (mode & S_IWUSR) != 0 : (mode & S_IRUSR) != 0
            if opened { found.insert(target) }
        }
        return found
    }

    /// Stops `holders` (the gate's children): SIGTERM, up to `grace` for each to end (reaped as
    /// it does), SIGKILL for the rest.
    /// - Returns: those that needed SIGKILL.
    package static func stop(_ holders: [LeftoverProcess], grace: Duration) -> [LeftoverProcess] {
        for holder in holders {
            _ = kill(holder.pid, SIGTERM)
            _ = kill(holder.pid, SIGCONT)
        }
        let deadline = ContinuousClock.now + grace
        var alive = holders
        while !alive.isEmpty && ContinuousClock.now < deadline {
            alive = alive.filter { !reaped($0.pid) }
            if !alive.isEmpty { SystemCall.sleep(for: .milliseconds(10)) }
        }
        for holder in alive { _ = kill(holder.pid, SIGKILL) }
        let killWait = ContinuousClock.now + .seconds(1)
        var left = alive
        while !left.isEmpty && ContinuousClock.now < killWait {
            left = left.filter { !reaped($0.pid) }
            if !left.isEmpty { SystemCall.sleep(for: .milliseconds(10)) }
        }
        return alive
    }

    /// Reaps `pid` if it has ended; true when it is gone.
    private static func reaped(_ pid: Int32) -> Bool {
        var status: Int32 = 0
        let result = waitpid(pid, &status, WNOHANG)
        return result == pid || (result < 0 && errno == ECHILD)
    }
}
