//===----------------------------------------------------------------------===//
// CIChannels.swift: the CI runner's command files, out of the suites' reach.
//===----------------------------------------------------------------------===//

import Foundation
import GateCore
import GateReport

/// The files GitHub Actions reads after a step: environment and outputs for later steps, the
/// `PATH`, the job summary. A line the code under test appends there sets a variable in every
/// later step (the signing job's included) or forges the summary people read, so no child gets
/// their names, and since a suite can still find the files (under `RUNNER_TEMP`), each is noted
/// before the suites and put back as it was after them.
struct CIChannels {
    /// The variables that name the files.
    static let variables = ["GITHUB_ENV", "GITHUB_OUTPUT", "GITHUB_PATH", "GITHUB_STATE", "GITHUB_STEP_SUMMARY"]
    /// The most bytes of a file kept to put it back (the runner starts each step with empty ones).
    static let keptBytes = 1 << 20

    /// One file as the run found it.
    private struct Channel {
        var variable: String
        var path: String
        /// Its bytes, or `nil` when it was absent (or not a plain file, or too large to keep).
        var bytes: [UInt8]?
        var device: UInt64
        var inode: UInt64
    }

    private let channels: [Channel]

    /// Notes each channel file named in `environment`.
    init(environment: [String: String]) {
        channels = Self.variables.compactMap { variable in
            guard let path = environment[variable], path.hasPrefix("/") else { return nil }
            var info = stat()
            guard lstat(path, &info) == 0 else { return Channel(variable: variable, path: path, bytes: nil, device: 0, inode: 0) }
            guard (info.st_mode & S_IFMT) == S_IFREG, let bytes = try? SafeFile.contents(ofFile: path, limit: Self.keptBytes)
            else { return nil }
            return Channel(variable: variable, path: path, bytes: bytes, device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
        }
    }

    /// Puts back every file that changed since ``init(environment:)``: its bytes as they were
    /// (or removed, when it was absent). Returns the variables whose files had changed.
    func restore() -> [String] {
        var changed: [String] = []
        for channel in channels where differs(channel) {
            changed.append(channel.variable)
            guard let bytes = channel.bytes else {
                _ = unlink(channel.path)
                continue
            }
            // Renamed over whatever stands there: a link put in its place is replaced, never
            // written through.
            try? AtomicFile.write(bytes, to: channel.path)
        }
        return changed
    }

    /// Whether the file at `channel.path` is not the one noted, with the bytes noted.
    private func differs(_ channel: Channel) -> Bool {
        var info = stat()
        guard lstat(channel.path, &info) == 0 else { return channel.bytes != nil }
        guard let bytes = channel.bytes else { return true }
        guard (info.st_mode & S_IFMT) == S_IFREG, UInt64(info.st_dev) == channel.device, UInt64(info.st_ino) == channel.inode,
            Int(info.st_size) == bytes.count
        else { return true }
        // Read as SafeFile reads: a FIFO swapped in is refused, never waited on.
        return (try? SafeFile.contents(ofFile: channel.path, limit: Self.keptBytes)) != bytes
    }
}
