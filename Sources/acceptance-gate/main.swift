// main.swift: the acceptance-gate executable; everything lives in GateCLI.
import Foundation
import GateCLI

let code = GateCLI.run(
    arguments: Array(CommandLine.arguments.dropFirst()),
    environment: ProcessInfo.processInfo.environment, console: Console.standard())
exit(code.rawValue)
