import Dispatch
import Foundation
import GateCore
import GateDigest
import GateTestSupport
import Testing

@Suite struct SHA256Tests {
    @Test func matchesTheFIPS180Examples() {
        #expect(SHA256.hash([UInt8]()).hex == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hash(Array("abc".utf8)).hex == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        let twoBlocks = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"
        #expect(SHA256.hash(Array(twoBlocks.utf8)).hex == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    @Test func incrementalUpdatesEqualOneShot() {
        var hasher = SHA256()
        for _ in 0..<1000 { hasher.update([UInt8](repeating: UInt8(ascii: "a"), count: 1000)) }
        #expect(hasher.finalize().hex == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func hashesAFileInChunksWithItsSize() throws {
        let scratch = try ScratchFolder("gate-digest")
        defer { scratch.remove() }
        let path = scratch.file("file.bin")
        let bytes = (0..<200_000).map { (index: Int) in UInt8(truncatingIfNeeded: index &* 31) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let result = try SHA256.hash(fileAtPath: path)
        #expect(result.size == 200_000)
        #expect(result.digest == SHA256.hash(bytes))
    }

    @Test func aMissingFileIsAClearError() {
        #expect(throws: GateDigestError.self) { try SHA256.hash(fileAtPath: "/nonexistent/gate-digest") }
        do {
            _ = try SHA256.hash(fileAtPath: "/nonexistent/gate-digest")
        } catch {
            #expect(error.description.contains("'/nonexistent/gate-digest'"))
        }
    }

    @Test func aFIFOOrALinkIsRefusedAtOnceNeverWaitedOnOrFollowed() throws {
        let scratch = try ScratchFolder("gate-digest")
        defer { scratch.remove() }
        let folder = scratch.path
        let fifo = folder + "/pipe.log"
        #expect(mkfifo(fifo, 0o600) == 0)
        // On a thread with a deadline: a hashing that waited on the FIFO shows up as a timeout,
        // and opening the FIFO's other end then lets the thread finish.
        let outcome = Locked<GateDigestError?>(nil)
        let done = DispatchSemaphore(value: 0)
        Thread {
            do throws(GateDigestError) {
                _ = try SHA256.hash(fileAtPath: fifo)
            } catch {
                outcome.set(error)
            }
            done.signal()
        }.start()
        let answered = done.wait(timeout: .now() + 1) == .success
        if !answered {
            let writer = open(fifo, O_WRONLY | O_NONBLOCK)
            _ = done.wait(timeout: .now() + 5)
            close(writer)
        }
        #expect(answered, "returned within a second")
        #expect(outcome.get() == .unreadable(.notRegular(path: fifo, kind: .fifo)))

        symlink("/etc/passwd", folder + "/passwd.log")
        #expect(throws: GateDigestError.unreadable(.notRegular(path: folder + "/passwd.log", kind: .symbolicLink))) {
            try SHA256.hash(fileAtPath: folder + "/passwd.log", within: folder)
        }
        #expect(GateDigestError.unreadable(.missing(path: "x")).exitStatus == .usage)
    }

    @Test func digestHexRoundTripsAndRejectsGarbage() {
        let digest = SHA256.hash(Array("abc".utf8))
        #expect(SHA256Digest(hex: digest.hex) == digest)
        #expect(SHA256Digest(hex: digest.hex.uppercased()) == digest)
        #expect(SHA256Digest(hex: "zz" + digest.hex.dropFirst(2)) == nil)
        #expect(SHA256Digest(hex: digest.hex.dropLast()) == nil)
    }
}

/// A value shared between the test and its worker thread.
private final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func set(_ newValue: Value) {
        lock.lock()
        value = newValue
        lock.unlock()
    }

    func get() -> Value {
        lock.lock()
        defer { lock.unlock() }
        return value
    }
}
