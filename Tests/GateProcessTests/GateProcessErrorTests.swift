// GateProcessErrorTests.swift

import GateProcess
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("GateProcessError")
struct GateProcessErrorTests {
    @Test(arguments: [
        GateProcessError.emptyCommand,
        .invalidArgument(command: "foo", detail: "an argument contains a NUL byte"),
        .executableNotFound(command: "foo"),
        .permissionDenied(command: "foo"),
        .workingDirectoryNotFound(command: "foo", path: "/x"),
        .spawnFailed(command: "foo", errno: ENOMEM),
        .systemCallFailed(command: "foo", call: "pipe", errno: EMFILE),
        .unsupported(command: "foo", feature: "posix_spawn_file_actions_addchdir_np"),
        .stillRunning(command: "foo", pid: 42),
        .subreaperUnavailable(errno: EINVAL),
    ])
    func everyDescriptionIsOneActionableSentence(_ error: GateProcessError) {
        let text = error.description
        #expect(!text.isEmpty)
        #expect(!text.contains("\n"))
        #expect(text.contains(";"), "names what happened, then what to do")
        switch error {
        case .emptyCommand, .subreaperUnavailable:
            break
        default:
            #expect(text.contains("'foo'"), "names the command")
        }
    }

    @Test func systemErrorsCarryTheCallAndTheCLibraryText() {
        let text = GateProcessError.systemCallFailed(command: "foo", call: "pipe", errno: EMFILE).description
        #expect(
            text
                == "cannot supervise 'foo': pipe failed: too many open files; check the system's limits on open files and processes"
        )
        let spawn = GateProcessError.spawnFailed(command: "foo", errno: ENOEXEC).description
        #expect(spawn.hasPrefix("cannot start 'foo': exec format error;"))
    }
}
