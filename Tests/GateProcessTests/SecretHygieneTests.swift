// SecretHygieneTests.swift
//
// A scrubbed variable's bytes are overwritten where getenv pointed, not only unset.

import Foundation
import GateProcess
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("SecretHygiene")
struct SecretHygieneTests {
    @Test func scrubOverwritesTheValueInPlaceAndUnsetsIt() throws {
        let name = "ACCEPTANCE_GATE_TEST_SECRET_\(UInt32.random(in: 0...UInt32.max))"
        let value = "not-a-real-secret-" + String(UInt64.random(in: 0...UInt64.max), radix: 16)
        #expect(setenv(name, value, 1) == 0)
        let pointer = try #require(getenv(name))
        let length = strlen(pointer)
        #expect(SecretHygiene.scrub([name, "ACCEPTANCE_GATE_UNSET_\(getpid())"]) == [name])
        #expect(getenv(name) == nil)
        // The memory another process would read now holds spaces where the value was.
        let bytes = UnsafeRawBufferPointer(start: UnsafeRawPointer(pointer), count: length)
        #expect(bytes.allSatisfy { $0 == 0x20 })
        #expect(length == value.utf8.count)
    }
}
