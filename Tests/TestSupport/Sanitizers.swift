import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Whether this test process runs under AddressSanitizer or ThreadSanitizer (`make sanitize`):
/// their runtimes define these symbols in this process (and in the `flowc` built with it).
public let isSanitized: Bool = {
  let process = dlopen(nil, RTLD_NOW)
  let symbols: [String] = ["__asan_init", "__tsan_init"]
  return symbols.contains { symbol in dlsym(process, symbol) != nil }
}()

extension Trait where Self == ConditionTrait {
  /// For a test whose work is done by programs no sanitizer instruments: `swift build` or
  /// `swiftc` compiling another package, generated code or a script's scenarios, and what
  /// they build. Under `make sanitize` such a test would repeat `make test`'s run at the same
  /// cost and see nothing new, so it is skipped there, with this reason in the output
  /// (docs/development.md, "What the sanitizer runs skip").
  public static var notUnderSanitizers: Self {
    .disabled(
      if: isSanitized,
      "its work runs in swift build or swiftc, which no sanitizer instruments; make test runs it")
  }
}
