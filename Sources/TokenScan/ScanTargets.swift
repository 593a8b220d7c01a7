//===----------------------------------------------------------------------===//
// ScanTargets.swift: the files under a folder, for the scan command.
//===----------------------------------------------------------------------===//

import GateCore

/// Lists the regular files under a folder: recursive, sorted, skipping `.git` and `.build`
/// folders, never following symbolic links (so a link loop cannot trap the walk).
package enum ScanTargets {
    /// Folder names never entered.
    package static let skippedFolders: Set<String> = [".git", ".build"]

    /// What a path is, read without following a final symbolic link.
    package enum Kind: Equatable, Sendable {
        /// A regular file.
        case file
        /// A folder.
        case folder
        /// Anything else (link, device, socket, FIFO).
        case other
        /// Nothing there, or not readable.
        case missing
    }

    /// The kind of `path` (`lstat`; `stat` for the top-level argument so a linked folder works).
    package static func kind(of path: String, followLink: Bool = false) -> Kind {
        var status = stat()
        let result = followLink ? stat(path, &status) : lstat(path, &status)
        guard result == 0 else { return .missing }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .folder
        default: return .other
        }
    }

    /// Every regular file under `folder` as paths that start with `folder`, sorted; folders that
    /// cannot be read are passed to `unreadable`.
    package static func files(under folder: String, unreadable: (String) -> Void = { _ in }) -> [String] {
        var found: [String] = []
        var pending = [folder]
        while let current = pending.popLast() {
            guard let directory = opendir(current) else {
                unreadable(current)
                continue
            }
            var names: [String] = []
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                }
                if name != ".", name != "..", !name.isEmpty { names.append(name) }
            }
            closedir(directory)
            let prefix = current.hasSuffix("/") ? current : current + "/"
            for name in names.sorted() {
                let path = prefix + name
                switch kind(of: path) {
                case .file: found.append(path)
                case .folder where !skippedFolders.contains(name): pending.append(path)
                default: break
                }
            }
        }
        return found.sorted()
    }
}
