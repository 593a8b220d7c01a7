// main.swift: the acceptance-gate executable; everything lives in GateCLI.
import Foundation
import GateCLI
import SuiteDomain

// A suite's domain is entered before anything else runs here: entering it forks, which wants one thread.
if let code = SuiteDomainEntry.enterIfRequested(CommandLine.arguments) { exit(code) }

let code = GateCLI.run(
    arguments: Array(CommandLine.arguments.dropFirst()),
    environment: ProcessInfo.processInfo.environment, console: Console.standard())
exit(code.rawValue)
