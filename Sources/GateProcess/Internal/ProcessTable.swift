// ProcessTable.swift
//
// Listing the members of a process group, to name the processes a teardown had to kill.

internal import CProcessShims
internal import Foundation

/// Reads the system's process table through the source ``Platform/current`` names: `/proc` on
/// Linux, libproc on Darwin, nothing on a portable build. Where there is nothing, every answer is
/// `nil`: "cannot be named", never "no members", so callers fall back to `kill(-pgid, 0)` and the
/// proof records that the members were not named.
enum ProcessTable {
    /// The most members listed for one group; a fork bomb is not named in full.
    static let maximumMembers = 4096

    /// The processes whose process group is `group`, sorted by pid, with their command lines;
    /// `nil` where the platform cannot list them.
    ///
    /// A process that exits while the table is read is skipped; nothing here throws.
    static func members(ofGroup group: Int32, source: Platform.ProcessTableSource = Platform.current.processTable)
        -> [LeftoverProcess]?
    {
        switch source {
        case .procfs: return procMembers(ofGroup: group)
        case .libproc: return libprocMembers(ofGroup: group)
        case .none: return nil
        }
    }

    /// The living processes whose parent is `parent` (zombies left out, but not a process whose
    /// main thread exited while others run on: `/proc` shows it as `Z` too), sorted by pid, with
    /// their command lines; `nil` where the platform cannot list them. As the subreaper, the gate
    /// is the parent of every orphaned descendant, those that left their process group with
    /// `setsid` and double-forked included.
    static func children(of parent: Int32, source: Platform.ProcessTableSource = Platform.current.processTable)
        -> [(process: LeftoverProcess, group: Int32)]?
    {
        guard source == .procfs,
            let entries = procStats(where: { pid, stat in stat.parent == parent && (stat.state != "Z" || hasLiveThreads(pid)) })
        else { return nil }
        return entries.map { (LeftoverProcess(pid: $0.pid, command: commandLine($0.pid) ?? "[\($0.stat.name)]"), $0.stat.group) }
    }

    /// The processes whose effective user is `uid`, with their process groups, sorted by pid, at
    /// most ``maximumMembers``; `nil` where the platform cannot list them. How the gate finds
    /// what a separated suite left running on macOS, where no subreaper collects it: everything
    /// the suites' account runs is the suites'.
    static func processes(ofUser uid: UInt32, source: Platform.ProcessTableSource = Platform.current.processTable)
        -> [(process: LeftoverProcess, group: Int32)]?
    {
        switch source {
        case .procfs:
            let entries = procStats(where: { pid, entry in entry.state != "Z" && (users(of: pid)?.contains(uid) ?? false) })
            return entries?.map { (LeftoverProcess(pid: $0.pid, command: commandLine($0.pid) ?? "[\($0.stat.name)]"), $0.stat.group) }
        case .libproc:
            // By effective and by real user: a suite's process that ran a set-uid program still
            // has the account's real uid.
            guard let effective = libprocPIDs(listing: { cps_user_processes(uid, 0, $0, $1) }),
                let real = libprocPIDs(listing: { cps_user_processes(uid, 1, $0, $1) })
            else { return nil }
            return Set(effective + real).sorted().compactMap { pid in
                var group: Int32 = 0
                guard cps_process_brief(pid, &group, nil, nil) == 0, group > 0 else { return nil }
                return (LeftoverProcess(pid: pid, command: executablePath(pid) ?? "[pid \(pid)]"), group)
            }
        case .none:
            return nil
        }
    }

    /// The real and effective users of `pid`, from the `Uid:` line of `/proc/PID/status` (not the
    /// owner of `/proc/PID`, which is root for a process that is not dumpable: a set-uid program).
    private static func users(of pid: Int32) -> [UInt32]? {
        guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/status") else { return nil }
        let line = String(decoding: data, as: UTF8.self).split(separator: "\n").first { $0.hasPrefix("Uid:") }
        let ids = line?.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().prefix(2).compactMap { UInt32($0) }
        return ids?.count == 2 ? ids : nil
    }

    /// Whether `pid` has more than its main thread: a `Z` process with live threads is not dead,
    /// only its main thread is (`pthread_exit` in `main`), and it must not hide from a sweep.
    static func hasLiveThreads(_ pid: Int32) -> Bool {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task"))?.count ?? 0) > 1
    }

    /// The name, state, parent and process group from one `/proc/PID/stat` line. The name may
    /// itself hold spaces and parentheses, so the fields are read after its last `)`.
    static func parseParent(_ text: String) -> ProcStat? {
        guard let open = text.firstIndex(of: "("), let close = text.lastIndex(of: ")"), open < close else { return nil }
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count >= 3, let state = fields[0].first, let parent = Int32(fields[1]), let group = Int32(fields[2]) else {
            return nil
        }
        return (String(text[text.index(after: open)..<close]), state, parent, group)
    }

    // MARK: - /proc (Linux)

    /// The fields of `/proc/PID/stat` that the table reads: `pid (name) state ppid pgrp ...`.
    typealias ProcStat = (name: String, state: Character, parent: Int32, group: Int32)

