//===----------------------------------------------------------------------===//
// KeygenCommandTests.swift: `acceptance-gate keygen --out PREFIX`.
//===----------------------------------------------------------------------===//

import Foundation
import GateCLI
import GateSigning
import GateTestSupport
import Testing

@Suite("keygen")
struct KeygenCommandTests {
    /// A fresh folder under the temporary directory; removed by the caller.
    static func scratch() throws -> String {
        try ScratchFolder("keygencmd").path
    }

    /// The permission bits of `path`.
    static func mode(_ path: String) -> Int {
        var info = stat()
        guard stat(path, &info) == 0 else { return -1 }
        return Int(info.st_mode) & 0o7777
    }

    @Test("writes a 0600 PKCS#8 key and its public key, prints both paths and the keyid")
    func writes() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let prefix = folder + "/gate"
        let run = GateRun.run(["keygen", "--out", prefix])
        #expect(run.exitCode == .success)
        #expect(run.stderr.isEmpty)
        #expect(Self.mode(prefix + ".key") == 0o600)
        let key = try SigningKey.load(pemFile: prefix + ".key")
        let publicKey = try PublicKey.load(pemFile: prefix + ".pub")
        #expect(key.publicKey == publicKey)
        #expect(try String(contentsOfFile: prefix + ".key", encoding: .utf8).hasPrefix("-----BEGIN PRIVATE KEY-----\n"))
        #expect(try String(contentsOfFile: prefix + ".pub", encoding: .utf8).hasPrefix("-----BEGIN PUBLIC KEY-----\n"))
        #expect(run.lines == ["private key  \(prefix).key", "public key   \(prefix).pub", "keyid        \(publicKey.keyID)"])
    }

    @Test("refuses to overwrite: exit 1, one line, the old key untouched")
    func refusesOverwrite() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let prefix = folder + "/gate"
        #expect(GateRun.run(["keygen", "--out", prefix]).exitCode == .success)
        let before = try Data(contentsOf: URL(fileURLWithPath: prefix + ".key"))
        let again = GateRun.run(["keygen", "--out", prefix])
        #expect(again.exitCode == .failure)
        #expect(again.stdout.isEmpty)
        #expect(again.stderr == "acceptance-gate: refusing to overwrite '\(prefix).key'; remove it or choose another --out\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: prefix + ".key")) == before)
    }

    @Test("usage errors are exit 2; an unwritable folder is exit 3")
    func errors() throws {
        let missing = GateRun.run(["keygen"])
        #expect(missing.exitCode == .usage)
        #expect(missing.stderr.contains("missing required option '--out'"))
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let unwritable = GateRun.run(["keygen", "--out", folder + "/no/such/dir/gate"])
        #expect(unwritable.exitCode == .infrastructure)
        #expect(unwritable.stderr.contains("cannot write '\(folder)/no/such/dir/gate.key'"))
    }
}
