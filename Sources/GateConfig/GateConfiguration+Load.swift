//===----------------------------------------------------------------------===//
// GateConfiguration+Load.swift: finding and reading the configuration file.
//===----------------------------------------------------------------------===//

import Foundation

extension GateConfiguration {
    /// The file name looked for at the repository root.
    package static let fileName = "acceptance-gate.json"
    /// How ``LoadedConfiguration/source`` names the embedded default.
    package static let embeddedSource = "embedded default"
    /// The largest configuration file read.
    static let maximumFileSize = 1 << 20

    /// Loads the configuration: `path` (from `--config FILE`) when given; else
    /// `<repositoryRoot>/acceptance-gate.json` when it exists; else ``embeddedDefault``. Its paths
    /// are made absolute against `repositoryRoot` (see ``LoadedConfiguration``).
    ///
    /// - Throws: ``ConfigurationError/unreadable(path:reason:)`` when the file cannot be read,
    ///   or any parse error of ``parse(_:file:)``.
    package static func load(path: String?, repositoryRoot: String?) throws(ConfigurationError) -> LoadedConfiguration {
        var candidate = path
        if candidate == nil, let root = repositoryRoot {
            let inRoot = PathResolver(base: root).absolute(fileName)
            if FileManager.default.fileExists(atPath: inRoot) { candidate = inRoot }
        }
        guard let file = candidate else {
            return LoadedConfiguration(
                configuration: embeddedDefault, source: embeddedSource, path: nil,
                root: repositoryRoot ?? FileManager.default.currentDirectoryPath, bytes: Array(embeddedDefaultJSON.utf8))
        }
        let bytes = try read(file)
        let configuration = try parse(bytes, file: file)
        // Without a repository (`config --check FILE`) the file's own folder stands in for the root.
        let root = repositoryRoot ?? (PathResolver.currentDirectory.absolute(file) as NSString).deletingLastPathComponent
        return LoadedConfiguration(configuration: configuration, source: file, path: file, root: root, bytes: bytes)
    }

    /// The bytes of `path`, at most ``maximumFileSize``.
    static func read(_ path: String) throws(ConfigurationError) -> [UInt8] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .unreadable(path: path, reason: "no such file; pass an existing file to --config or create \(fileName)")
        }
        guard !isDirectory.boolValue else {
            throw .unreadable(path: path, reason: "it is a folder; pass the JSON file itself")
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw .unreadable(path: path, reason: "permission denied or not a regular file")
        }
        defer { try? handle.close() }
        let data: Data?
        do {
            data = try handle.read(upToCount: maximumFileSize + 1)
        } catch {
            throw .unreadable(path: path, reason: "read failed (\(error.localizedDescription))")
        }
        let bytes = [UInt8](data ?? Data())
        guard bytes.count <= maximumFileSize else {
            throw .unreadable(path: path, reason: "larger than 1 MiB; a configuration is a few kilobytes")
        }
        return bytes
    }
}
