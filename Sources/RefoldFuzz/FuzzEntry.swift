#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// libFuzzer's entry point: one input, run through every check in ``FuzzInput``.
///
/// Errors are the expected outcome for most inputs. A crash, an ASan report or a ``finding(_:)``
/// (two parts of the codec disagreeing) is what the fuzzer is looking for.
@_cdecl("LLVMFuzzerTestOneInput")
public func refoldFuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = UnsafeRawBufferPointer(start: size > 0 ? data : nil, count: size)
  FuzzInput(bytes).run()
  return 0
}

/// Stops the run with a message libFuzzer keeps next to the input that caused it.
func finding(_ message: @autoclosure () -> String, _ input: UnsafeRawBufferPointer) -> Never {
  let shown = input.count <= 512 ? String(reflecting: String(decoding: input, as: UTF8.self)) : "(\(input.count) bytes)"
  fatalError("refold-fuzz finding: \(message())\n  input: \(shown)")
}
