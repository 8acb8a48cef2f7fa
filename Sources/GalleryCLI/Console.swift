import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where the command line writes: stdout for help, version and the summary line; stderr for
/// diagnostics and progress. Tests pass closures that capture the text.
struct Console: Sendable {
    /// Writes text to standard output as is (no newline added).
    var writeOutput: @Sendable (String) -> Void
    /// Writes text to standard error as is (no newline added). Called from any thread.
    var writeError: @Sendable (String) -> Void
    /// True when standard error is a terminal: progress is redrawn in place and colour is allowed.
    var errorIsTerminal: Bool

    /// Creates a console from two writers.
    init(
        writeOutput: @escaping @Sendable (String) -> Void, writeError: @escaping @Sendable (String) -> Void,
        errorIsTerminal: Bool
    ) {
        self.writeOutput = writeOutput
        self.writeError = writeError
        self.errorIsTerminal = errorIsTerminal
    }

    /// The process's own stdout and stderr.
    static var standard: Console {
        Console(
            writeOutput: { FileHandle.standardOutput.write(Data($0.utf8)) },
            writeError: { FileHandle.standardError.write(Data($0.utf8)) },
            errorIsTerminal: isatty(STDERR_FILENO) == 1)
    }
}
