//===----------------------------------------------------------------------===//
// ReportSubject.swift: what a problem is about.
//===----------------------------------------------------------------------===//

/// What a ``ReportProblem`` is about: a suite, a test (with its suite and module), a file and line,
/// a listener, a stage. Outside tools read it to place the problem (a JUnit test case, an
/// annotation on a file); people read the problem's sentence.
package struct ReportSubject: Codable, Equatable, Hashable, Sendable {
    /// What kind of thing it is.
    package var type: ReportSubjectType
    /// Its name: the suite, the test (`Class.method`), the stage, the listener, the file's path.
    package var name: String?
    /// For a test: the suite it ran in.
    package var suite: String?
    /// For a test: its module, when the log named it.
    package var module: String?
    /// For a file or a test failure: the line, counting from 1.
    package var line: Int?

    /// Creates a subject.
    package init(type: ReportSubjectType, name: String? = nil, suite: String? = nil, module: String? = nil, line: Int? = nil) {
        self.type = type
        self.name = name
        self.suite = suite
        self.module = module
        self.line = line
    }

    /// The run as a whole.
    package static let run = ReportSubject(type: .run)
    /// The fixture process.
    package static let fixture = ReportSubject(type: .fixture)
    /// The signing key.
    package static let key = ReportSubject(type: .key)
    /// The work tree and its commit.
    package static let commit = ReportSubject(type: .commit)

    /// The stage `name`.
    package static func stage(_ name: String) -> ReportSubject { ReportSubject(type: .stage, name: name) }
    /// The suite `name`.
    package static func suite(_ name: String) -> ReportSubject { ReportSubject(type: .suite, name: name) }
    /// The test `name` of `suite`, in `module` when known.
    package static func test(_ name: String, suite: String, module: String? = nil) -> ReportSubject {
        ReportSubject(type: .test, name: name, suite: suite, module: module)
    }
    /// The listener `role` (`origin` or `foreign`).
    package static func listener(_ role: String) -> ReportSubject { ReportSubject(type: .listener, name: role) }
    /// The shard `name` of a CI matrix (or the folder that was to hold one).
    package static func shard(_ name: String) -> ReportSubject { ReportSubject(type: .shard, name: name) }
    /// The file `path`, at `line` when known.
    package static func file(_ path: String, line: Int? = nil) -> ReportSubject { ReportSubject(type: .file, name: path, line: line) }

    /// The test's name qualified by its module (`Module.Class.method`), or the name alone.
    package var qualifiedName: String? {
        guard let name else { return nil }
        return module.map { "\($0).\(name)" } ?? name
    }

    /// How a sentence about it opens: `suite 'unit'` for a suite and for a test of one; `nil`
    /// for any other subject, whose sentence names it in its own words.
    package var opening: String? {
        switch type {
        case .suite: name.map { "suite '\($0)'" }
        case .test: suite.map { "suite '\($0)'" }
        default: nil
        }
    }

    /// A short label for people and for JUnit test case names: `suite unit`, `test unit/C.t`,
    /// `file logs/unit.log:3`, `listener foreign`, `run`.
    package var label: String {
        switch type {
        case .run: return "run"
        case .test: return "test \(suite.map { "\($0)/" } ?? "")\(qualifiedName ?? "?")"
        case .file: return "file \(name ?? "?")\(line.map { ":\($0)" } ?? "")"
        default: return name.map { "\(type.rawValue) \($0)" } ?? type.rawValue
        }
    }
}
