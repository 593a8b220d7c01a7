//===----------------------------------------------------------------------===//
// SafeFileTests.swift: regular files only, no link followed, nothing waited on.
//===----------------------------------------------------------------------===//

import Dispatch
import Foundation
import GateCore
import GateTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("SafeFile")
struct SafeFileTests {
    /// A fresh folder for one test, removed afterwards.
    private func withFolder(_ body: (String) throws -> Void) throws {
        try ScratchFolder.with("safe-file") { folder in try body(folder.path) }
    }

    private func write(_ text: String, to path: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    @Test("a regular file opens and reads whole, with its size and permission bits")
    func regular() throws {
        try withFolder { folder in
            let path = folder + "/a.log"
            try write("hello\n", to: path)
            chmod(path, 0o640)
            let file = try SafeFile(path: path)
            #expect(file.size == 6)
            #expect(file.permissions == 0o640)
            #expect(try file.readAll(limit: 100) == Array("hello\n".utf8))
            #expect(try SafeFile.contents(ofFile: path, within: folder, limit: 100) == Array("hello\n".utf8))
            let flags = fcntl(file.descriptor, F_GETFL)
            #expect(flags & O_NONBLOCK == 0, "O_NONBLOCK is cleared once it is known to be a regular file")
            #expect(fcntl(file.descriptor, F_GETFD) & FD_CLOEXEC != 0)
            file.close()
            #expect(file.descriptor == -1)
        }
    }

    @Test("a FIFO is refused at once, never waited on")
    func fifo() throws {
        try withFolder { folder in
            let path = folder + "/pipe.log"
            #expect(mkfifo(path, 0o600) == 0)
            let started = ContinuousClock.now
            let outcome = withinDeadline(1, unblock: { releaseFIFO(path) }) { () -> SafeFileError? in
                do throws(SafeFileError) {
                    _ = try SafeFile.contents(ofFile: path, limit: 100)
                    return nil
                } catch {
                    return error
                }
            }
            #expect(ContinuousClock.now - started < .seconds(1))
            #expect(outcome == .some(.some(SafeFileError.notRegular(path: path, kind: .fifo))))
            #expect(SafeFileError.notRegular(path: path, kind: .fifo).description.contains("'\(path)': it is a FIFO (named pipe)"))
        }
    }

    @Test("/dev/zero and the other endless devices are refused as character devices within a second")
    func devices() throws {
        // Only the ones that really are devices here (some sandboxes make /dev/null a plain file).
        let devices = ["/dev/zero", "/dev/urandom", "/dev/full", "/dev/null"].filter { path in
            var info = stat()
            return stat(path, &info) == 0 && FileKind(mode: info.st_mode) == .characterDevice
        }
        #expect(devices.contains("/dev/zero"))
        for device in devices {
            let outcome = withinDeadline(1) { () -> SafeFileError? in
                do throws(SafeFileError) {
                    _ = try SafeFile.contents(ofFile: device, limit: 1 << 20)
                    return nil
                } catch {
                    return error
                }
            }
            #expect(outcome == .some(.some(SafeFileError.notRegular(path: device, kind: .characterDevice))))
        }
    }

    @Test("a directory, a socket and a missing path are refused by kind")
    func otherKinds() throws {
        try withFolder { folder in
            #expect(throws: SafeFileError.notRegular(path: folder, kind: .directory)) { try SafeFile(path: folder) }
            #expect(throws: SafeFileError.missing(path: folder + "/none")) { try SafeFile(path: folder + "/none") }
            #expect(throws: SafeFileError.missing(path: folder + "/none/x")) { try SafeFile(path: folder + "/none/x", within: folder) }

            let socketPath = folder + "/s.sock"
            #if canImport(Glibc)
                let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            #else
                let fd = socket(AF_UNIX, SOCK_STREAM, 0)
            #endif
            defer { close(fd) }
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            let capacity = MemoryLayout.size(ofValue: address.sun_path)
            withUnsafeMutableBytes(of: &address.sun_path) { raw in
                for (index, byte) in socketPath.utf8.prefix(capacity - 1).enumerated() { raw[index] = byte }
            }
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
            #expect(bound == 0)
            #expect(throws: SafeFileError.notRegular(path: socketPath, kind: .socket)) { try SafeFile(path: socketPath) }
        }
    }

    @Test("a symbolic link is refused, never followed, even to a regular file or a dangling target")
    func symlinks() throws {
        try withFolder { folder in
            try write("inside", to: folder + "/real.log")
            symlink(folder + "/real.log", folder + "/link.log")
            symlink("/etc/passwd", folder + "/shadow.log")
            symlink(folder + "/gone", folder + "/dangling.log")
            for name in ["link.log", "shadow.log", "dangling.log"] {
                let path = folder + "/" + name
                #expect(throws: SafeFileError.notRegular(path: path, kind: .symbolicLink)) { try SafeFile(path: path) }
                #expect(throws: SafeFileError.notRegular(path: path, kind: .symbolicLink)) { try SafeFile(path: path, within: folder) }
            }
        }
    }

    @Test("within: a linked folder that leads outside is refused with the real location; one that stays inside is fine")
    func containment() throws {
        try withFolder { folder in
            let out = folder + "/out"
            try FileManager.default.createDirectory(atPath: out + "/logs/real", withIntermediateDirectories: true)
            try write("secret", to: folder + "/outside.txt")
            try write("ok", to: out + "/logs/real/a.log")
            symlink(folder, out + "/logs/up")
            symlink(out + "/logs/real", out + "/logs/alias")

            let escaping = out + "/logs/up/outside.txt"
            let resolvedFolder = try #require(
                realpath(folder, nil).map { pointer in
                    defer { free(pointer) }
                    return String(cString: pointer)
                })
            #expect(throws: SafeFileError.outsideFolder(path: escaping, folder: out, resolved: resolvedFolder + "/outside.txt")) {
                try SafeFile(path: escaping, within: out)
            }
            #expect(try SafeFile(path: escaping).size == 6, "without within:, only the last component is checked")
            let climbing = out + "/logs/../../outside.txt"
            #expect(throws: SafeFileError.self) { try SafeFile(path: climbing, within: out) }
            #expect(try SafeFile.contents(ofFile: out + "/logs/alias/a.log", within: out, limit: 10) == Array("ok".utf8))
            #expect(try SafeFile.contents(ofFile: out + "/logs/real/a.log", within: out + "/logs/alias", limit: 10) == Array("ok".utf8))
            #expect(throws: SafeFileError.self) { try SafeFile(path: out + "/logs/real/a.log", within: folder + "/elsewhere") }
            #expect(throws: SafeFileError.notRegular(path: out + "/logs/", kind: .directory)) {
                try SafeFile(path: out + "/logs/", within: out)
            }
        }
    }

    @Test("the real /etc/shadow shape: logs/shadow.log -> /etc/shadow is refused inside and outside a folder")
    func shadow() throws {
        try withFolder { folder in
            try FileManager.default.createDirectory(atPath: folder + "/logs", withIntermediateDirectories: true)
            symlink("/etc/shadow", folder + "/logs/shadow.log")
            let path = folder + "/logs/shadow.log"
            #expect(throws: SafeFileError.notRegular(path: path, kind: .symbolicLink)) { try SafeFile(path: path, within: folder) }
            symlink("/etc", folder + "/logs/etc")
            #expect(throws: SafeFileError.outsideFolder(path: folder + "/logs/etc/shadow", folder: folder, resolved: "/etc/shadow")) {
                try SafeFile(path: folder + "/logs/etc/shadow", within: folder)
            }
        }
    }

    @Test("a file over the limit is refused")
    func limit() throws {
        try withFolder { folder in
            try write(String(repeating: "x", count: 101), to: folder + "/big")
            #expect(throws: SafeFileError.tooLarge(path: folder + "/big", limit: 100)) {
                try SafeFile.contents(ofFile: folder + "/big", limit: 100)
            }
        }
    }

    @Test("every error is one sentence naming the path, and a GateFailure with its exit status")
    func messages() {
        let cases: [(SafeFileError, GateExitStatus, String)] = [
            (.missing(path: "p"), .usage, "cannot read 'p': no such file; check the path"),
            (.notRegular(path: "p", kind: .characterDevice), .usage, "cannot read 'p': it is a character device, not a regular file"),
            (.notRegular(path: "p", kind: .symbolicLink), .usage, "cannot read 'p': it is a symbolic link, which is never followed"),
            (.outsideFolder(path: "p", folder: "out", resolved: "/etc/shadow"), .usage, "its real location '/etc/shadow' is outside 'out'"),
            (.tooLarge(path: "p", limit: 5), .usage, "cannot read 'p': it is larger than 5 bytes"),
            (.systemCallFailed(path: "p", call: "open", errno: EACCES), .infrastructure, "cannot read 'p': open failed: Permission denied"),
        ]
        for (error, status, text) in cases {
            #expect(error.exitStatus == status)
            #expect(error.description.contains(text), "\(error.description)")
            #expect(!error.description.contains("\n"))
            #expect(error.path == "p")
        }
    }
}
