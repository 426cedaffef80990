package import LogStorage

extension HostError {
  /// A log store's error as the command line reports it: the same message, with the exit code
  /// of its kind.
  package init(_ error: LogStoreError) {
    switch error.kind {
    case .badInput: self.init(.badInput, error.message)
    case .usage: self.init(.usage, error.message)
    case .failure: self.init(.failure, error.message)
    }
  }

  /// Runs a log store's `operation`, a failure reported as the command line's error.
  package static func fromStore<R>(_ operation: () throws(LogStoreError) -> R) throws(HostError) -> R {
    do { return try operation() } catch { throw HostError(error) }
  }

  /// Runs a log store's asynchronous `operation`, a failure reported as the command line's error.
  package static func fromStore<R>(_ operation: () async throws(LogStoreError) -> R) async throws(HostError) -> R {
    do { return try await operation() } catch { throw HostError(error) }
  }
}