    /// Every process in `/proc` that `matches`, with its stat, at most ``maximumMembers`` of them,
    /// sorted by pid; `nil` when `/proc` cannot be listed. A process that exits while the table is
    /// read is skipped.
    private static func procStats(where matches: (Int32, ProcStat) -> Bool) -> [(pid: Int32, stat: ProcStat)]? {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return nil }
        var found: [(pid: Int32, stat: ProcStat)] = []
        for entry in entries {
            guard let pid = Int32(entry), let data = FileManager.default.contents(atPath: "/proc/\(pid)/stat"),
                let stat = parseParent(String(decoding: data, as: UTF8.self)), matches(pid, stat)
            else { continue }
            found.append((pid, stat))
            if found.count >= maximumMembers { break }
        }
        return found.sorted { $0.pid < $1.pid }
    }

    private static func procMembers(ofGroup group: Int32) -> [LeftoverProcess]? {
        procStats(where: { $1.group == group })?.map { LeftoverProcess(pid: $0.pid, command: commandLine($0.pid) ?? "[\($0.stat.name)]") }
    }

    /// The arguments from `/proc/PID/cmdline` joined by spaces, or `nil` when empty or unreadable.
    /// A process whose main thread exited shows an empty one there; a live thread's copy is read.
    private static func commandLine(_ pid: Int32) -> String? {
        if let line = commandLine(at: "/proc/\(pid)/cmdline") { return line }
        let threads = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        for thread in threads.prefix(8) where thread != String(pid) {
            if let line = commandLine(at: "/proc/\(pid)/task/\(thread)/cmdline") { return line }
        }
        return nil
    }

    /// The arguments in one `cmdline` file joined by spaces, or `nil` when empty or unreadable.
    private static func commandLine(at path: String) -> String? {
        guard let data = FileManager.default.contents(atPath: path), !data.isEmpty else { return nil }
        let arguments = data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
        let line = arguments.joined(separator: " ")
        return line.isEmpty ? nil : String(line.prefix(512))
    }

    // MARK: - libproc (Darwin)

    /// Asks libproc for the group's pids, growing the buffer while the group grows, then names
    /// each by its executable path (`proc_pidpath`); a pid whose path cannot be read is `[pid N]`.
    private static func libprocMembers(ofGroup group: Int32) -> [LeftoverProcess]? {
        libprocPIDs(ofGroup: group)?.map { pid in
            LeftoverProcess(pid: pid, command: executablePath(pid) ?? "[pid \(pid)]")
        }
    }

    /// The group's pids from libproc, sorted; `nil` when libproc failed.
    private static func libprocPIDs(ofGroup group: Int32) -> [Int32]? {
        libprocPIDs(listing: { cps_group_members(group, $0, $1) })
    }

    /// The pids a libproc listing gives, sorted; `nil` when libproc failed.
    private static func libprocPIDs(listing: (UnsafeMutablePointer<Int32>?, Int32) -> Int32) -> [Int32]? {
        var capacity = 64
        while true {
            var buffer = [Int32](repeating: 0, count: capacity)
            let returned = buffer.withUnsafeMutableBufferPointer { listing($0.baseAddress, Int32(capacity)) }
            guard let reported = listedPIDs(returned: returned, error: errno) else { return nil }
            if reported < capacity || capacity >= maximumMembers {
                // The kernel pads the list with zeros; a pid is listed once.
                return Set(buffer.prefix(min(reported, capacity)).filter { $0 > 0 }).sorted()
            }
            capacity = min(capacity * 4, maximumMembers)
        }
    }

    /// How many pids a `proc_listpids` call listed, from what it returned (bytes) and `errno` as
    /// it was right after the call (cleared before it by the shim): `nil` when the call failed.
    ///
    /// libproc's wrapper returns 0, never -1, on failure (XNU
    /// `libsyscall/wrappers/libproc/libproc.c`), so 0 is an empty list only while `errno` is 0.
    static func listedPIDs(returned: Int32, error: Int32) -> Int? {
        if returned < 0 || (returned == 0 && error != 0) {
            return nil
        }
        return Int(returned) / MemoryLayout<Int32>.size
    }

    // MARK: - Zombies

    /// The group's members with whether each is a zombie (an ended process not yet reaped),
    /// sorted by pid; `nil` where the platform cannot list them. A member that is gone by the time
    /// it is looked at is left out.
    static func memberStates(ofGroup group: Int32, source: Platform.ProcessTableSource = Platform.current.processTable)
        -> [GroupOccupancy.Member]?
    {
        switch source {
        case .procfs:
            return procStats(where: { $1.group == group })?.map { entry in
                GroupOccupancy.Member(pid: entry.pid, zombie: entry.stat.state == "Z" && !hasLiveThreads(entry.pid))
            }
        case .libproc:
            guard let pids = libprocPIDs(ofGroup: group) else { return nil }
            var members: [GroupOccupancy.Member] = []
            var vanished: [Int32] = []
            for pid in pids {
                switch cps_process_is_zombie(pid) {
                case 1: members.append(GroupOccupancy.Member(pid: pid, zombie: true))
                case 0: members.append(GroupOccupancy.Member(pid: pid, zombie: false))
                default:
                    // ESRCH: gone since it was listed, or still being created (proc_find refuses a
                    // process in fork); anything else (EPERM: another user's) cannot be told.
                    guard errno == ESRCH else { return nil }
                    vanished.append(pid)
                }
            }
            // Gone only if a second listing agrees; a pid listed again is unknown, so occupied.
            if !vanished.isEmpty {
                guard let again = libprocPIDs(ofGroup: group), Set(again).isDisjoint(with: vanished) else { return nil }
            }
            return members
        case .none:
            return nil
        }
    }

    private static func executablePath(_ pid: Int32) -> String? {
        // PROC_PIDPATHINFO_MAXSIZE is 4 × MAXPATHLEN (1024).
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = Int32(buffer.count)
        let length = buffer.withUnsafeMutableBufferPointer { cps_process_path(pid, $0.baseAddress, count) }
        guard length > 0 else { return nil }
        let bytes = buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }
        let path = String(decoding: bytes, as: UTF8.self)
        return path.isEmpty ? nil : String(path.prefix(512))
    }
}
