import Foundation

// What every fuzz target shares; the Makefile compiles this file into each
// one. libFuzzer calls `LLVMFuzzerInitialize` once, before the first input:
// it runs the target's `setUp()` and has the target's `report()` printed at
// exit. Each target file declares `enum Target: FuzzTarget`.

/// One fuzz target, as the shared start sees it.
protocol FuzzTarget {
    /// Runs once before the first input (the archive target writes its seeds
    /// here when asked to, and exits).
    static func setUp()

    /// The line printed on standard error at exit, `NAME-fuzzer: N inputs …`:
    /// `Fuzz/run.sh` reads N, so that a target that never reaches the code
    /// it fuzzes cannot pass.
    static func report() -> String
}

extension FuzzTarget {
    static func setUp() {}
}

@_cdecl("LLVMFuzzerInitialize")
public func initialize(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>
) -> Int32 {
    Target.setUp()
    atexit { FileHandle.standardError.write(Data((Target.report() + "\n").utf8)) }
    return 0
}
