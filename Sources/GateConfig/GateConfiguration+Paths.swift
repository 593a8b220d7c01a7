//===----------------------------------------------------------------------===//
// GateConfiguration+Paths.swift: every path setting, made absolute in one pass.
//===----------------------------------------------------------------------===//

extension GateConfiguration {
    /// The configuration with every path setting (report.dir, report.templates, signing.keyFile,
    /// scan.paths, suites[].workingDirectory, suites[].results.xcresult) absolute against `resolver`.
    package func resolvingPaths(_ resolver: PathResolver) -> GateConfiguration {
        var resolved = self
        resolved.report.dir = resolver.absolute(report.dir)
        resolved.report.templates = report.templates.map(resolver.absolute)
        resolved.signing.keyFile = signing.keyFile.map(resolver.absolute)
        resolved.scan.paths = scan.paths.map(resolver.absolute)
        for index in resolved.suites.indices {
            resolved.suites[index].workingDirectory = suites[index].workingDirectory.map(resolver.absolute)
            resolved.suites[index].xcresult = suites[index].xcresult.map(resolver.absolute)
        }
        return resolved
    }
}
