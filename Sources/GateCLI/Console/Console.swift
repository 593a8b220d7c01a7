//===----------------------------------------------------------------------===//
// Console.swift: the streams a command reads and writes, injected.
//===----------------------------------------------------------------------===//

/// The three standard streams, passed into ``GateCLI/run(arguments:environment:console:)`` so
/// nothing writes to a global: the tool gives it the real descriptors, tests give it memory.
///
/// Standard output is buffered (``BufferedOutput``); standard error is written a whole line at a
/// time, unbuffered, after standard output has been flushed, so the two interleave in order.
package struct Console {
    /// Standard input.
    package let input: any ByteReader
    /// Standard output, buffered.
    package let output: BufferedOutput
    /// Standard error, unbuffered.
    package let errorOutput: any ByteWriter

    /// Creates a console from its three streams.
    ///
    /// - Parameters:
    ///   - input: standard input.
    ///   - output: standard output; a ``BufferedOutput`` of `outputCapacity` bytes is put in front.
    ///   - errorOutput: standard error.
    ///   - outputCapacity: the size of standard output's buffer.
    package init(
        input: any ByteReader, output: any ByteWriter, errorOutput: any ByteWriter,
        outputCapacity: Int = BufferedOutput.defaultCapacity
    ) {
        self.input = input
        self.output = BufferedOutput(writer: output, capacity: outputCapacity)
        self.errorOutput = errorOutput
    }

    /// The process's own standard input, output and error (descriptors 0, 1 and 2).
    package static func standard() -> Console {
        Console(
            input: FileDescriptorReader(fileDescriptor: 0, streamName: "standard input"),
            output: FileDescriptorWriter(fileDescriptor: 1, streamName: "standard output"),
            errorOutput: FileDescriptorWriter(fileDescriptor: 2, streamName: "standard error"))
    }

    /// Flushes standard output, then writes `line` and a newline to standard error.
    ///
    /// Failures are ignored: standard error is the last place left to report them.
    package func writeErrorLine(_ line: String) {
        try? output.flush()
        var text = line + "\n"
        text.withUTF8 { bytes in
            try? errorOutput.write(UnsafeRawBufferPointer(bytes))
        }
    }

    /// Writes one problem the command found to standard error, as the tool's own line
    /// (`acceptance-gate: <text>`, made printable). For problems reported on the way to an answer;
    /// an error that ends the command is thrown instead, and ``CommandLineError/diagnostic`` words it.
    package func writeProblem(_ text: String) {
        writeErrorLine(Diagnostic.line(text))
    }
}
