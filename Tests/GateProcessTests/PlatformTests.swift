// PlatformTests.swift
//
// The platform facts themselves, for Linux, Darwin and a portable build, checked anywhere.

import Foundation
import Testing

@testable import GateProcess

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("Platform")
struct PlatformTests {
    static let all: [Platform] = [.linux, .darwin, .portable]

    @Test("SIGTERM, SIGPIPE, SIGINT and SIGHUP are in the reset set", arguments: all)
    func theSignalsWeIgnoreAreReset(platform: Platform) {
        let numbers = platform.signals
        for signal in [numbers.terminate, numbers.pipe, numbers.interrupt, numbers.hangup] {
            #expect(platform.resetSignals.contains(signal), "\(platform.name): signal \(signal)")
        }
    }

    @Test("every signal the platform has is reset, not a range up to SIGSYS", arguments: all)
    func everySignalIsReset(platform: Platform) {
        let numbers = platform.signals
        let expected = Set(1..<numbers.count).subtracting(numbers.reserved)
        #expect(platform.resetSignals == expected)
        #expect(platform.resetSignals.contains(numbers.count - 1), "the highest signal is reset too")
    }

    @Test func onDarwinSIGSYSComesBeforeSIGPIPEAndSIGTERM() {
        // The bug this guards against: `for signal in 1...SIGSYS` resets 1…12 on a Mac.
        let darwin = SignalNumbers.darwin
        #expect(darwin.badSystemCall == 12)
        #expect(darwin.pipe == 13 && darwin.terminate == 15)
        let oldRule = Set(Int32(1)...darwin.badSystemCall)
        #expect(!oldRule.contains(darwin.pipe) && !oldRule.contains(darwin.terminate))
        #expect(Platform.darwin.resetSignals.isSuperset(of: [13, 15, 20, 30, 31]))
        #expect(darwin.count == 32)
    }

    @Test func linuxNumbersLeaveGlibcsReservedSignalsOut() {
        let linux = SignalNumbers.linux
        #expect(linux.badSystemCall == 31 && linux.child == 17 && linux.stop == 19)
        #expect(!Platform.linux.resetSignals.contains(32) && !Platform.linux.resetSignals.contains(33))
        #expect(Platform.linux.resetSignals.contains(34) && Platform.linux.resetSignals.contains(64))
    }

    @Test func onlyProcfsNamesTheRunningImageAndTheSpawnRunsTheFileItIsGiven() throws {
        #expect(Platform.linux.ownImage == "/proc/self/exe")
        #expect(Platform.darwin.ownImage == nil && Platform.portable.ownImage == nil)
        // argv[0] stays what the spec names (the gate's path, in messages); the file run is the other.
        var spec = ProcessSpec(arguments: ["/nonexistent/acceptance-gate", "ran", "as", "echo"])
        spec.executable = "/bin/echo"
        let result = try ProcessSupervisor.standalone.run(spec, timeout: .seconds(10))
        #expect(result.status.isSuccess && result.stdoutText == "ran as echo\n", "\(result.status) \(result.stderrText)")
    }

    @Test func theSpawnResetsWhatThisBuildsPlatformSays() {
        // The set handed to posix_spawnattr_setsigdefault, read back with sigismember.
        let reset = ChildProcess.signalsResetInChildren()
        #expect(reset.contains(SIGTERM))
        #expect(reset.contains(SIGPIPE))
        #expect(reset.contains(SIGINT))
        #expect(reset.contains(SIGHUP))
        #expect(reset.isSuperset(of: Platform.current.resetSignals.subtracting([SIGKILL, SIGSTOP])))
    }

    @Test func theNativeNumbersAreThisBuildsHeaders() {
        let native = SignalNumbers.native
        #expect(native.terminate == SIGTERM && native.pipe == SIGPIPE && native.badSystemCall == SIGSYS)
        #if os(Linux)
            #expect(native == .linux)
        #elseif canImport(Darwin)
            #expect(native == .darwin)
        #endif
    }

    @Test func linuxClosesFromThreeReadsProcAndHasASubreaper() {
        let linux = Platform.linux
        #expect(linux.closeOnExec == .closeFrom)
        #expect(linux.processTable == .procfs)
        #expect(linux.hasSubreaper)
        #expect(linux.descendants == .groupWithSubreaper)
        #expect(linux.namesGroupMembers)
    }

