// ProcessTable.swift
//
// Listing the members of a process group from /proc, to name the processes a teardown had to kill.

internal import Foundation

/// Reads the system's process table. Linux only (`/proc`); elsewhere every list is empty, and
/// reports fall back to "the group was not empty" without names.
enum ProcessTable {
    /// The processes whose process group is `group`, sorted by pid, with their command lines.
    ///
    /// A process that exits while the table is read is skipped; nothing here throws.
    static func members(ofGroup group: Int32) -> [LeftoverProcess] {
        #if os(Linux)
            guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return [] }
            var members: [LeftoverProcess] = []
            for entry in entries {
                guard let pid = Int32(entry), let stat = processStatus(pid), stat.group == group else { continue }
                members.append(LeftoverProcess(pid: pid, command: commandLine(pid) ?? "[\(stat.name)]"))
            }
            return members.sorted { $0.pid < $1.pid }
        #else
            return []
        #endif
    }

    /// The name and process group from `/proc/PID/stat` (`pid (name) state ppid pgrp ...`). The name
    /// may itself hold spaces and parentheses, so the fields are read after its last `)`.
    private static func processStatus(_ pid: Int32) -> (name: String, group: Int32)? {
        guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/stat") else { return nil }
        let text = String(decoding: data, as: UTF8.self)
        guard let open = text.firstIndex(of: "("), let close = text.lastIndex(of: ")"), open < close else { return nil }
        let name = String(text[text.index(after: open)..<close])
        let fields = text[text.index(after: close)...].split(separator: " ")
        // After the name: state, ppid, pgrp.
        guard fields.count >= 3, let group = Int32(fields[2]) else { return nil }
        return (name, group)
    }

    /// The arguments from `/proc/PID/cmdline` joined by spaces, or `nil` when empty or unreadable.
    private static func commandLine(_ pid: Int32) -> String? {
        guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline"), !data.isEmpty else { return nil }
        let arguments = data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
        let line = arguments.joined(separator: " ")
        return line.isEmpty ? nil : String(line.prefix(512))
    }
}
