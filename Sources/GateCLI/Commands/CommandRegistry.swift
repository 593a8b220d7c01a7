//===----------------------------------------------------------------------===//
// CommandRegistry.swift: the command tree, the one list of every command.
//===----------------------------------------------------------------------===//

/// The command tree. Adding a command is one file in `Commands/` and one line here.
///
/// Computed rather than stored, so there is no global state; building it is cheap.
package enum CommandRegistry {
    /// The tool itself, with every command and group below it.
    package static var root: CommandGroup {
        CommandGroup(
            name: CommandPath.programName,
            abstract: "A CI acceptance gate for iOS and Swift teams.",
            discussion: "Decides whether a change may merge: it runs the acceptance suites, checks the "
                + "redirect and binary-frame boundaries, and reports with a clear exit code "
                + "(0 accepted, 1 rejected, 2 usage or configuration error, 3 infrastructure, "
                + "130 or 143 interrupted).",
            children: [
                .command(RunCommand.self),
                .command(ConfigCommand.self),
                .command(InitCommand.self),
                .group(frames),
                .group(redirect),
                .command(FixtureCommand.self),
                .command(StampCommand.self),
                .command(ScanCommand.self),
                .group(report),
                .command(KeygenCommand.self),
                .command(SignCommand.self),
                .command(VerifyCommand.self),
                .command(MergeCommand.self),
                .command(PlanCommand.self),
                .command(CompletionCommand.self),
                .command(HelpCommand.self),
            ])
    }

    /// `frames`: the binary frame format.
    package static var frames: CommandGroup {
        CommandGroup(
            name: "frames",
            abstract: "Decode and split binary frames.",
            discussion: "A frame is one version byte (1), a 4-byte big-endian payload length of at most "
                + "the limit (1 MiB by default), then exactly that many payload bytes. These commands "
                + "run the library's decoder and stream framer over standard input.",
            children: [
                .command(FramesDecodeCommand.self),
                .command(FramesSplitCommand.self),
                .command(FramesCheckCommand.self),
                .command(FramesVectorsCommand.self),
            ])
    }

    /// `redirect`: the redirect boundary.
    package static var redirect: CommandGroup {
        CommandGroup(
            name: "redirect",
            abstract: "Decide redirects with the same-origin policy.",
            discussion: "A redirect is followed only to the origin (scheme, host and port) of the first "
                + "request or to an explicitly allowed origin. These commands run the RedirectGate policy "
                + "that the acceptance suites use.",
            children: [
                .command(RedirectDecideCommand.self)
            ])
    }

    /// `report`: the stored acceptance report.
    package static var report: CommandGroup {
        CommandGroup(
            name: "report",
            abstract: "Work with a stored acceptance report.",
            discussion: "An archived report.json holds everything a run found; these commands turn it back "
                + "into the files people and CI read.",
            children: [
                .command(ReportRenderCommand.self)
            ])
    }
}