    @Test func darwinUsesCloexecDefaultAndLibprocAndHasNoSubreaper() {
        let darwin = Platform.darwin
        #expect(darwin.closeOnExec == .spawnDefault)
        #expect(darwin.processTable == .libproc)
        #expect(!darwin.hasSubreaper)
        #expect(darwin.descendants == .groupOnly)
        #expect(darwin.namesGroupMembers)
    }

    @Test func aPortablePlatformHasNoneOfTheExtras() {
        let portable = Platform.portable
        #expect(portable.closeOnExec == .descriptorFlags)
        #expect(portable.processTable == .none)
        #expect(!portable.hasSubreaper)
        #expect(!portable.namesGroupMembers)
        #expect(portable.descendants == .groupOnly)
    }

    @Test("the current platform is the running system's: its kernel's name, and its process table where it is read")
    func theCurrentPlatformIsTheRunningSystems() throws {
        var system = utsname()
        try #require(uname(&system) == 0)
        let kernel = withUnsafeBytes(of: &system.sysname) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        // A portable build stands for a system without the extras, whatever it runs on.
        let expected: Platform? =
            Platform.shimsBuiltPortable ? .portable : kernel == "Linux" ? .linux : kernel == "Darwin" ? .darwin : nil
        #expect(Platform.current == expected, "kernel \(kernel), portable shims \(Platform.shimsBuiltPortable)")
        switch Platform.current.processTable {
        case .procfs: #expect(FileManager.default.fileExists(atPath: "/proc/self/stat"))
        case .libproc: #expect(kernel == "Darwin")
        case .none: #expect(Platform.current == .portable)
        }
    }

    @Test("Swift and the C shims agree on whether this is a portable build (-Xswiftc -D and -Xcc -D)")
    func swiftAndCAgree() {
        #if ACCEPTANCE_GATE_PORTABLE
            #expect(Platform.shimsBuiltPortable, "built with -Xswiftc -DACCEPTANCE_GATE_PORTABLE but not -Xcc")
        #else
            #expect(!Platform.shimsBuiltPortable, "built with -Xcc -DACCEPTANCE_GATE_PORTABLE but not -Xswiftc")
        #endif
    }

    @Test func theSubreaperIsEnabledOnlyWhereThePlatformHasOne() throws {
        try Subreaper.enable()
        #expect(Subreaper.isEnabled == Platform.current.hasSubreaper)
        #expect(ExitGuarantees.current.subreaper == Platform.current.hasSubreaper)
        #expect(ExitGuarantees.current.descendantNaming == Platform.current.namesGroupMembers)
    }

    @Test func missingGuaranteesAreSpelledOut() {
        let none = ExitGuarantees(subreaper: false, descendantNaming: false, groupEmptinessChecked: false)
        #expect(none.missing.count == 3)
        #expect(none.description.contains("no subreaper"))
        #expect(none.description.contains("cannot be named"))
        let all = ExitGuarantees(subreaper: true, descendantNaming: true, groupEmptinessChecked: true)
        #expect(all.missing.isEmpty)
    }

    @Test("without a subreaper the escape sweep looks for nothing, and the guarantees and the run say so")
    func theEscapeSweepIsReportedWhereItCannotRun() throws {
        try Subreaper.enable()
        // Darwin's values, on any platform: no subreaper, so no sweep; the report's missing
        // guarantees name the processes that were not searched for.
        #expect(!Platform.darwin.hasSubreaper)
        let darwin = Platform.darwin.baseGuarantees
        #expect(darwin.missing.contains(ExitGuarantees.noSubreaper))
        #expect(ExitGuarantees.noSubreaper.contains("setsid") && ExitGuarantees.noSubreaper.contains("not searched for"))
        // This build: the sweep is available exactly where the subreaper is, and a sweep where it
        // is not says it did not search (the run then prints DescendantSweep.unavailableNotice).
        #expect(DescendantSweep.isAvailable == Platform.current.hasSubreaper)
        if !DescendantSweep.isAvailable {
            #expect(!DescendantSweep.sweep().searched)
        }
    }
}
