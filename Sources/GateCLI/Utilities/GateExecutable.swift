//===----------------------------------------------------------------------===//
// GateExecutable.swift: the path of the running acceptance-gate binary.
//===----------------------------------------------------------------------===//

import Foundation

/// The running executable's path, for starting the built-in fixture as a child (`acceptance-gate
/// fixture`) in its own process group.
enum GateExecutable {
    /// `/proc/self/exe` resolved on Linux; elsewhere the first argument made absolute.
    static var path: String {
        #if os(Linux)
            if let resolved = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
                return resolved
            }
        #endif
        let first = CommandLine.arguments.first ?? "acceptance-gate"
        if first.hasPrefix("/") { return first }
        if first.contains("/") { return FileManager.default.currentDirectoryPath + "/" + first }
        return Bundle.main.executablePath ?? first
    }
}
